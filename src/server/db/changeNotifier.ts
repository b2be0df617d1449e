import type { PoolClient } from 'pg';
import type { PostgresPool } from './postgres/pool';

/**
 * Wakes the other back-end instances when something they wait for changed (issue 28): a notice says only "look again"
 * and what to look at; what changed is read from the database (the rows are the truth). SQLite is one process per file,
 * so its notices stay in that process (`shared` false: the writer wakes its own waiters). On PostgreSQL every instance
 * listens on a dedicated connection (LISTEN/NOTIFY; the writer sends its notice inside the writing transaction, so it
 * arrives once the rows are committed).
 */
export interface ChangeNotifier {
  /** Whether other processes write the same database (their changes reach this one only through notices). */
  readonly shared: boolean;
  /**
   * Calls `onNotice` with each notice's payload on `topic`, and `onGap` when notices may have been missed (the
   * listening connection dropped and is back): a waiter then reads again from where it was.
   */
  subscribe(topic: string, onNotice: (payload: string) => void, onGap: () => void): Promise<void>;
  close(): Promise<void>;
}

/** SQLite's: one process per database file, nothing to hear from elsewhere. */
export function createInProcessNotifier(): ChangeNotifier {
  return { shared: false, subscribe: async () => undefined, close: async () => undefined };
}

/** Waits before listening again after the connection dropped (the database restarting, a network blip). */
const RECONNECT_MS = 500;

/** PostgreSQL's: LISTEN on one connection taken from the pool for good, taken again when it drops. */
export function createPostgresNotifier(pool: PostgresPool): ChangeNotifier {
  const topics = new Map<string, { onNotice: (payload: string) => void; onGap: () => void }[]>();
  let closed = false;
  let connection: PoolClient | null = null;
  let retry: NodeJS.Timeout | null = null;
  // Channel names are identifiers, not parameters: only the store's fixed topic names are listened to.
  const quoted = (topic: string) => `"${topic.replace(/"/g, '""')}"`;

  const listen = async (afterGap: boolean): Promise<void> => {
    if (closed) return;
    try {
      const client = await pool.connect();
      connection = client;
      let dropped = false;
      const drop = (): void => {
        if (dropped || closed) return;
        dropped = true;
        connection = null;
        client.release(true);
        if (!closed) retry = setTimeout(() => void listen(true), RECONNECT_MS);
      };
      client.on('notification', (message) => {
        for (const listener of topics.get(message.channel) ?? []) listener.onNotice(message.payload ?? '');
      });
      client.on('error', drop);
      client.on('end', drop);
      for (const topic of topics.keys()) await client.query(`LISTEN ${quoted(topic)}`);
      // Listening again: whatever was written while nobody listened is read now.
      if (afterGap) for (const listeners of topics.values()) for (const listener of listeners) listener.onGap();
    } catch {
      connection = null;
      if (!closed) retry = setTimeout(() => void listen(true), RECONNECT_MS);
    }
  };
  let started: Promise<void> | null = null;

  return {
    shared: true,
    /** Resolves once the notices are listened to (or, the database away, being retried). */
    async subscribe(topic, onNotice, onGap) {
      const listeners = topics.get(topic) ?? [];
      listeners.push({ onNotice, onGap });
      topics.set(topic, listeners);
      if (started === null) started = listen(false);
      else if (listeners.length === 1 && connection) await connection.query(`LISTEN ${quoted(topic)}`).catch(() => undefined);
      await started;
    },
    async close() {
      closed = true;
      if (retry !== null) clearTimeout(retry);
      await started;
      connection?.release(true);
      connection = null;
    },
  };
}
