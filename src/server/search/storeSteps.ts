import type Database from 'better-sqlite3';
import type { SqlClient, SqlEngineName, SqlParam } from '../db/sqlClient';

/**
 * Store work written once and run either synchronously on a better-sqlite3 handle (the seed, which builds the
 * transcript terms inside its own synchronous flow) or asynchronously on a SqlClient (the back end, either engine):
 * the work is a generator that yields each statement and receives its answer, so neither driver duplicates it.
 */
export type Step = { op: 'all' | 'get' | 'run'; sql: string; params: readonly SqlParam[] };
export type Steps<T> = Generator<Step, T, unknown>;

export function* allRows<T extends object>(sql: string, params: readonly SqlParam[] = []): Steps<T[]> {
  return (yield { op: 'all', sql, params }) as T[];
}

export function* oneRow<T extends object>(sql: string, params: readonly SqlParam[] = []): Steps<T | undefined> {
  return (yield { op: 'get', sql, params }) as T | undefined;
}

export function* write(sql: string, params: readonly SqlParam[] = []): Steps<void> {
  yield { op: 'run', sql, params };
}

/** Runs the steps on the embedded engine, each text prepared once. */
export function runStepsSync<T>(db: Database.Database, steps: Steps<T>): T {
  const prepared = new Map<string, Database.Statement>();
  let answer: unknown;
  for (;;) {
    const next = steps.next(answer);
    if (next.done) return next.value;
    const { op, sql, params } = next.value;
    let statement = prepared.get(sql);
    if (!statement) prepared.set(sql, (statement = db.prepare(sql)));
    answer = op === 'all' ? statement.all(...params) : op === 'get' ? statement.get(...params) : statement.run(...params);
  }
}

/** Runs the steps on a SqlClient (usually the one bound to a transaction). */
export async function runSteps<T>(sql: SqlClient, steps: Steps<T>): Promise<T> {
  let answer: unknown;
  for (;;) {
    const next = steps.next(answer);
    if (next.done) return next.value;
    const { op, sql: text, params } = next.value;
    answer = op === 'all' ? await sql.all(text, params) : op === 'get' ? await sql.get(text, params) : await sql.run(text, params);
  }
}

/** `column` is one of the integer `values` (rowids, ids), written for the engine. */
export function inIntegers(engine: SqlEngineName, column: string, values: readonly number[]): { sql: string; param: SqlParam } {
  return engine === 'postgres'
    ? { sql: `${column} = ANY(?::bigint[])`, param: values }
    : { sql: `${column} IN (SELECT value FROM json_each(?))`, param: JSON.stringify(values) };
}
