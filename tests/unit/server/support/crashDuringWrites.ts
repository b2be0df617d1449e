/**
 * The back end killed with SIGKILL while several clients write over real HTTP (notes in any script, favorites), then
 * started again on the same database: every write it acknowledged is there, the seed is not run again over the user's
 * data, and the list index (restored from its snapshot and the write log) agrees with the rows. One scenario, run on
 * the embedded SQLite file (crashDuringWrites.test.ts) and on a team server's PostgreSQL (postgres/crashDuringWrites.test.ts).
 */
import { expect } from 'vitest';
import { call, signIn, type Session } from './apiSession';
import { readyMessage, startCli } from './cliProcess';

async function favorites(session: Session): Promise<{ count: number; ids: string[] }> {
  const body = (await (await call(session, 'GET', '/jwt_api/videos?tab=Favorites&per_page=100')).json()) as { data: { count: number }; videos: { _id: string }[] };
  return { count: body.data.count, ids: body.videos.map((video) => video._id) };
}

/**
 * Runs the scenario with the back end's command line started twice with `env` (the same database both times);
 * `afterKill` checks the database itself between the kill and the second start (the engine's own integrity check).
 */
export async function killDuringWritesAndRestart(env: Record<string, string>, afterKill: () => Promise<void> | void): Promise<void> {
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

  await afterKill();

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
}
