// SQLite only (not in bothEngineTests.ts): it reads and damages the list index snapshot inside the SQLite file.
import { randomBytes } from 'node:crypto';
import { deserialize, serialize } from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../../src/server/app';
import { DEMO_ACCOUNTS } from '../../../../src/shared/demoAccounts';
import type { VideoListResponse } from '../../../../src/shared/http/videos.schemas';
import { signIn } from '../support/testServer';
import { referenceIds } from './support/listReference';
import { openVideoWorkspace, type VideoWorkspace } from './support/videoWorkspace';

// A start restores the list index from the snapshot saved in the database and replays the writes logged after it:
// what it answers must be what a fresh load answers (the SQL reference).
let w: VideoWorkspace;
beforeAll(async () => {
  w = await openVideoWorkspace(0.2);
}, 120_000);
afterAll(async () => w.close());

/** A second back end on the same database, as after a restart. */
async function restart(): Promise<{ app: FastifyInstance; list: (query: Record<string, string>) => Promise<{ count: number; ids: string[]; reference: string[] }> }> {
  const app = await buildApp({ db: w.db, jwtSecret: randomBytes(64), dataDir: w.dataDir, now: () => new Date('2026-11-22T10:00:00.000Z') });
  const { jwt } = await signIn(app, DEMO_ACCOUNTS.brandManager);
  const list = async (query: Record<string, string>) => {
    const params = new URLSearchParams({ brand_id: w.brandId, user_id: w.userId, per_page: '100', ...query });
    const headers = { authorization: `Bearer ${jwt}` };
    const response = await app.inject({ url: `/jwt_api/videos?${params}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as VideoListResponse;
    const reference = referenceIds(w.db, { brandId: w.brandId, competitorIds: w.competitorIds, userId: w.userId }, Object.fromEntries(params), new Date('2026-11-22T10:00:00.000Z'));
    return { count: page.data.count, ids: page.videos.map((video) => video._id), reference: reference.slice(0, 100) };
  };
  return { app, list };
}

describe('the saved list index', () => {
  it('is saved by the seed and, after writes, restored and brought up to date on a restart', async () => {
    const saved = w.db.prepare("SELECT seq FROM search_snapshots WHERE name = 'video_columns'").pluck().get() as number;
    expect(saved).toBeGreaterThanOrEqual(0);
    const ids = w.db.prepare('SELECT id FROM videos WHERE brand_id = ? ORDER BY id').pluck().all(w.brandId) as string[];
    w.db.prepare("UPDATE videos SET title = 'Snapshot Zebra review', sentiment_positive = 0.999 WHERE id = ?").run(ids[0]);
    w.db.prepare('DELETE FROM videos WHERE id = ?').run(ids[1]);
    expect(w.db.prepare('SELECT MAX(seq) FROM video_search_log').pluck().get()).toBeGreaterThan(saved);

    const { app, list } = await restart();
    try {
      const found = await list({ search: 'snapshot zebra' });
      expect(found.ids).toEqual([ids[0]]);
      const queries: Record<string, string>[] = [{}, { sort: 'highest_sentiment' }, { tab: 'Competition', sort: 'newest_videos' }];
      for (const query of queries) {
        const answer = await list(query);
        expect(answer.ids, JSON.stringify(query)).toEqual(answer.reference);
        expect(answer.ids).not.toContain(ids[1]);
      }
      expect((await list({ sort: 'highest_sentiment' })).ids[0]).toBe(ids[0]);
    } finally {
      await app.close();
    }
  });

  it('loads afresh from a damaged snapshot, answers the same, and saves a good one', async () => {
    w.db.prepare("UPDATE search_snapshots SET data = x'00ff' WHERE name = 'video_columns'").run();
    const { app, list } = await restart();
    try {
      const answer = await list({ sort: 'newest_videos' });
      expect(answer.count).toBeGreaterThan(0);
      expect(answer.ids).toEqual(answer.reference);
      expect((w.db.prepare("SELECT length(data) FROM search_snapshots WHERE name = 'video_columns'").pluck().get() as number)).toBeGreaterThan(1000);
    } finally {
      await app.close();
    }
  });

  it('grows its columns for videos added after a restore and lists them', async () => {
    const ids = w.db.prepare('SELECT id FROM videos WHERE brand_id = ? ORDER BY id').pluck().all(w.brandId) as string[];
    const { app, list } = await restart();
    try {
      expect((await list({})).count).toBeGreaterThan(0);
      // Copies of a video with new ids (and new rowids past the restored columns' end), added while the back end runs.
      w.db.exec('CREATE TEMP TABLE copied AS SELECT * FROM videos WHERE 0');
      const added: string[] = [];
      for (let i = 0; i < 40; i++) {
        w.db.prepare('INSERT INTO copied SELECT * FROM videos WHERE id = ?').run(ids[2]);
        w.db.prepare("UPDATE copied SET id = ?, title = 'Grown column ' || ?, created_at = '2026-11-21T09:00:00.000Z'").run(`grown-${i}`, i);
        w.db.exec('INSERT INTO videos SELECT * FROM copied; DELETE FROM copied');
        added.push(`grown-${i}`);
      }
      w.db.exec('DROP TABLE copied');
      const found = await list({ search: 'grown column' });
      expect(found.count).toBe(40);
      expect([...found.ids].sort()).toEqual([...added].sort());
      const newest = await list({});
      expect(newest.ids).toEqual(newest.reference);
    } finally {
      await app.close();
    }
  });

  it('follows product lists changed after a restore, to a list no video had and to one another video has', async () => {
    const { app: first } = await restart();
    await first.close();
    const { app, list } = await restart();
    try {
      const [a = '', b = '', c = ''] = w.db.prepare('SELECT id FROM videos WHERE brand_id = ? ORDER BY id LIMIT 3').pluck().all(w.brandId) as string[];
      const products = w.db.prepare('SELECT id FROM products ORDER BY id').pluck().all() as string[];
      const [p1 = '', p2 = '', p3 = ''] = products;
      expect((await list({})).count).toBeGreaterThan(0);
      const setProducts = (videoId: string, ids: readonly string[]): void => {
        w.db.prepare('DELETE FROM video_products WHERE video_id = ?').run(videoId);
        for (const id of ids) w.db.prepare('INSERT INTO video_products (video_id, product_id) VALUES (?, ?)').run(videoId, id);
        // A write the index follows (the log), as the app's own product edits make.
        w.db.prepare("UPDATE videos SET title = title || ' ' WHERE id = ?").run(videoId);
      };
      setProducts(a, [p3, p2, p1]);
      setProducts(b, [p3, p2, p1]);
      setProducts(c, [p2]);
      for (const product of [p1, p2, p3]) {
        const answer = await list({ filters: JSON.stringify({ product: [product] }) });
        expect(answer.ids, product).toEqual(answer.reference);
      }
    } finally {
      await app.close();
    }
  });

  it('loads afresh from a snapshot that reads but does not fit (a column cut short)', async () => {
    const { app: first } = await restart();
    await first.close();
    const data = w.db.prepare("SELECT data FROM search_snapshots WHERE name = 'video_columns'").pluck().get() as Buffer;
    const snapshot = deserialize(data) as { codes: Record<string, Int32Array> };
    snapshot.codes.brand = (snapshot.codes.brand ?? new Int32Array(0)).slice(0, 10);
    w.db.prepare("UPDATE search_snapshots SET data = ? WHERE name = 'video_columns'").run(serialize(snapshot));
    const { app, list } = await restart();
    try {
      const queries: Record<string, string>[] = [{}, { tab: 'Competition' }, { sort: 'lowest_sentiment' }];
    for (const query of queries) {
        const answer = await list(query);
        expect(answer.count).toBeGreaterThan(0);
        expect(answer.ids, JSON.stringify(query)).toEqual(answer.reference);
      }
    } finally {
      await app.close();
    }
  });
});
