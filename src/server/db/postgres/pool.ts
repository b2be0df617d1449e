import pg from 'pg';
import { DatabaseConnectionError, connectionErrorLine, describeTarget, invalidUrlLine } from './connectionError';

export type PostgresPool = pg.Pool;

const INT8_OID = 20;
const NUMERIC_OID = 1700;
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * SQLite's INTEGER is 64-bit and better-sqlite3 answers it as a number, so the schema's integers are bigint here and
 * so are COUNT(*) and SUM over them; pg answers those as strings by default. Read them as numbers (exact up to 2^53, as
 * on SQLite without safeIntegers), so both engines give the routes the same values. Scoped to our pools, not global.
 */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  }) as typeof pg.types.getTypeParser,
};

/** A pool over `url` (not yet connected). */
export function createPostgresPool(url: string, options: { max?: number } = {}): PostgresPool {
  return new pg.Pool({ connectionString: url, types, max: options.max ?? 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
}

/**
 * Opens a pool and proves it works with one round trip. Anything wrong with the URL or the server (refused, unknown
 * host, wrong password, missing database) rejects with a DatabaseConnectionError whose message is the one line to print.
 */
export async function connectPostgres(url: string, options: { max?: number } = {}): Promise<PostgresPool> {
  if (!describeTarget(url)) throw new DatabaseConnectionError(invalidUrlLine());
  const pool = createPostgresPool(url, options);
  // An idle client losing its server (PostgreSQL restarted) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  try {
    await pool.query('SELECT 1');
    return pool;
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new DatabaseConnectionError(connectionErrorLine(url, error));
  }
}
