import type { PoolClient } from 'pg';
import { numberPlaceholders } from '../sqlClient';
import { refuseNulText, StoreUnavailableError, type SqlClient, type SqlParam } from '../sqlClient';
import { isDatabaseUnreachable } from './connectionError';
import type { PostgresPool } from './pool';

type Queryable = Pick<PoolClient, 'query'>;

// The store layer's texts are few and fixed: each is converted once per process.
const converted = new Map<string, string>();
function postgresText(sql: string): string {
  let text = converted.get(sql);
  if (text === undefined) {
    text = numberPlaceholders(sql);
    converted.set(sql, text);
  }
  return text;
}

/** A failure to reach the database as the store layer reports it (503 for the request); any other error as it is. */
export function unreachableAsStoreError(error: unknown): unknown {
  return isDatabaseUnreachable(error) ? new StoreUnavailableError(error) : error;
}

function clientOver(target: Queryable, transaction: SqlClient['transaction']): SqlClient {
  const query = async (sql: string, params: readonly SqlParam[]) => {
    refuseNulText(params);
    try {
      return await target.query(postgresText(sql), params as unknown[]);
    } catch (error) {
      throw unreachableAsStoreError(error);
    }
  };
  return {
    engine: 'postgres',
    all: async <T extends object>(sql: string, params: readonly SqlParam[] = []) => (await query(sql, params)).rows as T[],
    get: async <T extends object>(sql: string, params: readonly SqlParam[] = []) => (await query(sql, params)).rows[0] as T | undefined,
    run: async (sql: string, params: readonly SqlParam[] = []) => ({ changes: (await query(sql, params)).rowCount ?? 0 }),
    transaction,
  };
}

/** The SqlClient of a team server: every call is a round trip through the pool; a transaction holds one connection. */
export function createPostgresClient(pool: PostgresPool): SqlClient {
  return clientOver(pool, async (work) => {
    const connection = await pool.connect().catch((error: unknown) => {
      throw unreachableAsStoreError(error);
    });
    const inside: SqlClient = clientOver(connection, (nested) => nested(inside));
    let broken = false;
    try {
      await connection.query('BEGIN');
      const result = await work(inside);
      await connection.query('COMMIT');
      return result;
    } catch (error) {
      // A connection that cannot even roll back is lost: the pool drops it instead of handing it out again.
      await connection.query('ROLLBACK').catch(() => (broken = true));
      throw unreachableAsStoreError(error);
    } finally {
      connection.release(broken);
    }
  });
}
