import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../src/server/db/database';
import type { Migration } from '../../../../src/server/db/migrations/index';
import { chooseDatabaseEngine } from '../../../../src/server/db/engine';
import { openPostgresDatabase } from '../../../../src/server/db/postgres/database';
import { migratePostgres } from '../../../../src/server/db/postgres/migrate';
import { PG_MIGRATIONS } from '../../../../src/server/db/postgres/migrations/index';
import { connectPostgres } from '../../../../src/server/db/postgres/pool';
import type { PostgresPool } from '../../../../src/server/db/postgres/pool';
import { databaseUrl } from '../../../../scripts/pgCluster';
import { usePgTestCluster } from './support/pgTestCluster';

const STEPS: Migration[] = [
  { version: 1, name: 'one', up: 'CREATE TABLE a (x BIGINT);' },
  { version: 2, name: 'two', up: 'CREATE TABLE b (y BIGINT); INSERT INTO a VALUES (1);' },
];

describe('migratePostgres: SQLite’s version rules on PostgreSQL', () => {
  const pgCluster = usePgTestCluster();
  let url: string;
  const pools: PostgresPool[] = [];
  const open = async (): Promise<PostgresPool> => {
    const pool = await connectPostgres(url);
    pools.push(pool);
    return pool;
  };
  beforeEach(async () => {
    url = await pgCluster.createDatabase();
  });
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.end()));
  });

  it('applies the missing steps once and records them like SQLite', async () => {
    const pool = await open();
    expect(await migratePostgres(pool, STEPS.slice(0, 1))).toEqual([1]);
    expect(await migratePostgres(pool, STEPS)).toEqual([2]);
    expect(await migratePostgres(pool, STEPS)).toEqual([]);
    const { rows } = await pool.query('SELECT version, name FROM schema_migrations ORDER BY version');
    expect(rows).toEqual([{ version: 1, name: 'one' }, { version: 2, name: 'two' }]);
    expect((await pool.query('SELECT x FROM a')).rows).toEqual([{ x: 1 }]);
  });

  it('refuses a database written by a newer Reelscope with the same message as SQLite', async () => {
    const pool = await open();
    await migratePostgres(pool, STEPS);
    await pool.query("INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'future', 'later')");
    const pgFailure = await migratePostgres(pool, STEPS).catch((error: unknown) => error as Error);

    const dir = mkdtempSync(join(tmpdir(), 'reelscope-pg-newer-'));
    try {
      const file = join(dir, 'reelscope.sqlite');
      const raw = new Database(file);
      raw.exec("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL); INSERT INTO schema_migrations VALUES (999, 'future', 'later')");
      raw.close();
      const sqliteFailure = (() => {
        try {
          openDatabase(file);
        } catch (error) {
          return error as Error;
        }
        return null;
      })();
      expect(sqliteFailure?.message).toMatch(/schema version 999.*only knows up to/);
      // Same words apart from the highest version each engine knows.
      expect(pgFailure).toBeInstanceOf(Error);
      expect((pgFailure as Error).message).toBe(sqliteFailure?.message.replace(/only knows up to \d+/, 'only knows up to 2'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rolls a failing step back entirely and leaves the version unchanged', async () => {
    const pool = await open();
    await migratePostgres(pool, STEPS.slice(0, 1));
    const failing: Migration = { version: 2, name: 'broken', up: 'CREATE TABLE c (z BIGINT); INSERT INTO no_such_table VALUES (1);' };
    await expect(migratePostgres(pool, [STEPS[0] as Migration, failing])).rejects.toThrow(/no_such_table/);
    expect((await pool.query('SELECT MAX(version) AS v FROM schema_migrations')).rows).toEqual([{ v: 1 }]);
    expect((await pool.query("SELECT to_regclass('c') AS c")).rows).toEqual([{ c: null }]);
  });

  it('lets one of several instances starting at once migrate; the others find it done', async () => {
    const instances = await Promise.all([open(), open(), open(), open()]);
    // A step slow enough that the starts overlap: without the lock two would run it and one would fail on table a.
    const slow: Migration[] = [{ version: 1, name: 'one', up: 'SELECT pg_sleep(0.3); CREATE TABLE a (x BIGINT);' }, STEPS[1] as Migration];
    const applied = await Promise.all(instances.map((pool) => migratePostgres(pool, slow)));
    expect(applied.filter((versions) => versions.length > 0)).toEqual([[1, 2]]);
    expect((await instances[0]!.query('SELECT COUNT(*) AS n FROM a')).rows).toEqual([{ n: 1 }]);
  });

  it('brings a database the README way (owned by an ordinary role) up to the whole schema', async () => {
    await pgCluster.admin("CREATE ROLE team_owner LOGIN PASSWORD 'choose-one'");
    await pgCluster.admin("CREATE DATABASE team OWNER team_owner TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'");
    const pool = await openPostgresDatabase(databaseUrl(pgCluster.cluster.url.replace('postgres@', 'team_owner:choose-one@'), 'team'));
    pools.push(pool);
    const { rows } = await pool.query('SELECT COUNT(*) AS steps, MAX(version) AS version FROM schema_migrations');
    expect(rows).toEqual([{ steps: PG_MIGRATIONS.length, version: PG_MIGRATIONS.at(-1)?.version }]);
  });

  it('refuses a database that does not sort text as SQLite does', async () => {
    await pgCluster.admin("CREATE DATABASE sorted_by_locale TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'");
    url = url.replace(/\/[^/]+$/, '/sorted_by_locale');
    await expect(migratePostgres(await open(), STEPS)).rejects.toThrow(
      'The PostgreSQL database sorts text as "C.UTF-8" (character type "C.UTF-8"), but Reelscope needs "C" for both, as SQLite sorts: ' +
        "create the database with ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0.",
    );
  });
});

describe('chooseDatabaseEngine', () => {
  it('runs on SQLite in the data folder unless REELSCOPE_DATABASE_URL is set', () => {
    expect(chooseDatabaseEngine({}, '/data')).toEqual({ kind: 'sqlite', file: join('/data', 'reelscope.sqlite') });
    expect(chooseDatabaseEngine({ REELSCOPE_DATABASE_URL: '  ' }, '/data')).toEqual({ kind: 'sqlite', file: join('/data', 'reelscope.sqlite') });
    expect(chooseDatabaseEngine({ REELSCOPE_DATABASE_URL: 'postgres://db.example/team' }, '/data')).toEqual({ kind: 'postgres', url: 'postgres://db.example/team' });
  });
});
