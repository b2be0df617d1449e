/**
 * The live stream of a brand's changes (issue 29) over real HTTP on loopback, on the test engine: resuming after a cut
 * with Last-Event-ID, who may open it, and its end with the access token.
 */
import { connect } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIVE_CHANGES_PATH, LIVE_STREAMS_PER_USER, type LiveChange } from '../../../../src/shared/http/liveChanges.schemas';
import { TOKEN_SETTINGS } from '../../../../src/server/auth/tokenSettings';
import { createTestUser, send, signIn, startTestApp, type TestApp } from '../support/testServer';
import { readSse, type SseEvent } from './sseReader';

const CHANGES = 1000;
let t: TestApp;
let base: string;
let brandId: string;
let jwt: string;
let userId: string;
const videoIds = Array.from({ length: CHANGES }, (_, i) => `live-video-${String(i).padStart(4, '0')}`);

beforeEach(async () => {
  t = await startTestApp();
  const user = await createTestUser(t.sql, { email: 'maya@example.com', firstName: 'Maya', brands: [{ name: 'Glow' }] });
  brandId = user.brandIds[0]!;
  userId = user.id;
  const at = '2026-02-01T00:00:00.000Z';
  await t.sql.run(
    `INSERT INTO videos (id, brand_id, title, platform, video_url, created_at, updated_at) VALUES ${videoIds.map(() => "(?, ?, 'A video', 'youtube', 'https://v.example/1', ?, ?)").join(', ')}`,
    videoIds.flatMap((id) => [id, brandId, at, at]),
  );
  jwt = (await signIn(t.app, user)).jwt;
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterEach(async () => t.close());

const stream = (headers: Record<string, string>, onEvent: (event: SseEvent) => void, signal?: AbortSignal) =>
  readSse(`${base}/jwt_api${LIVE_CHANGES_PATH}`, { headers, signal }, onEvent);
const bearer = (extra: Record<string, string> = {}) => ({ authorization: `Bearer ${jwt}`, ...extra });
const saveNote = async (videoId: string, content: string) => {
  const response = await send(t.app, 'PUT', `/jwt_api/videos/${videoId}/video_note`, { content }, jwt);
  expect(response.statusCode, response.body).toBe(200);
};

/** Waits until `ready` arrived (the stream is open and its cursor given). */
const opened = () => {
  let resolve: () => void = () => undefined;
  const ready = new Promise<void>((r) => (resolve = r));
  return { ready, seen: (event: SseEvent) => event.event === 'ready' && resolve() };
};

describe('the live stream of the brand changes', () => {
  it(`resumes after a cut from its Last-Event-ID and delivers each of ${CHANGES} changes once, in order, with its author`, async () => {
    const received: { id: string; change: LiveChange }[] = [];
    let lastId = '';
    const onEvent = (event: SseEvent) => {
      if (event.id !== null) lastId = event.id;
      if (event.event === 'change') received.push({ id: event.id!, change: JSON.parse(event.data) as LiveChange });
    };
    const cut = new AbortController();
    const first = opened();
    const firstStream = stream(bearer(), (event) => (onEvent(event), first.seen(event)), cut.signal);
    await first.ready;
    for (const [i, videoId] of videoIds.entries()) {
      // The network drops the stream half way: what is written meanwhile waits in the log.
      if (i === CHANGES / 2) {
        cut.abort();
        await firstStream;
      }
      await saveNote(videoId, `note ${i}`);
    }
    const rest = new AbortController();
    const resumed = stream(bearer({ 'last-event-id': lastId }), (event) => {
      onEvent(event);
      if (received.length === CHANGES) rest.abort();
    }, rest.signal);
    await resumed;

    expect(received.map((r) => r.change.video_id)).toEqual(videoIds);
    expect(new Set(received.map((r) => r.id)).size).toBe(CHANGES);
    expect(received[0]!.change).toMatchObject({ kind: 'note', target_kind: 'video', target_id: videoIds[0], by: { name: 'Maya' } });
  }, 120_000);

  it("reports a teammate's flag and note on the same stream, and nothing of another brand", async () => {
    const other = await createTestUser(t.sql, { email: 'lee@example.com', brands: [{ name: 'Dew' }] });
    const otherJwt = (await signIn(t.app, other)).jwt;
    const kinds: string[] = [];
    const done = new AbortController();
    const first = opened();
    const reading = stream(bearer(), (event) => {
      first.seen(event);
      if (event.event === 'change') kinds.push((JSON.parse(event.data) as LiveChange).kind);
      if (kinds.length === 2) done.abort();
    }, done.signal);
    await first.ready;
    expect((await send(t.app, 'PUT', '/jwt_api/videos/none/video_note', { content: 'x' }, otherJwt)).statusCode).toBe(404);
    expect((await send(t.app, 'POST', '/jwt_api/videos/flag_videos', { video_ids: [videoIds[0]], reason: 'Spam or misleading' }, jwt)).statusCode).toBe(200);
    await saveNote(videoIds[1]!, 'second');
    await reading;
    expect(kinds).toEqual(['flag', 'note']);
  });

  it("keeps a teammate's favorite off the stream (it is theirs alone), and still reports their flag", async () => {
    const sam = await createTestUser(t.sql, { email: 'sam@example.com', firstName: 'Sam' });
    await t.sql.run("INSERT INTO brand_members (user_id, brand_id, role) VALUES (?, ?, 'member')", [sam.id, brandId]);
    const samJwt = (await signIn(t.app, sam)).jwt;
    const kinds: string[] = [];
    const done = new AbortController();
    const first = opened();
    const reading = stream(bearer(), (event) => {
      first.seen(event);
      if (event.event !== 'change') return;
      kinds.push((JSON.parse(event.data) as LiveChange).kind);
      done.abort();
    }, done.signal);
    await first.ready;
    expect((await send(t.app, 'POST', '/jwt_api/videos/favorite_videos', { video_ids: [videoIds[0]] }, samJwt)).statusCode).toBe(200);
    expect((await send(t.app, 'POST', '/jwt_api/videos/flag_videos', { video_ids: [videoIds[1]], reason: 'Spam or misleading' }, samJwt)).statusCode).toBe(200);
    await reading;
    expect(kinds).toEqual(['flag']);
  });

  it('refuses a request without a valid bearer, and more than the streams a user may hold', async () => {
    expect(await stream({}, () => undefined)).toBe(401);
    expect(await stream({ authorization: 'Bearer not-a-token' }, () => undefined)).toBe(401);
    const windows = Array.from({ length: LIVE_STREAMS_PER_USER }, () => new AbortController());
    const open = windows.map((window) => {
      const o = opened();
      return { done: stream(bearer(), o.seen, window.signal), ready: o.ready };
    });
    await Promise.all(open.map((o) => o.ready));
    const refused = await fetch(`${base}/jwt_api${LIVE_CHANGES_PATH}`, { headers: bearer() });
    expect(refused.status).toBe(429);
    expect((await refused.json()) as object).toMatchObject({ message: expect.stringContaining('Close one of them') });
    for (const window of windows) window.abort();
    await Promise.all(open.map((o) => o.done));
  });

  it('ends the stream of a teammate removed through the team routes at once, with no other write, and refuses it again', async () => {
    const sam = await createTestUser(t.sql, { email: 'sam@example.com', firstName: 'Sam' });
    await t.sql.run("INSERT INTO brand_members (user_id, brand_id, role) VALUES (?, ?, 'member')", [sam.id, brandId]);
    const samJwt = (await signIn(t.app, sam)).jwt;
    const first = opened();
    const samStream = stream({ authorization: `Bearer ${samJwt}` }, first.seen);
    await first.ready;
    const removal = await fetch(`${base}/jwt_api/brands/${brandId}/team/members/${sam.id}`, { method: 'DELETE', headers: bearer() });
    expect(removal.status, await removal.text()).toBe(200);
    expect(await samStream).toBe(200);
    expect(await stream({ authorization: `Bearer ${samJwt}` }, () => undefined)).toBeGreaterThanOrEqual(400);
  });

  it('ends with an expired event when its access token ends, and refuses the expired token', async () => {
    // The token has a moment left: the stream opens, then ends when it runs out.
    t.clock.advance(TOKEN_SETTINGS.accessTtlSeconds * 1000 - 200);
    const events: string[] = [];
    expect(await stream(bearer(), (event) => events.push(event.event))).toBe(200);
    expect(events).toEqual(['ready', 'expired']);
    t.clock.advance(1000);
    expect(await stream(bearer(), () => undefined)).toBe(401);
  });

  it(`gives back the place of a stream whose client left before the answer: after 12 abandoned opens, ${LIVE_STREAMS_PER_USER} streams open`, async () => {
    const { hostname, port } = new URL(base);
    // Each client sends the request and hangs up at once, while the back end is still opening its stream.
    await Promise.all(Array.from({ length: 12 }, () => new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => {
        socket.end(`GET /jwt_api${LIVE_CHANGES_PATH} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${jwt}\r\n\r\n`);
        socket.destroy();
      });
      socket.once('close', () => resolve());
      socket.once('error', reject);
    })));
    // The back end may still be finishing those opens: a moment later every place is free (an abandoned one never was).
    const deadline = Date.now() + 5_000;
    let statuses: number[];
    for (;;) {
      const windows = Array.from({ length: LIVE_STREAMS_PER_USER }, () => new AbortController());
      const open = windows.map((window) => {
        const o = opened();
        return { done: stream(bearer(), o.seen, window.signal), ready: o.ready };
      });
      statuses = await Promise.all(open.map((o) => Promise.race([o.ready.then(() => 200), o.done])));
      for (const window of windows) window.abort();
      await Promise.all(open.map((o) => o.done));
      if (statuses.every((status) => status === 200) || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(statuses).toEqual(Array.from({ length: LIVE_STREAMS_PER_USER }, () => 200));
  });

  it("takes the identity pair every route takes (its own user_id opens it, another's is refused) and is documented as an event stream", async () => {
    const events: string[] = [];
    const done = new AbortController();
    const url = `${base}/jwt_api${LIVE_CHANGES_PATH}?brand_id=${brandId}&user_id=${userId}`;
    expect(await readSse(url, { headers: bearer(), signal: done.signal }, (event) => (events.push(event.event), done.abort()))).toBe(200);
    expect(events).toEqual(['ready']);
    expect((await fetch(`${base}/jwt_api${LIVE_CHANGES_PATH}?user_id=someone-else`, { headers: bearer() })).status).toBe(404);

    const doc = (await (await fetch(`${base}/openapi.json`)).json()) as {
      paths: Record<string, { get: { parameters: { name: string }[]; responses: Record<string, { content?: Record<string, unknown> }> } }>;
    };
    const operation = doc.paths[`/jwt_api${LIVE_CHANGES_PATH}`]!.get;
    expect(operation.parameters.map((parameter) => parameter.name).sort()).toEqual(['brand_id', 'user_id']);
    expect(Object.keys(operation.responses['200']?.content ?? {})).toEqual(['text/event-stream']);
  });
});
