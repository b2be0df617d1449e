/**
 * The database engine the server tests run their back end on (issue 27: the same test files on both engines).
 * `REELSCOPE_TEST_ENGINE=postgres` runs them on PostgreSQL in a throwaway cluster (scripts/pg-cluster.sh, one per test
 * file, started on first use and removed after the file by engineSetup.ts, the unit-postgres project's setup file, or
 * at the latest when the test process exits); unset, on an SQLite file as the embedded back end runs. A workspace is always seeded into SQLite (the seed is written for it) and, on PostgreSQL, moved into
 * a fresh database by the move's own code, as `REELSCOPE_SEED=1` does on a team server.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { databaseUrl, startPgCluster } from '../../../../scripts/pgCluster';
import type { PgCluster } from '../../../../scripts/pgCluster';
import { openDatabase } from '../../../../src/server/db/database';
import type { SqliteDatabase } from '../../../../src/server/db/database';
import { moveTables } from '../../../../src/server/db/move/moveTables';
import { openPostgresDatabase } from '../../../../src/server/db/postgres/database';
import { createPostgresClient } from '../../../../src/server/db/postgres/postgresClient';
import type { SqlClient, SqlEngineName, SqlParam } from '../../../../src/server/db/sqlClient';
import { createSqliteClient } from '../../../../src/server/db/sqliteClient';

export const ENGINE: SqlEngineName = process.env.REELSCOPE_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

/** This test file's cluster and a database migrated once in it, which each test's database is copied from. */
interface FileCluster {
  cluster: PgCluster;
  template: string;
}
let started: Promise<FileCluster> | null = null;

async function adminQuery(clusterUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

const createEmpty = (cluster: PgCluster, name: string, template = 'template0') =>
  adminQuery(cluster.url, `CREATE DATABASE ${name} TEMPLATE ${template} ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`);

/** Starts the cluster and migrates the template once: copying it is much quicker than migrating each test's database. */
async function startFileCluster(): Promise<FileCluster> {
  const cluster = await startPgCluster();
  const template = 'reelscope_migrated';
  await createEmpty(cluster, template);
  // openPostgresDatabase migrates; the pool is closed so the template has no connection when it is copied.
  await (await openPostgresDatabase(databaseUrl(cluster.url, template))).end();
  return { cluster, template };
}

/** Stops this test file's cluster if one was started (engineSetup.ts calls it after the file's tests). */
export async function stopTestCluster(): Promise<void> {
  const running = started;
  started = null;
  if (running) await (await running).cluster.stop();
}

/** A fresh database migrated to this version, in this test file's cluster (started on first use). */
async function createPostgresDatabase(): Promise<string> {
  started ??= startFileCluster();
  const { cluster, template } = await started;
  const name = `test_${randomBytes(6).toString('hex')}`;
  await createEmpty(cluster, name, template);
  return databaseUrl(cluster.url, name);
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
 * the same data folder opens it.
 */
export async function openTestDatabase(
  options: { dir?: string; seed?: (db: SqliteDatabase) => unknown; engine?: SqlEngineName; existing?: boolean } = {},
): Promise<TestDatabase> {
  if (options.existing) return reopenTestDatabase(options.dir ?? '');
  const ownDir = options.dir ? null : mkdtempSync(join(tmpdir(), 'reelscope-db-'));
  const removeOwnDir = () => ownDir && rmSync(ownDir, { recursive: true, force: true });
  const path = join(options.dir ?? (ownDir as string), 'reelscope.sqlite');
  const sqlite = openDatabase(path);
  await options.seed?.(sqlite);
  if ((options.engine ?? ENGINE) === 'sqlite') {
    return { sql: createSqliteClient(sqlite), sqlite, url: null, env: {}, close: async () => void (sqlite.close(), removeOwnDir()) };
  }
  const url = await createPostgresDatabase();
  if (options.dir) databaseOfDir.set(options.dir, url);
  const pool = await openPostgresDatabase(url);
  try {
    await moveTables(sqlite, pool, url);
  } finally {
    sqlite.close();
    rmSync(path, { force: true });
    rmSync(`${path}-wal`, { force: true });
    rmSync(`${path}-shm`, { force: true });
  }
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
