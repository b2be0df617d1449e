import type { PoolClient } from 'pg';
import { DatabaseTooNewError } from '../migrate';
import type { Migration } from '../migrations/index';
import type { PostgresPool } from './pool';

/** Any constant both starts agree on: the key of the advisory lock that lets one instance migrate at a time. */
const MIGRATION_LOCK_KEY = 0x5265656c; // "Reel"

/** Raised when the database sorts or folds text differently from SQLite (answers would differ between engines). */
export class DatabaseCollationError extends Error {
  constructor(collate: string, ctype: string) {
    super(
      `The PostgreSQL database sorts text as "${collate}" (character type "${ctype}"), but Reelscope needs "C" for both, as SQLite sorts: ` +
        "create the database with ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0.",
    );
    this.name = 'DatabaseCollationError';
  }
}

async function checkCollation(client: PoolClient): Promise<void> {
  const { rows } = await client.query<{ datcollate: string; datctype: string }>(
    'SELECT datcollate, datctype FROM pg_database WHERE datname = current_database()',
  );
  const { datcollate = '', datctype = '' } = rows[0] ?? {};
  const isC = (name: string) => name === 'C' || name === 'POSIX';
  if (!isC(datcollate) || !isC(datctype)) throw new DatabaseCollationError(datcollate, datctype);
}

/**
 * PostgreSQL twin of migrateDatabase (src/server/db/migrate.ts): the same schema_migrations table and version numbers,
 * each missing step in its own transaction, and the same refusal of a database written by a newer Reelscope. Several
 * instances may start at once against one database: a session advisory lock lets one migrate while the others wait,
 * and each then reads the version the first one left. Returns the versions applied.
 */
export async function migratePostgres(pool: PostgresPool, migrations: readonly Migration[], now: () => Date = () => new Date()): Promise<number[]> {
  const client = await pool.connect();
  try {
    await checkCollation(client);
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      return await applyMissing(client, migrations, now);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

async function applyMissing(client: PoolClient, migrations: readonly Migration[], now: () => Date): Promise<number[]> {
  await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version BIGINT PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  const ordered = [...migrations].sort((a, b) => a.version - b.version);
  const known = ordered.at(-1)?.version ?? 0;
  const { rows } = await client.query<{ version: string | null }>('SELECT MAX(version)::text AS version FROM schema_migrations');
  const recorded = Number(rows[0]?.version ?? 0);
  if (recorded > known) throw new DatabaseTooNewError(recorded, known);

  const applied: number[] = [];
  for (const migration of ordered) {
    if (migration.version <= recorded) continue;
    // One transaction per step (PostgreSQL's DDL is transactional): a failing step leaves the previous version.
    await client.query('BEGIN');
    try {
      await client.query(migration.up);
      await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
        migration.version,
        migration.name,
        now().toISOString(),
      ]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
    applied.push(migration.version);
  }
  return applied;
}
