import type { SqlClient } from '../db/sqlClient';

/**
 * Following `video_search_log` (the writes the in-memory list index replays), on either engine. A position is a number:
 * on SQLite the last `seq` read (one writer at a time, so a higher seq was always written later); on PostgreSQL a
 * transaction id. There concurrent writers commit out of seq order, so a follower reads by transaction instead: every
 * entry of a transaction older than the oldest one still running (`pg_snapshot_xmin`) is committed, or never will be,
 * and the next read starts where that one stopped. Nothing is missed, nothing waits on a running transaction.
 */
export interface SearchLog {
  /** The position now: everything up to it is readable. */
  head(): Promise<number>;
  /** The ids of the videos written between `from` and `to` (at most a few per write; repeats possible). */
  between(from: number, to: number): Promise<string[]>;
  /** How many entries lie past `from` (to judge whether replaying them beats loading afresh). */
  backlog(from: number): Promise<number>;
}

export function createSearchLog(sql: SqlClient): SearchLog {
  if (sql.engine === 'postgres') {
    return {
      head: async () => Number((await sql.get<{ head: string }>('SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS head'))?.head ?? 0),
      between: async (from, to) =>
        (await sql.all<{ video_id: string }>('SELECT video_id FROM video_search_log WHERE tx >= ?::xid8 AND tx < ?::xid8 ORDER BY seq', [String(from), String(to)]))
          .map((row) => row.video_id),
      backlog: async (from) => (await sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM video_search_log WHERE tx >= ?::xid8', [String(from)]))?.n ?? 0,
    };
  }
  return {
    head: async () => (await sql.get<{ head: number }>('SELECT COALESCE(MAX(seq), 0) AS head FROM video_search_log'))?.head ?? 0,
    between: async (from, to) =>
      (await sql.all<{ video_id: string }>('SELECT video_id FROM video_search_log WHERE seq > ? AND seq <= ? ORDER BY seq', [from, to])).map((row) => row.video_id),
    backlog: async (from) => (await sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM video_search_log WHERE seq > ?', [from]))?.n ?? 0,
  };
}
