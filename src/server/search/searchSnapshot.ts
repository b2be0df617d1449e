import { deserialize, serialize } from 'node:v8';
import type { SqlClient } from '../db/sqlClient';
import { MIGRATIONS } from '../db/migrations/index';
import { createSearchLog } from './searchLog';
import { VideoColumns, type ColumnsSnapshot } from './videoColumns';

/**
 * The list index's columns saved in the database (issue 11: a cold start at 100k videos took 4–7 s of loading before
 * the first list could answer). Restoring them takes a fraction of that; the writes logged after the snapshot's
 * position (see searchLog.ts) are then replayed as usual. A snapshot of another format or schema is ignored and
 * replaced. Both engines keep it (a BLOB on SQLite, bytea on PostgreSQL).
 */
export const SNAPSHOT_FORMAT = 13;
/**
 * The snapshot's kind: its format, the schema, and the engine whose log position it names (a workspace moved from
 * SQLite brings a snapshot whose position is an SQLite seq, meaningless on PostgreSQL: it is loaded afresh there).
 */
const keyOf = (sql: SqlClient): string => `${SNAPSHOT_FORMAT}:${MIGRATIONS.at(-1)?.version ?? 0}:${sql.engine}`;
/** Past this many logged writes since the snapshot, loading afresh beats replaying. */
export const SNAPSHOT_REPLAY_LIMIT = 20_000;
/** The advisory lock several back-end instances on one PostgreSQL take to save the snapshot one at a time. */
const SNAPSHOT_LOCK = 0x5265_656c;

async function hasTable(sql: SqlClient): Promise<boolean> {
  const row = sql.engine === 'postgres'
    ? await sql.get<{ found: string | null }>("SELECT to_regclass('search_snapshots')::text AS found")
    : await sql.get<{ found: string | null }>("SELECT name AS found FROM sqlite_master WHERE type = 'table' AND name = 'search_snapshots'");
  return (row?.found ?? null) !== null;
}

/** The saved columns and the log position they include, when a usable snapshot exists (`head`: the log's position now). */
export async function readColumnsSnapshot(sql: SqlClient, head: number): Promise<{ seq: number; columns: VideoColumns } | null> {
  if (!(await hasTable(sql))) return null;
  const row = await sql.get<{ seq: number; format: string; data: Uint8Array }>("SELECT seq, format, data FROM search_snapshots WHERE name = 'video_columns'");
  if (!row || row.format !== keyOf(sql) || row.seq > head) return null;
  if ((await createSearchLog(sql).backlog(row.seq)) > SNAPSHOT_REPLAY_LIMIT) return null;
  try {
    return { seq: row.seq, columns: new VideoColumns(deserialize(row.data) as ColumnsSnapshot) };
  } catch {
    // A damaged snapshot only costs a fresh load.
    return null;
  }
}

/**
 * Saves the columns as of log position `seq`. On PostgreSQL one instance at a time (an instance finding the lock taken
 * leaves it to the other); a database that refuses the write (read-only) simply keeps none.
 */
export async function writeColumnsSnapshot(sql: SqlClient, seq: number, columns: VideoColumns): Promise<void> {
  if (!(await hasTable(sql))) return;
  const data = serialize(columns.snapshot());
  await sql.transaction(async (tx) => {
    if (tx.engine === 'postgres') {
      const lock = await tx.get<{ taken: boolean }>('SELECT pg_try_advisory_xact_lock(?) AS taken', [SNAPSHOT_LOCK]);
      if (!lock?.taken) return;
    }
    await tx.run(
      `INSERT INTO search_snapshots (name, seq, format, data) VALUES ('video_columns', ?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET seq = excluded.seq, format = excluded.format, data = excluded.data`,
      [seq, keyOf(tx), data],
    );
  });
}

/** Builds and saves the snapshot of the whole workspace (end of seeding), so even the first start restores it. */
export async function saveSearchSnapshot(sql: SqlClient): Promise<void> {
  if (!(await hasTable(sql))) return;
  const head = await createSearchLog(sql).head();
  await writeColumnsSnapshot(sql, head, await VideoColumns.load(sql));
}
