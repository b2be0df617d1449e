// SQLite only (not in bothEngineTests.ts): it tests openDatabase itself: the SQLite file, its migrations, WAL and a file written by a newer Reelscope.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/server/db/database';
import { migrateDatabase } from '../../../src/server/db/migrate';
import { MIGRATIONS } from '../../../src/server/db/migrations/index';

describe('openDatabase and migrations', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'reelscope-db-'));
    file = join(dir, 'reelscope.sqlite');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('creates the schema, records every migration and sets the pragmas', () => {
    const db = openDatabase(file);
    const recorded = db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all();
    expect(recorded).toEqual(MIGRATIONS.map(({ version, name }) => ({ version, name })));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    db.close();
  });

  it('reopens an up-to-date database without re-running migrations and keeps its rows', () => {
    const db = openDatabase(file);
    db.prepare("INSERT INTO outbox (to_email, subject, body, created_at) VALUES ('a@b.co', 's', 'b', 'now')").run();
    db.close();
    const again = openDatabase(file);
    expect((again.prepare('SELECT COUNT(*) AS n FROM outbox').get() as { n: number }).n).toBe(1);
    expect((again.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get() as { n: number }).n).toBe(MIGRATIONS.length);
    again.close();
  });

  it('refuses a database written by a newer version, with a clear error', () => {
    openDatabase(file).close();
    const raw = new Database(file);
    raw.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'future', 'later')").run();
    raw.close();
    expect(() => openDatabase(file)).toThrow(/schema version 999.*only knows up to/);
  });

  it('rolls a failing migration back entirely and leaves the version unchanged', () => {
    const db = new Database(file);
    const steps = [
      { version: 1, name: 'one', up: 'CREATE TABLE a (x INTEGER);' },
      { version: 2, name: 'broken', up: 'CREATE TABLE b (x INTEGER); INSERT INTO nowhere VALUES (1);' },
    ];
    expect(() => migrateDatabase(db, steps)).toThrow();
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name IN ('a', 'b')").all()).toEqual([{ name: 'a' }]);
    expect(db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get()).toEqual({ v: 1 });
    db.close();
  });

  it('enforces foreign keys', () => {
    const db = openDatabase(file);
    expect(() => db.prepare("INSERT INTO brand_members (user_id, brand_id) VALUES ('nobody', 'nothing')").run()).toThrow(/FOREIGN KEY/);
    db.close();
  });
});
