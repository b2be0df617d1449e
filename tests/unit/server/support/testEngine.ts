/**
 * The database engine the server tests run their back end on (issue 27: the same test files on both engines).
 * `REELSCOPE_TEST_ENGINE=postgres` runs them on PostgreSQL in a throwaway cluster (scripts/pg-cluster.sh, one per test
 * file, started on first use and removed after the file by engineSetup.ts, the unit-postgres project's setup file, or
 * at the latest when the test process exits); unset, on an SQLite file as the embedded back end runs. A workspace is always seeded into SQLite (the seed is written for it) and, on PostgreSQL, moved into
 * a fresh database by the move's own code, as `REELSCOPE_SEED=1` does on a team server.
 * Under vitest's global set-up (seedCache.setup.ts, pgCluster.setup.ts) the run's one cluster stands in for the file's own, and
 * a seed given a `cacheKey` runs once per run and engine: later files copy its SQLite file or its PostgreSQL database.
 */
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { databaseUrl, startPgCluster } from '../../../../scripts/pgCluster';
import { openDatabase } from '../../../../src/server/db/database';
import type { SqliteDatabase } from '../../../../src/server/db/database';
import { moveTables } from '../../../../src/server/db/move/moveTables';
import { openPostgresDatabase } from '../../../../src/server/db/postgres/database';
import type { PostgresPool } from '../../../../src/server/db/postgres/pool';
import { createPostgresClient } from '../../../../src/server/db/postgres/postgresClient';
import type { SqlClient, SqlEngineName, SqlParam } from '../../../../src/server/db/sqlClient';
import { createSqliteClient } from '../../../../src/server/db/sqliteClient';
import { adminQuery, createDatabase, MIGRATED_TEMPLATE } from './pgAdmin';

export const ENGINE: SqlEngineName = process.env.REELSCOPE_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

/** The cluster this test file's databases go to, the migrated template they are copied from, and how to let it go. */
interface FileCluster {
  url: string;
  release: () => Promise<void>;
}
let started: Promise<FileCluster> | null = null;
/** The databases this file made, dropped after it when the cluster is the run's and outlives the file. */
const made: string[] = [];

/**
 * The run's cluster when the global set-up started one (its template already migrated), else a cluster of this file's
 * own with the template migrated once: copying it is much quicker than migrating each test's database.
 */
