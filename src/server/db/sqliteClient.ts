import type Database from 'better-sqlite3';
import { refuseNulText, type SqlClient, type SqlParam } from './sqlClient';

type Statement = Database.Statement<unknown[]>;

/**
 * The SqlClient of the embedded engine: each text prepared once and kept (as the repositories keep their statements
 * today), calls answered at once. A transaction holds the connection until it settles; calls from outside it wait.
 */
export function createSqliteClient(db: Database.Database): SqlClient {
  const statements = new Map<string, Statement>();
  const prepare = (sql: string): Statement => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  // better-sqlite3 binds booleans and arrays not at all: the store layer passes 0/1 and JSON text on this engine.
  const bind = (params: readonly SqlParam[]) => {
    refuseNulText(params);
    return params as unknown[];
  };

  const direct: Omit<SqlClient, 'transaction'> = {
    engine: 'sqlite',
    all: async <T extends object>(sql: string, params: readonly SqlParam[] = []) => prepare(sql).all(...bind(params)) as T[],
    get: async <T extends object>(sql: string, params: readonly SqlParam[] = []) => prepare(sql).get(...bind(params)) as T | undefined,
    run: async (sql: string, params: readonly SqlParam[] = []) => ({ changes: prepare(sql).run(...bind(params)).changes }),
  };

  let open: Promise<void> | null = null;
  const outside = async <R>(call: () => Promise<R>): Promise<R> => {
    while (open) await open;
    return call();
  };
  const client: SqlClient = {
    engine: 'sqlite',
    all: (sql, params) => outside(() => direct.all(sql, params)),
    get: (sql, params) => outside(() => direct.get(sql, params)),
    run: (sql, params) => outside(() => direct.run(sql, params)),
    transaction: async <T>(work: (inside: SqlClient) => Promise<T>): Promise<T> => {
      while (open) await open;
      let settle = (): void => undefined;
      open = new Promise<void>((resolve) => (settle = resolve));
      const inside: SqlClient = { ...direct, transaction: (nested) => nested(inside) };
      try {
        db.exec('BEGIN IMMEDIATE');
        try {
          const result = await work(inside);
          db.exec('COMMIT');
          return result;
        } catch (error) {
          db.exec('ROLLBACK');
          throw error;
        }
      } finally {
        open = null;
        settle();
      }
    },
  };
  return client;
}
