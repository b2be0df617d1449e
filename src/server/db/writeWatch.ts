import type { SqlClient } from './sqlClient';

const READ_ONLY = /^\s*SELECT\b/i;

/**
 * The client `sql` that calls `onWrite` after each statement that may have written, or once a transaction committed.
 * SQLite has no notices: the embedded back end's live streams are woken this way by the writes of their own process
 * (one process per database file), whichever route, pipeline step or job runner made them.
 */
export function watchWrites(sql: SqlClient, onWrite: () => void): SqlClient {
  const watched = (client: SqlClient, inTransaction: boolean): SqlClient => {
    const wrote = (text: string) => {
      if (!inTransaction && !READ_ONLY.test(text)) onWrite();
    };
    return {
      engine: client.engine,
      async all(text, params) {
        const rows = await client.all<never>(text, params);
        wrote(text);
        return rows;
      },
      async get(text, params) {
        const row = await client.get<never>(text, params);
        wrote(text);
        return row;
      },
      async run(text, params) {
        const result = await client.run(text, params);
        wrote(text);
        return result;
      },
      async transaction(work) {
        const result = await client.transaction((inside) => work(watched(inside, true)));
        if (!inTransaction) onWrite();
        return result;
      },
    };
  };
  return watched(sql, false);
}