async function startFileCluster(): Promise<FileCluster> {
  const shared = process.env.REELSCOPE_TEST_PG_CLUSTER_URL;
  if (shared) {
    // FORCE ends the connections a test left open (a back end it started), as stopping a file's own cluster did.
    const release = async () => {
      for (const name of made.splice(0)) await adminQuery(shared, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    };
    return { url: shared, release };
  }
  const cluster = await startPgCluster();
  await createDatabase(cluster.url, MIGRATED_TEMPLATE);
  // openPostgresDatabase migrates; the pool is closed so the template has no connection when it is copied.
  await (await openPostgresDatabase(databaseUrl(cluster.url, MIGRATED_TEMPLATE))).end();
  return { url: cluster.url, release: cluster.stop };
}

/** Lets this test file's cluster go if one was started (engineSetup.ts calls it after the file's tests). */
export async function stopTestCluster(): Promise<void> {
  const running = started;
  started = null;
  if (running) await (await running).release();
}

/** A fresh database migrated to this version (or copied from `template`), in this test file's cluster. */
async function createPostgresDatabase(template = MIGRATED_TEMPLATE): Promise<string> {
  started ??= startFileCluster();
  const { url } = await started;
  const name = `test_${randomBytes(6).toString('hex')}`;
  await createDatabase(url, name, template);
  made.push(name);
  return databaseUrl(url, name);
}

/** The cluster's URL (its `postgres` database) that `url`, one of its databases, belongs to. */
const clusterOf = (url: string) => databaseUrl(url, 'postgres');
const nameOf = (url: string) => new URL(url).pathname.slice(1);

/**
 * One deterministic seed kept for the run (REELSCOPE_TEST_SEED_CACHE): its SQLite file and media in a folder named by
 * its key, and on PostgreSQL a database of the cluster that later databases are copied from. Null outside the global
 * set-up, where every call seeds.
 */
function seedCacheEntry(key: string) {
  const root = process.env.REELSCOPE_TEST_SEED_CACHE;
  if (!root) return null;
  const id = createHash('sha256').update(key).digest('hex').slice(0, 16);
  const dir = join(root, id);
  return {
    ready: () => existsSync(dir),
    /** Copies the seeded media into a test's media folder. */
    restoreMedia(mediaDir: string) {
      cpSync(join(dir, 'media'), mediaDir, { recursive: true });
    },
    /** Copies the seeded file and media into a test's data folder. */
    restore(path: string, mediaDir: string) {
      copyFileSync(join(dir, 'reelscope.sqlite'), path);
      this.restoreMedia(mediaDir);
    },
    /** Keeps a file just seeded (its writes checkpointed into it) and its media; the first of two racing files wins. */
    keep(sqlite: SqliteDatabase, path: string, mediaDir: string) {
      sqlite.pragma('wal_checkpoint(TRUNCATE)');
      const tmp = `${dir}.${process.pid}-${randomBytes(4).toString('hex')}`;
      mkdirSync(tmp, { recursive: true });
      copyFileSync(path, join(tmp, 'reelscope.sqlite'));
      if (existsSync(mediaDir)) cpSync(mediaDir, join(tmp, 'media'), { recursive: true });
      else mkdirSync(join(tmp, 'media'));
      try {
        renameSync(tmp, dir);
      } catch {
        rmSync(tmp, { recursive: true, force: true });
      }
    },
    /** The name of the seeded PostgreSQL database later ones are copied from. */
    template: `seeded_${id}`,
  };
}

async function databaseExists(clusterUrl: string, name: string): Promise<boolean> {
  return (await adminQuery(clusterUrl, 'SELECT 1 FROM pg_database WHERE datname = $1', [name])).length > 0;
}

/** Keeps the database at `url` (no connection open to it) as `template`, unless a racing file kept one first. */
async function keepAsTemplate(url: string, template: string): Promise<void> {
  const cluster = clusterOf(url);
  const tmp = `${template}_${randomBytes(4).toString('hex')}`;
  await createDatabase(cluster, tmp, nameOf(url));
  try {
    await adminQuery(cluster, `ALTER DATABASE ${tmp} RENAME TO ${template}`);
  } catch {
    await adminQuery(cluster, `DROP DATABASE IF EXISTS ${tmp}`);
  }
}

/**
 * The variables that put a back end started by createServer or the command line on the test engine: on PostgreSQL,
 * REELSCOPE_DATABASE_URL naming a fresh migrated database of this file's cluster; on SQLite none (the data folder's file).
 */
export async function testDatabaseEnv(): Promise<Record<string, string>> {
  return ENGINE === 'postgres' ? { REELSCOPE_DATABASE_URL: await createPostgresDatabase() } : {};
}

export interface TestDatabase {
  /** The engine-neutral client the back end is built on; tests read and write the database through it. */
  sql: SqlClient;
  /** The SQLite handle on the embedded engine; null on PostgreSQL. */
  sqlite: SqliteDatabase | null;
  /** The PostgreSQL database's URL (for back ends started as their own processes); null on SQLite. */
  url: string | null;
  /** What a back end process needs to open this database besides its data folder: REELSCOPE_DATABASE_URL on PostgreSQL. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** The PostgreSQL database opened for a data folder, so a back end restarted on that folder finds it again. */
const databaseOfDir = new Map<string, string>();

/**
 * A fresh, migrated database on the test engine (or on `engine`, for a test about one engine), with `seed` (written
 * for SQLite) run into it first. `dir` is where the SQLite file goes (a data folder of the caller's), or a temporary
 * folder of its own. With `existing`, the database opened for `dir` before (closed since), as a back end restarted on
 * the same data folder opens it. With `cached`, the seed is deterministic for `key` (its options, clock included) and
 * writes its media to `mediaDir`: it runs once per run and engine, and later calls get a copy of what it made.
 */
export async function openTestDatabase(
  options: {
    dir?: string;
    seed?: (db: SqliteDatabase) => unknown;
    engine?: SqlEngineName;
    existing?: boolean;
    cached?: { key: string; mediaDir: string };
  } = {},
): Promise<TestDatabase> {
  if (options.existing) return reopenTestDatabase(options.dir ?? '');
  const ownDir = options.dir ? null : mkdtempSync(join(tmpdir(), 'reelscope-db-'));
  const removeOwnDir = () => ownDir && rmSync(ownDir, { recursive: true, force: true });
  const path = join(options.dir ?? (ownDir as string), 'reelscope.sqlite');
  const engine = options.engine ?? ENGINE;
  const cache = options.cached ? seedCacheEntry(options.cached.key) : null;
  const mediaDir = options.cached?.mediaDir ?? '';

  if (engine === 'postgres' && cache?.ready()) {
    started ??= startFileCluster();
    if (await databaseExists((await started).url, cache.template)) {
      cache.restoreMedia(mediaDir);
      return openPostgres(await createPostgresDatabase(cache.template), options.dir, removeOwnDir);
    }
  }

  let sqlite: SqliteDatabase;
  if (cache?.ready()) {
    cache.restore(path, mediaDir);
    sqlite = openDatabase(path);
  } else {
    sqlite = openDatabase(path);
    await options.seed?.(sqlite);
    cache?.keep(sqlite, path, mediaDir);
  }
  if (engine === 'sqlite') {
    return { sql: createSqliteClient(sqlite), sqlite, url: null, env: {}, close: async () => void (sqlite.close(), removeOwnDir()) };
  }
  const url = await createPostgresDatabase();
  const pool = await openPostgresDatabase(url);
  try {
    await moveTables(sqlite, pool, url);
  } finally {
    sqlite.close();
    rmSync(path, { force: true });
    rmSync(`${path}-wal`, { force: true });
    rmSync(`${path}-shm`, { force: true });
  }
  if (!cache) return postgresDatabase(pool, url, options.dir, removeOwnDir);
  await pool.end();
  await keepAsTemplate(url, cache.template);
  return openPostgres(url, options.dir, removeOwnDir);
}

async function openPostgres(url: string, dir: string | undefined, removeOwnDir: () => unknown): Promise<TestDatabase> {
  return postgresDatabase(await openPostgresDatabase(url), url, dir, removeOwnDir);
}

function postgresDatabase(pool: PostgresPool, url: string, dir: string | undefined, removeOwnDir: () => unknown): TestDatabase {
  if (dir) databaseOfDir.set(dir, url);
  return { sql: createPostgresClient(pool), sqlite: null, url, env: { REELSCOPE_DATABASE_URL: url }, close: async () => void (await pool.end(), removeOwnDir()) };
}

async function reopenTestDatabase(dir: string): Promise<TestDatabase> {
  if (ENGINE === 'sqlite') {
    const sqlite = openDatabase(join(dir, 'reelscope.sqlite'));
    return { sql: createSqliteClient(sqlite), sqlite, url: null, env: {}, close: async () => void sqlite.close() };
  }
  const url = databaseOfDir.get(dir);
  if (!url) throw new Error(`No test database was opened for ${dir}.`);
  const pool = await openPostgresDatabase(url);
  return { sql: createPostgresClient(pool), sqlite: null, url, env: { REELSCOPE_DATABASE_URL: url }, close: () => pool.end() };
}

/** The SQLite handle, for the few lines of a test that are about the embedded engine itself. */
export function sqliteOnly(database: { sqlite: SqliteDatabase | null }): SqliteDatabase {
  if (!database.sqlite) throw new Error('This part of the test reads the SQLite file itself: it runs on the embedded engine only.');
  return database.sqlite;
}

/** The first column of the first row (better-sqlite3's `.pluck().get()`), on either engine. */
export async function firstValue<T>(sql: SqlClient, text: string, params: readonly SqlParam[] = []): Promise<T | undefined> {
  const row = await sql.get<Record<string, unknown>>(text, params);
  return row === undefined ? undefined : (Object.values(row)[0] as T);
}

/** The first column of every row (`.pluck().all()`), on either engine. */
export async function firstValues<T>(sql: SqlClient, text: string, params: readonly SqlParam[] = []): Promise<T[]> {
  return (await sql.all<Record<string, unknown>>(text, params)).map((row) => Object.values(row)[0] as T);
}

/** SQL with better-sqlite3's `@name` parameters as the engine-neutral `?` ones, with their values in that order. */
export function namedParams(sql: string, params: Record<string, SqlParam>): [string, SqlParam[]] {
  const values: SqlParam[] = [];
  const text = sql.replace(/@(\w+)/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`No value for @${name}`);
    values.push(params[name] as SqlParam);
    return '?';
  });
  return [text, values];
}
