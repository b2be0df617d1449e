import type { PoolClient } from 'pg';
import { numberPlaceholders } from '../sqlClient';
import { refuseNulText, StoreUnavailableError, type SqlClient, type SqlParam } from '../sqlClient';
import { isDatabaseUnreachable } from './connectionError';
import type { PostgresPool } from './pool';

type Queryable = Pick<PoolClient, 'query'>;

interface PreparedText {
  readonly name: string;
  readonly text: string;
}

// The store layer's texts are few and fixed: each is converted once per process and runs as a named prepared statement,
// so a connection parses and plans it once instead of on every request. Measured on the scale-out bench, planning the
// per-request statements (token, membership, freshness probe) cost PostgreSQL more CPU than running them: naming them
// halved PostgreSQL's CPU per list page. PgBouncer in transaction mode needs 1.21+ with max_prepared_statements for it.
const prepared = new Map<string, PreparedText>();
function preparedText(sql: string): PreparedText {
  let statement = prepared.get(sql);
  if (statement === undefined) {
    statement = { name: `reelscope_${prepared.size + 1}`, text: numberPlaceholders(sql) };
    prepared.set(sql, statement);
  }
  return statement;
}

/** A failure to reach the database as the store layer reports it (503 for the request); any other error as it is. */
export function unreachableAsStoreError(error: unknown): unknown {
  return isDatabaseUnreachable(error) ? new StoreUnavailableError(error) : error;
}

function clientOver(target: Queryable, transaction: SqlClient['transaction']): SqlClient {
  const query = async (sql: string, params: readonly SqlParam[]) => {
    refuseNulText(params);
    try {
      const { name, text } = preparedText(sql);
      return await target.query({ name, text, values: params as unknown[] });
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
