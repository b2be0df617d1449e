import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createServer, type RunningServer } from '../../../../src/server/app';
import { DEMO_ACCOUNTS } from '../../../../src/shared/demoAccounts';
import { MESSAGES } from '../../../../src/shared/messages';
import { usePgTestCluster } from './support/pgTestCluster';

// The back end as a team server (issue 27): REELSCOPE_DATABASE_URL set, a real PostgreSQL on loopback, real HTTP.

const saved = process.env.REELSCOPE_DATABASE_URL;
afterEach(() => {
  if (saved === undefined) delete process.env.REELSCOPE_DATABASE_URL;
  else process.env.REELSCOPE_DATABASE_URL = saved;
});

const pgCluster = usePgTestCluster();
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'reelscope-team-'));
  dirs.push(dir);
  return dir;
}

async function call(server: RunningServer, path: string, init: { jwt?: string; method?: string; body?: unknown } = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.jwt ? { authorization: `Bearer ${init.jwt}` } : {}), ...(init.body ? { 'content-type': 'application/json' } : {}) },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('the back end on PostgreSQL (REELSCOPE_DATABASE_URL)', () => {
  it('refuses a database it cannot reach with one line naming the host and the cause, and makes no SQLite file', async () => {
    const dir = dataDir();
    process.env.REELSCOPE_DATABASE_URL = 'postgres://reelscope@127.0.0.1:1/reelscope';
    await expect(createServer({ dataDir: dir, port: 0, seed: false })).rejects.toThrow(/127\.0\.0\.1:1.*nothing answers on that port/);
    expect(existsSync(join(dir, 'reelscope.sqlite'))).toBe(false);
  });

  it('seeds the demo workspace, lists, searches transcripts, follows a write, then answers 503 while PostgreSQL is down and recovers by itself', async () => {
    const url = await pgCluster.createDatabase();
    const dir = dataDir();
    process.env.REELSCOPE_DATABASE_URL = url;
    const server = await createServer({ dataDir: dir, port: 0, seed: { scale: 0.05 } });
    try {
      expect(server.db).toBeNull();
      expect(existsSync(join(dir, 'reelscope.sqlite'))).toBe(false);
      const login = await call(server, '/jwt_api/login', { method: 'POST', body: DEMO_ACCOUNTS.brandManager });
      expect(login.status).toBe(200);
      const jwt = login.body.jwt as string;
      const identity = `brand_id=${(login.body.currentBrand as { _id: string })._id}&user_id=${(login.body.currentUser as { _id: string })._id}`;

      const list = await call(server, `/jwt_api/videos?${identity}&per_page=10`, { jwt });
      expect(list.status).toBe(200);
      const count = (list.body.data as { count: number }).count;
      expect(count).toBeGreaterThan(0);

      // A word a seeded transcript line says, found through the transcript search, the line shown under the video.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query<{ content: string }>("SELECT content FROM transcript_lines tl JOIN videos v ON v.id = tl.video_id WHERE v.language = 'en' ORDER BY tl.id LIMIT 1");
      await client.end();
      const word = (rows[0]?.content ?? '').split(' ').find((part) => part.length >= 5) ?? '';
      const found = await call(server, `/jwt_api/videos?${identity}&search=${encodeURIComponent(word)}&search_in=transcript`, { jwt });
      expect(found.status).toBe(200);
      const videos = found.body.videos as { _id: string; transcript_match: { content: string } | null }[];
      expect(videos.length).toBeGreaterThan(0);
      expect(videos.some((video) => video.transcript_match?.content.toLowerCase().includes(word.toLowerCase()))).toBe(true);

      // A write is in the next answer: the favorited video is in Favorites.
      const first = (list.body.videos as { _id: string }[])[0]?._id ?? '';
      expect((await call(server, '/jwt_api/videos/favorite_videos', { jwt, method: 'POST', body: { video_ids: [first], ...Object.fromEntries(new URLSearchParams(identity)) } })).status).toBe(200);
      const favorites = await call(server, `/jwt_api/videos?${identity}&tab=Favorites`, { jwt });
      expect((favorites.body.videos as { _id: string }[]).map((video) => video._id)).toContain(first);

      expect((await call(server, `/jwt_api/home?${identity}`, { jwt })).status).toBe(200);

      await pgCluster.cluster.pause();
      try {
        const down = await call(server, `/jwt_api/videos?${identity}&tab=Favorites`, { jwt });
        expect(down).toEqual({ status: 503, body: expect.objectContaining({ message: MESSAGES.serverDown }) });
        expect((await call(server, '/readyz')).status).toBe(503);
      } finally {
        await pgCluster.cluster.resume();
      }
      // Back without a restart: the pool reconnects on the next request.
      let again = await call(server, `/jwt_api/videos?${identity}&tab=Favorites`, { jwt });
      for (let attempt = 0; attempt < 50 && again.status !== 200; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        again = await call(server, `/jwt_api/videos?${identity}&tab=Favorites`, { jwt });
      }
      expect(again.status).toBe(200);
      expect((again.body.videos as { _id: string }[]).map((video) => video._id)).toContain(first);
      expect((await call(server, '/readyz')).status).toBe(200);
    } finally {
      await server.close();
    }
  }, 180_000);
});
