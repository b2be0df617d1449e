import type { SqlClient } from '../../db/sqlClient';
import { BRAND_CHANGES_TOPIC } from '../../db/postgres/migrations/029_brand_changes';

/** One logged change as a stream reports it: its event id (where a resumed stream continues) and what it touched. */
export interface BrandChange {
  id: string;
  kind: string;
  targetKind: string;
  targetId: string;
  videoId: string | null;
  /** Who wrote it, when the written row names its author (a note, a flag, a label, a report). */
  byUserId: string | null;
  byName: string | null;
}

export interface BrandChangeLog {
  /** The notice topic other instances' writes arrive on (PostgreSQL), or null (SQLite: one process per file). */
  readonly topic: string | null;
  /** The cursor of "now": a stream opened without Last-Event-ID reports what is written after it. */
  start(): Promise<string>;
  /** Whether a client's Last-Event-ID is a cursor this log hands out and has not passed (else the client reloads). */
  resumable(cursor: string): Promise<boolean>;
  /** The brand's changes after `cursor`, oldest first, at most `limit`, and the cursor after the last one read. */
  read(brandId: string, cursor: string, limit: number): Promise<{ changes: BrandChange[]; cursor: string }>;
}

interface ChangeRow {
  seq: number | string;
  kind: string;
  target_kind: string;
  target_id: string;
  video_id: string | null;
  user_id: string | null;
  first_name: string | null;
}

const SELECT = `SELECT c.seq, c.kind, c.target_kind, c.target_id, c.video_id, c.user_id, u.first_name
  FROM brand_changes c LEFT JOIN users u ON u.id = c.user_id`;

const toChange = (row: ChangeRow, id: string): BrandChange => ({
  id, kind: row.kind, targetKind: row.target_kind, targetId: row.target_id, videoId: row.video_id,
  byUserId: row.user_id, byName: row.user_id === null ? null : row.first_name,
});

const DIGITS = /^\d{1,15}$/;

/**
 * Reads `brand_changes` (migration 029) for the live streams, on either engine. SQLite has one writer at a time, so a
 * higher `seq` was always committed later and the cursor is the last seq read. On PostgreSQL concurrent writers commit
 * out of seq order, so the log is read by writing transaction, as the search log's follower reads (searchLog.ts): a
 * window [lo, hi) of transactions all older than every one still running, its rows in seq order. The cursor is
 * `lo.hi.seq` (the window and the last seq read in it): resuming reads the rest of that window, then the next one, so
 * nothing is missed or read twice.
 */
export function createBrandChangeLog(sql: SqlClient): BrandChangeLog {
  return sql.engine === 'postgres' ? postgresLog(sql) : sqliteLog(sql);
}

function sqliteLog(sql: SqlClient): BrandChangeLog {
  const head = async () => Number((await sql.get<{ head: number }>('SELECT COALESCE(MAX(seq), 0) AS head FROM brand_changes'))?.head ?? 0);
  return {
    topic: null,
    start: async () => String(await head()),
    resumable: async (cursor) => DIGITS.test(cursor) && Number(cursor) <= (await head()),
    async read(brandId, cursor, limit) {
      const rows = await sql.all<ChangeRow>(`${SELECT} WHERE c.brand_id = ? AND c.seq > ? ORDER BY c.seq LIMIT ?`, [brandId, Number(cursor), limit]);
      const changes = rows.map((row) => toChange(row, String(row.seq)));
      return { changes, cursor: changes.at(-1)?.id ?? cursor };
    },
  };
}

interface Window {
  lo: number;
  hi: number;
  seq: number;
}

function postgresLog(sql: SqlClient): BrandChangeLog {
  const horizon = async () => Number((await sql.get<{ head: string }>('SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS head'))?.head ?? 0);
  const format = (w: Window) => `${w.lo}.${w.hi}.${w.seq}`;
  const parse = (cursor: string): Window | null => {
    const parts = cursor.split('.');
    if (parts.length !== 3 || !parts.every((part) => DIGITS.test(part))) return null;
    const [lo, hi, seq] = parts.map(Number) as [number, number, number];
    return lo <= hi ? { lo, hi, seq } : null;
  };
  const inWindow = (brandId: string, w: Window, limit: number) =>
    sql.all<ChangeRow>(`${SELECT} WHERE c.brand_id = ? AND c.tx >= ?::xid8 AND c.tx < ?::xid8 AND c.seq > ? ORDER BY c.seq LIMIT ?`, [brandId, String(w.lo), String(w.hi), w.seq, limit]);
  return {
    topic: BRAND_CHANGES_TOPIC,
    async start() {
      const now = await horizon();
      return format({ lo: now, hi: now, seq: 0 });
    },
    async resumable(cursor) {
      const window = parse(cursor);
      return window !== null && window.hi <= (await horizon());
    },
    async read(brandId, cursor, limit) {
      let window = parse(cursor);
      if (!window) throw new Error(`Not a change-log cursor: ${cursor}`);
      const changes: BrandChange[] = [];
      const take = async (w: Window) => {
        for (const row of await inWindow(brandId, w, limit - changes.length)) {
          w.seq = Number(row.seq);
          changes.push(toChange(row, format(w)));
        }
      };
      await take(window);
      if (changes.length < limit) {
        const next = await horizon();
        if (next > window.hi) {
          window = { lo: window.hi, hi: next, seq: 0 };
          await take(window);
        }
      }
      return { changes, cursor: format(window) };
    },
  };
}
