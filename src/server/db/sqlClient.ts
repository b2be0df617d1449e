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
  // SQLite reads the list as JSON, where a NUL is escaped: refused here so both engines refuse it alike.
  refuseNulText([values]);
  return client.engine === 'postgres'
    ? { sql: `${column} = ANY(?)`, param: values }
    : { sql: `${column} IN (SELECT value FROM json_each(?))`, param: JSON.stringify(values) };
}

/**
 * `values` as rows of one column `j.value`, in a FROM clause: SQLite's `json_each` of JSON text, PostgreSQL's `unnest`
 * of an array parameter. For a query asked once per value (a correlated subquery per id) in one statement.
 */
export function listRows(client: Pick<SqlClient, 'engine'>, values: readonly string[]): { sql: string; param: SqlParam } {
  refuseNulText([values]);
  return client.engine === 'postgres'
    ? { sql: 'unnest(?::text[]) AS j(value)', param: values }
    : { sql: 'json_each(?) AS j', param: JSON.stringify(values) };
}

/**
 * A text parameter holds a NUL character, which PostgreSQL's text cannot hold (it refuses the whole statement) and
 * SQLite's LIKE and FTS read as the end of the text. Both engines refuse it before the database sees it, so a route
 * answers 400 on either (a NUL in an id or a body field is the client's doing), never a 500 on one engine only.
 */
export class StoreTextError extends Error {
  constructor() {
    super('Remove the NUL character (\\0) from the text: it cannot be stored.');
    this.name = 'StoreTextError';
  }
}

/** Throws StoreTextError when a text parameter (or a text in an array parameter) holds a NUL character. */
export function refuseNulText(params: readonly SqlParam[]): void {
  for (const param of params) {
    const texts = typeof param === 'string' ? [param] : Array.isArray(param) ? param : [];
    if (texts.some((text) => typeof text === 'string' && text.includes('\u0000'))) throw new StoreTextError();
  }
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
