/**
 * Live streams across back-end instances (issue 29) on PostgreSQL: two apps over one database, each with its own pool
 * and notice listener, as two instances behind a load balancer. A note saved through one reaches a stream open on the
 * other, and a teammate removed through one has their stream on the other cut at once. (SQLite is one process per file: its in-process wake-up is what tests/unit/server/live covers.)
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../../src/server/app';
import { createPostgresNotifier } from '../../../../src/server/db/changeNotifier';
import { openPostgresDatabase } from '../../../../src/server/db/postgres/database';
import { createPostgresClient } from '../../../../src/server/db/postgres/postgresClient';
import { LIVE_CHANGES_PATH, type LiveChange } from '../../../../src/shared/http/liveChanges.schemas';
import { usePgTestCluster } from '../postgres/support/pgTestCluster';
import { readSse } from '../live/sseReader';
import { createTestUser, send, signIn } from '../support/testServer';

const cluster = usePgTestCluster();
const secret = randomBytes(64);
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** One instance: its own pool, its own listener, the app on them. */
async function instance(url: string): Promise<FastifyInstance> {
  const pool = await openPostgresDatabase(url);
  const notifier = createPostgresNotifier(pool);
  const app = await buildApp({ sql: createPostgresClient(pool), notifier, jwtSecret: secret });
  // As the server entry does on a stop (app.ts, CLOSE_GRACE_MS): a connection still open after a grace is cut, so a
  // stream whose client went away unseen on a busy machine cannot hold the close.
  const close = async () => {
    const cut = setTimeout(() => app.server.closeAllConnections(), 2_000);
    await app.close().finally(() => clearTimeout(cut));
  };
  closers.push(() => pool.end(), () => notifier.close(), close);
  return app;
}

/** Two instances over one new database, and a client of the test's own for its setup. */
async function twoInstances() {
  const url = await cluster.createDatabase();
  const [a, b] = [await instance(url), await instance(url)];
  const setupPool = await openPostgresDatabase(url);
  closers.push(() => setupPool.end());
  return { a, b, sql: createPostgresClient(setupPool) };
}

describe('live streams across instances on PostgreSQL', () => {
  it('a note saved through one instance reaches the stream a teammate has open on the other', async () => {
    const { a, b, sql } = await twoInstances();
    const user = await createTestUser(sql, { email: 'maya@example.com', firstName: 'Maya', brands: [{ name: 'Glow' }] });
    await sql.run("INSERT INTO videos (id, brand_id, title, platform, video_url, created_at, updated_at) VALUES ('v1', ?, 'A video', 'youtube', 'https://v.example/1', 'x', 'x')", [user.brandIds[0]!]);
    const { jwt } = await signIn(a, user);
    const base = await b.listen({ host: '127.0.0.1', port: 0 });

    const changes: LiveChange[] = [];
    const done = new AbortController();
    let ready: () => void = () => undefined;
    const opened = new Promise<void>((resolve) => (ready = resolve));
    const reading = readSse(`${base}/jwt_api${LIVE_CHANGES_PATH}`, { headers: { authorization: `Bearer ${jwt}` }, signal: done.signal }, (event) => {
      if (event.event === 'ready') ready();
      if (event.event !== 'change') return;
      changes.push(JSON.parse(event.data) as LiveChange);
      done.abort();
    });
    await opened;
    expect((await send(a, 'PUT', '/jwt_api/videos/v1/video_note', { content: 'Seen by the team' }, jwt)).statusCode).toBe(200);
    await reading;
    expect(changes).toEqual([{ kind: 'note', target_kind: 'video', target_id: 'v1', video_id: 'v1', by: { user_id: user.id, name: 'Maya' } }]);
  });

  it('a teammate removed through one instance has their stream on the other cut by the removal itself, before any heartbeat', async () => {
    const { a, b, sql } = await twoInstances();
    const manager = await createTestUser(sql, { email: 'maya@example.com', firstName: 'Maya', brands: [{ name: 'Glow' }] });
    const brandId = manager.brandIds[0]!;
    const sam = await createTestUser(sql, { email: 'sam@example.com', firstName: 'Sam' });
    await sql.run("INSERT INTO brand_members (user_id, brand_id, role) VALUES (?, ?, 'member')", [sam.id, brandId]);
    const managerJwt = (await signIn(a, manager)).jwt;
    const samJwt = (await signIn(b, sam)).jwt;
    const base = await b.listen({ host: '127.0.0.1', port: 0 });

    const events: { event: string; data: string }[] = [];
    const comments: string[] = [];
    let ready: () => void = () => undefined;
    const opened = new Promise<void>((resolve) => (ready = resolve));
    const reading = readSse(`${base}/jwt_api${LIVE_CHANGES_PATH}`, { headers: { authorization: `Bearer ${samJwt}` } }, (event) => {
      events.push(event);
      if (event.event === 'ready') ready();
    }, (comment) => comments.push(comment));
    await opened;
    const removal = await send(a, 'DELETE', `/jwt_api/brands/${brandId}/team/members/${sam.id}`, undefined, managerJwt);
    expect(removal.statusCode, removal.body).toBe(200);
    // The stream ends by itself (the server closes it): what ended it is the removal read from the change log, not a
    // heartbeat's membership check (LIVE_HEARTBEAT_MS later), and Sam saw nothing after it.
    expect(await reading).toBe(200);
    expect(comments.filter((comment) => comment === 'heartbeat')).toEqual([]);
    const last = events.at(-1);
    expect(last?.event).toBe('change');
    expect(JSON.parse(last?.data ?? '{}')).toMatchObject({ kind: 'team', target_kind: 'removed_member', target_id: sam.id });
  });
});
