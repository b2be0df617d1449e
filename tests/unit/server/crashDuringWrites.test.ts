// SQLite only (not in bothEngineTests.ts): it kills the embedded back end while it writes its SQLite file (tests/unit/server/postgres covers PostgreSQL).
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../../src/shared/demoAccounts';
import { readyMessage, startCli, useTempDir } from './support/cliProcess';

// The back end killed with SIGKILL while several clients write over real HTTP (notes in any script, favorites), then
// started again on the same folder: the database is intact, every write it acknowledged is there, the seed is not run
// again over the user's data, and the list index (restored from its snapshot and the write log) agrees with the rows.

interface Session {
  url: string;
  headers: Record<string, string>;
  identity: { brand_id: string; user_id: string };
}

async function signIn(url: string): Promise<Session> {
  const { email, password } = DEMO_ACCOUNTS.brandManager;
  const response = await fetch(`${url}/jwt_api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  const body = (await response.json()) as { jwt: string; currentUser: { _id: string }; currentBrand: { _id: string } };
  return { url, headers: { authorization: `Bearer ${body.jwt}`, 'content-type': 'application/json' }, identity: { brand_id: body.currentBrand._id, user_id: body.currentUser._id } };
}

async function call(session: Session, method: string, path: string, body?: object): Promise<Response> {
  const query = method === 'GET' ? `${path.includes('?') ? '&' : '?'}${new URLSearchParams(session.identity)}` : '';
  return fetch(`${session.url}${path}${query}`, { method, headers: session.headers, ...(body ? { body: JSON.stringify({ ...session.identity, ...body }) } : {}) });
}

async function favorites(session: Session): Promise<{ count: number; ids: string[] }> {
  const body = (await (await call(session, 'GET', '/jwt_api/videos?tab=Favorites&per_page=100')).json()) as { data: { count: number }; videos: { _id: string }[] };
  return { count: body.data.count, ids: body.videos.map((video) => video._id) };
}

describe('a back end killed during writes', () => {
  const temp = useTempDir('reelscope-crash-');

  it('keeps every acknowledged write and starts again whole', async () => {
    const env = { REELSCOPE_PORT: '0', REELSCOPE_DATA_DIR: temp.path, REELSCOPE_SEED: '1' };
    const first = startCli(env);
    const session = await signIn((await readyMessage(first.child)).url);
    const list = (await (await call(session, 'GET', '/jwt_api/videos?per_page=100')).json()) as { videos: { _id: string; is_favorite: boolean }[] };
    const videos = list.videos.filter((video) => !video.is_favorite).map((video) => video._id);
    const before = await favorites(session);
    expect(videos.length).toBeGreaterThan(40);

    // Per video: the notes sent, in order, and how many of them were acknowledged; the favorites acknowledged.
    const notes = new Map<string, { sent: string[]; acknowledged: number }>();
    const favorited = new Set<string>();
    const sentFavorites = new Set<string>();
    let acknowledged = 0;
    let killed = false;
    const worker = async (lane: number, lanes: number) => {
      for (let round = 0; !killed; round++) {
        for (let i = lane; i < videos.length && !killed; i += lanes) {
          const id = videos[i] ?? '';
          const content = `note ${round}:${i} — مرحبا ✓ 日本 ${'x'.repeat(round % 7)}`;
          const entry = notes.get(id) ?? { sent: [], acknowledged: 0 };
          notes.set(id, entry);
          entry.sent.push(content);
          try {
            const saved = await call(session, 'PUT', `/jwt_api/videos/${id}/video_note`, { content });
            if (saved.ok) entry.acknowledged = entry.sent.length;
            if (round === 0 && i % 3 === 0) {
              sentFavorites.add(id);
              if ((await call(session, 'POST', '/jwt_api/videos/favorite_videos', { video_ids: [id] })).ok) favorited.add(id);
            }
            acknowledged += 1;
          } catch {
            return; // The connection died with the process.
          }
        }
      }
    };
    const workers = [0, 1, 2, 3].map((lane) => worker(lane, 4));
    while (acknowledged < 120) await new Promise((done) => setTimeout(done, 5));
    first.child.kill('SIGKILL');
    killed = true;
    await first.exited;
    await Promise.all(workers);
    expect(favorited.size).toBeGreaterThan(5);
    expect([...notes.values()].filter((entry) => entry.acknowledged > 0).length).toBeGreaterThan(40);

    const db = new Database(join(temp.path, 'reelscope.sqlite'));
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();

    const second = startCli(env);
    const again = await signIn((await readyMessage(second.child)).url);
    try {
      for (const [id, entry] of notes) {
        if (entry.acknowledged === 0) continue;
        const note = (await (await call(again, 'GET', `/jwt_api/videos/${id}/video_note`)).json()) as { note: { content: string } | null };
        // The last acknowledged note, or one sent after it whose answer the kill cut off.
        expect(entry.sent.slice(entry.acknowledged - 1)).toContain(note.note?.content);
      }
      const after = await favorites(again);
      for (const id of favorited) expect(after.ids).toContain(id);
      expect(after.count).toBeGreaterThanOrEqual(before.count + favorited.size);
      expect(after.count).toBeLessThanOrEqual(before.count + sentFavorites.size);
      // The index's count is the rows' count.
      expect(after.ids.length).toBe(Math.min(after.count, 100));
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  }, 120_000);
});
