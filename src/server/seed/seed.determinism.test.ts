// SQLite only (not in bothEngineTests.ts): it tests the embedded demo seed itself, which writes the SQLite file (a team server gets it moved: postgres/moveToPostgres.test.ts).
import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../shared/demoAccounts';
import { verifyPassword } from '../auth/passwords';
import { seedDemoWorkspace, type SeedSummary } from './index';
import { openTempWorkspace, type TempWorkspace } from './testDb';

/** Hash of every row of every content table; password hashes (random salts) and migration times left out. */
function contentHash(db: Database.Database): string {
  const tables = db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'transcript_fts%' AND name <> 'schema_migrations' ORDER BY name`)
    .pluck()
    .all() as string[];
  const hash = createHash('sha256');
  for (const table of tables) {
    const rows = (db.prepare(`SELECT * FROM ${table}`).all() as Record<string, unknown>[]).map((row) => {
      const { password_hash: _ignored, last_sign_in_at: _signIn, ...rest } = row;
      return JSON.stringify(rest);
    });
    rows.sort();
    hash.update(`${table}\n${rows.join('\n')}\n`);
  }
  return hash.digest('hex');
}

describe('seedDemoWorkspace determinism', () => {
  let first: TempWorkspace;
  let second: TempWorkspace;
  let summaries: SeedSummary[];

  beforeAll(async () => {
    first = openTempWorkspace();
    second = openTempWorkspace();
    summaries = [
      // The same day at different hours: the anchor is the day.
      await seedDemoWorkspace(first.db, { mediaDir: first.mediaDir, createdAt: new Date('2026-11-26T01:00:00Z') }),
      await seedDemoWorkspace(second.db, { mediaDir: second.mediaDir, createdAt: new Date('2026-11-26T23:30:00Z') }),
    ];
  });
  afterAll(() => {
    first.dispose();
    second.dispose();
  });

  it('writes identical content twice', () => {
    expect(summaries[0]).toEqual(summaries[1]);
    expect(contentHash(first.db)).toBe(contentHash(second.db));
  });

  it('finds the same video by full-text search in both', () => {
    const query = `SELECT l.video_id FROM transcript_fts f JOIN transcript_lines l ON l.id = f.rowid WHERE transcript_fts MATCH ? ORDER BY l.id LIMIT 5`;
    const a = first.db.prepare(query).pluck().all('"night repair"');
    expect(a.length).toBeGreaterThan(0);
    expect(second.db.prepare(query).pluck().all('"night repair"')).toEqual(a);
  });

  it('stores a working password hash for the demo accounts', async () => {
    const stored = first.db.prepare('SELECT password_hash FROM users WHERE email = ?').pluck().get(DEMO_ACCOUNTS.brandManager.email) as string;
    expect(await verifyPassword(DEMO_ACCOUNTS.brandManager.password, stored)).toBe(true);
  });

  it('refuses to seed a database that already has users', async () => {
    await expect(seedDemoWorkspace(first.db, { mediaDir: first.mediaDir })).rejects.toThrow(/already has users/);
  });
});
