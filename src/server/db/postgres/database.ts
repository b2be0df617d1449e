import { PG_MIGRATIONS } from './migrations/index';
import { migratePostgres } from './migrate';
import { connectPostgres } from './pool';
import type { PostgresPool } from './pool';

/**
 * The PostgreSQL twin of openDatabase: connects to `url` (one clear line when it cannot, see connectionError.ts) and
 * brings the schema up to date, several instances starting at once included. Throws DatabaseTooNewError for a database
 * written by a newer Reelscope, as SQLite's does.
 */
export async function openPostgresDatabase(url: string, options: { max?: number } = {}): Promise<PostgresPool> {
  const pool = await connectPostgres(url, options);
  try {
    await migratePostgres(pool, PG_MIGRATIONS);
    return pool;
  } catch (error) {
    await pool.end();
    throw error;
  }
}
