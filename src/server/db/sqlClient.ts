/**
 * The asynchronous interface the store layer talks to either engine through (docs/architecture.md, "Database
 * engines"). Queries are hand-written SQL with `?` placeholders; one text serves both engines wherever SQLite and
 * PostgreSQL read it alike (most of the store layer), and a repository branches on `engine` where they do not.
 */
export type SqlParam = string | number | bigint | boolean | null | Uint8Array | readonly string[] | readonly number[];
export type SqlEngineName = 'sqlite' | 'postgres';

export interface SqlClient {
  readonly engine: SqlEngineName;
  /** Every row of a query. */
  all<T extends object>(sql: string, params?: readonly SqlParam[]): Promise<T[]>;
  /** The first row of a query, or undefined. */
  get<T extends object>(sql: string, params?: readonly SqlParam[]): Promise<T | undefined>;
  /** Runs a write; answers how many rows it changed. */
  run(sql: string, params?: readonly SqlParam[]): Promise<{ changes: number }>;
  /**
   * Runs `work` in one transaction (committed when it resolves, rolled back when it throws) with a client bound to it.
   * Other callers do not see its writes before the commit, and on SQLite they wait for it: keep it to database work.
   */
  transaction<T>(work: (client: SqlClient) => Promise<T>): Promise<T>;
}

/**
 * `?` placeholders as PostgreSQL's `$1, $2, …`, leaving alone a `?` inside a string, a quoted name or a comment (and
 * PostgreSQL's `?|`-style jsonb operators are not used by the store layer).
 */
export function numberPlaceholders(sql: string): string {
  let out = '';
  let n = 0;
  for (let i = 0; i < sql.length; i++) {
    const char = sql[i] as string;
    const closer = char === "'" || char === '"' ? char : char === '-' && sql[i + 1] === '-' ? '\n' : char === '/' && sql[i + 1] === '*' ? '*/' : null;
    if (closer) {
      const end = sql.indexOf(closer, i + (closer === char ? 1 : 2));
      const stop = end < 0 ? sql.length : end + closer.length;
      out += sql.slice(i, stop);
      i = stop - 1;
    } else if (char === '?') {
      out += `$${++n}`;
    } else {
      out += char;
    }
  }
  return out;
}

/**
 * `column` is one of `values`, written for the client's engine: SQLite reads the list as JSON text (`json_each`),
 * PostgreSQL as an array parameter (`= ANY`). Use its `sql` where the condition goes and its `param` in that place.
 */
export function inList(client: Pick<SqlClient, 'engine'>, column: string, values: readonly string[]): { sql: string; param: SqlParam } {
  return client.engine === 'postgres'
    ? { sql: `${column} = ANY(?)`, param: values }
    : { sql: `${column} IN (SELECT value FROM json_each(?))`, param: JSON.stringify(values) };
}

/**
 * The database could not be reached for this call (a team server's PostgreSQL stopped, restarting or cut off): the
 * request answers 503 with the spec's server-down message, and the next call tries again (the pool reconnects).
 */
export class StoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The database is unreachable.', { cause });
    this.name = 'StoreUnavailableError';
  }
}
