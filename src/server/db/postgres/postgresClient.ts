import type { PoolClient } from 'pg';
import { numberPlaceholders } from '../sqlClient';
import type { SqlClient, SqlParam } from '../sqlClient';
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

function clientOver(target: Queryable, transaction: SqlClient['transaction']): SqlClient {
  const query = (sql: string, params: readonly SqlParam[]) => target.query(postgresText(sql), params as unknown[]);
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
    const connection = await pool.connect();
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
      throw error;
    } finally {
      connection.release(broken);
    }
  });
}
