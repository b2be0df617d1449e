import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { databaseUrl, startPgCluster } from '../../../scripts/pgCluster';

/** The database a stack's back end runs on: the environment that chooses it, and how to remove it afterwards. */
export interface StackDatabase {
  backendEnv: Record<string, string>;
  /** Throws unless the started back end really keeps its workspace on this engine (a silent SQLite would pass every spec). */
  confirm: (dataDir: string) => Promise<void>;
  remove: () => Promise<void>;
}

/** The embedded engine's file in the data folder (src/server/db/engine.ts). */
const SQLITE_FILE = 'reelscope.sqlite';

async function query<Row extends pg.QueryResultRow>(url: string, text: string): Promise<pg.QueryResult<Row>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query<Row>(text);
  } finally {
    await client.end();
  }
}

/** Which engine the web e2e runs the back end on: REELSCOPE_E2E_ENGINE=postgres (a team server), else the embedded SQLite. */
export function e2eEngine(): 'sqlite' | 'postgres' {
  return process.env.REELSCOPE_E2E_ENGINE?.trim() === 'postgres' ? 'postgres' : 'sqlite';
}

/**
 * The embedded engine needs nothing (the back end opens the SQLite file of its data folder). On PostgreSQL each stack
 * gets its own throwaway cluster (scripts/pg-cluster.sh) with one fresh database, and the back end seeds the demo
 * workspace into it (REELSCOPE_SEED=1), exactly as a team's new server is started.
 */
export async function startStackDatabase(): Promise<StackDatabase> {
  if (e2eEngine() === 'sqlite') return { backendEnv: {}, confirm: async () => {}, remove: async () => {} };
  const cluster = await startPgCluster();
  const url = databaseUrl(cluster.url, 'reelscope_e2e');
  try {
    // Text sorts and folds as on SQLite only under the C collation (README, "PostgreSQL (team server)").
    await query(cluster.url, "CREATE DATABASE reelscope_e2e TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'");
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return {
    backendEnv: { REELSCOPE_DATABASE_URL: url, REELSCOPE_SEED: '1' },
    confirm: async (dataDir) => {
      if (existsSync(join(dataDir, SQLITE_FILE))) throw new Error(`The back end made ${SQLITE_FILE} although it was started on PostgreSQL`);
      const { rows } = await query<{ n: number }>(url, 'SELECT COUNT(*)::int AS n FROM users');
      if (!rows[0]?.n) throw new Error('The PostgreSQL database holds no seeded workspace after the back end started');
    },
    remove: () => cluster.stop(),
  };
}
