import type { PoolClient, QueryResult } from 'pg';
import { ACTING_USER_SETTING, actingUserId } from '../actingUser';
import { writesChangeLog } from '../migrations/036_attributed_changes';
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

type Result = QueryResult;
type Run = (target: Queryable, sql: string, params: readonly SqlParam[]) => Promise<Result>;

const runOn: Run = async (target, sql, params) => {
  refuseNulText(params);
  try {
    const { name, text } = preparedText(sql);
    return await target.query({ name, text, values: params as unknown[] });
  } catch (error) {
    throw unreachableAsStoreError(error);
  }
};

/**
 * BEGIN, naming who the transaction acts for when a signed-in request makes it: the change log's triggers read the
 * setting (migration 033). It is local to the transaction, so a pooled connection never carries one person's name into
 * another's writes. One round trip either way (the id is written as a literal, its quotes doubled).
 */
function begin(actor: string | null): string {
  return actor === null ? 'BEGIN' : `BEGIN; SELECT set_config('${ACTING_USER_SETTING}', '${actor.replace(/'/g, "''")}', true)`;
}

function clientOver(target: Queryable, transaction: SqlClient['transaction'], run: Run = runOn): SqlClient {
  const query = (sql: string, params: readonly SqlParam[]) => run(target, sql, params);
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
  const inTransaction = async <T>(work: (connection: PoolClient) => Promise<T>): Promise<T> => {
    const connection = await pool.connect().catch((error: unknown) => {
      throw unreachableAsStoreError(error);
    });
    let broken = false;
    try {
      await connection.query(begin(actingUserId()));
      const result = await work(connection);
      await connection.query('COMMIT');
      return result;
    } catch (error) {
      // A connection that cannot even roll back is lost: the pool drops it instead of handing it out again.
      await connection.query('ROLLBACK').catch(() => (broken = true));
      throw unreachableAsStoreError(error);
    } finally {
      connection.release(broken);
    }
  };
  const transaction: SqlClient['transaction'] = (work) => inTransaction((connection) => {
    const inside: SqlClient = clientOver(connection, (nested) => nested(inside));
    return work(inside);
  });
  // A lone write a person makes to a logged table runs in a transaction of its own, so the log can name them; every
  // other statement goes straight to the pool as before.
  const attributed: Run = (target, sql, params) =>
    actingUserId() !== null && writesChangeLog(sql) ? inTransaction((connection) => runOn(connection, sql, params)) : runOn(target, sql, params);
  return clientOver(pool, transaction, attributed);
}
