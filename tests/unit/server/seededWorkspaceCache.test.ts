import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seedDemoWorkspace } from '../../../src/server/seed/index';
import { firstValue, firstValues, openTestDatabase, type TestDatabase } from './support/testEngine';

const folders: string[] = [];
const opened: TestDatabase[] = [];
afterAll(async () => {
  for (const database of opened) await database.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A data folder with a demo workspace of `key`'s seed in it, counting in `runs` how often the seed really ran. */
async function workspace(key: string, runs: { count: number }): Promise<{ database: TestDatabase; mediaDir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'reelscope-cache-'));
  folders.push(dir);
  const mediaDir = join(dir, 'media');
  const database = await openTestDatabase({
    dir,
    seed: async (db) => {
      runs.count += 1;
      await seedDemoWorkspace(db, { mediaDir, scale: 0.05, creatorScale: 0.05, createdAt: new Date('2026-11-22T10:00:00Z') });
    },
    cached: { key, mediaDir },
  });
  opened.push(database);
  return { database, mediaDir };
}

// The test files of a run share each deterministic seed (tests/unit/server/support/seedCache.setup.ts): it runs once,
// and every later workspace is a copy of it, the same rows and media, but a database of its own.
describe('a seeded workspace asked for again in the same run', () => {
  const key = `seededWorkspaceCache ${randomUUID()}`;
  const runs = { count: 0 };

  it('is seeded once and copied after, with the same rows and the same media', async () => {
    const first = await workspace(key, runs);
    const second = await workspace(key, runs);
    expect(runs.count).toBe(1);
    const ids = (w: TestDatabase) => firstValues<string>(w.sql, 'SELECT id FROM videos ORDER BY id');
    expect((await ids(first.database)).length).toBeGreaterThan(0);
    expect(await ids(second.database)).toEqual(await ids(first.database));
    const users = async (w: TestDatabase) => Number(await firstValue(w.sql, 'SELECT COUNT(*) FROM users'));
    expect(await users(second.database)).toBe(await users(first.database));
    expect(existsSync(second.mediaDir)).toBe(true);
    expect(readdirSync(second.mediaDir, { recursive: true }).sort()).toEqual(readdirSync(first.mediaDir, { recursive: true }).sort());
  });

  it('gives each caller a database of its own: a change in one is not in the next copy', async () => {
    const mine = await workspace(key, runs);
    await mine.database.sql.run("UPDATE videos SET title = 'changed here only'");
    const next = await workspace(key, runs);
    expect(runs.count).toBe(1);
    expect(Number(await firstValue(next.database.sql, "SELECT COUNT(*) FROM videos WHERE title = 'changed here only'"))).toBe(0);
    expect(Number(await firstValue(mine.database.sql, "SELECT COUNT(*) FROM videos WHERE title = 'changed here only'"))).toBeGreaterThan(0);
  });

  it('seeds again for a different seed', async () => {
    const other = { count: 0 };
    await workspace(`${key} other`, other);
    expect(other.count).toBe(1);
  });
});
