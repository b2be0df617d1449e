import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import pg from 'pg';
import { databaseUrl, type PgCluster } from '../scripts/pgCluster';
import { openDatabase } from '../src/server/db/database';
import { moveTables } from '../src/server/db/move/moveTables';
import { openPostgresDatabase } from '../src/server/db/postgres/database';
import type { PostgresPool } from '../src/server/db/postgres/pool';
import { benchDataDir } from './benchWorkspace';

/** A bench workspace moved into PostgreSQL: the database's URL and an open pool on it (the caller ends it). */
export interface MovedWorkspace {
  url: string;
  pool: PostgresPool;
  /** How long the move took, and the rows it moved. */
  move: { seconds: number; rows: number };
}

/**
 * A new database in `cluster` (C collation, as a team server requires) holding the cached bench workspace `db` of
 * `videos` videos, moved by the same code as `npm run move-to-postgres`; prints how long the move took.
 */
async function moveBenchWorkspace(db: Database.Database, cluster: Pick<PgCluster, 'url'>, videos: number): Promise<MovedWorkspace> {
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  const name = `bench_${videos}_${randomBytes(3).toString('hex')}`;
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(cluster.url, name);
  const pool = await openPostgresDatabase(url);
  try {
    const started = performance.now();
    const moved = await moveTables(db, pool, url);
    const rows = moved.moved.reduce((sum, table) => sum + table.rows, 0);
    const seconds = (performance.now() - started) / 1000;
    console.log(`  ${videos} videos: moved into PostgreSQL in ${seconds.toFixed(1)} s (${rows.toLocaleString('en-US')} rows)`);
    await settle(cluster);
    return { url, pool, move: { seconds, rows } };
  } catch (error) {
    await pool.end();
    throw error;
  }
}

/**
 * Writes the cluster's dirty buffers out (CHECKPOINT, as its superuser) and the OS's after them, so the requests
 * measured next do not share the bench's two cores and one disk with the gigabytes a 100k move has just written: a
 * team server meets its team's requests after its bulk load has settled, not during it.
 */
async function settle(cluster: Pick<PgCluster, 'url'>): Promise<void> {
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  try {
    await admin.query('CHECKPOINT');
  } finally {
    await admin.end();
  }
  spawnSync('sync');
}

/** The cached bench workspace open on SQLite beside its copy in PostgreSQL; `close` ends the pool and closes the file. */
export interface BenchWorkspaceOnBoth extends MovedWorkspace {
  dataDir: string;
  db: Database.Database;
  close: () => Promise<void>;
}

/**
 * The team-server benches' start on PostgreSQL: the cached bench workspace of `videos` videos (seeded on first use),
 * opened, and moved into a new database of `cluster`.
 */
export async function benchWorkspaceOnBoth(cluster: Pick<PgCluster, 'url'>, videos: number): Promise<BenchWorkspaceOnBoth> {
  const dataDir = await benchDataDir(videos);
  const db = openDatabase(join(dataDir, 'reelscope.sqlite'));
  try {
    const moved = await moveBenchWorkspace(db, cluster, videos);
    return { ...moved, dataDir, db, close: async () => { await moved.pool.end(); db.close(); } };
  } catch (error) {
    db.close();
    throw error;
  }
}
