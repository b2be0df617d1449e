import { deserialize, serialize } from 'node:v8';
import type Database from 'better-sqlite3';
import { MIGRATIONS } from '../db/migrations/index';
import { VideoColumns, type ColumnsSnapshot } from './videoColumns';

/**
 * The list index's columns saved in the database (issue 11: a cold start at 100k videos took 4–7 s of loading before
 * the first list could answer). Restoring them takes a fraction of that; the writes logged after the snapshot's `seq`
 * are then replayed as usual. A snapshot of another format or schema is ignored and replaced.
 */
const FORMAT = 9;
const KEY = `${FORMAT}:${MIGRATIONS.at(-1)?.version ?? 0}`;
/** Past this many logged writes since the snapshot, loading afresh beats replaying. */
export const SNAPSHOT_REPLAY_LIMIT = 20_000;

function hasTable(db: Database.Database): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'search_snapshots'").pluck().get() !== undefined;
}

/** The saved columns and the log position they include, when a usable snapshot exists. */
export function readColumnsSnapshot(db: Database.Database, lastSeq: number): { seq: number; columns: VideoColumns } | null {
  if (!hasTable(db)) return null;
  const row = db.prepare("SELECT seq, format, data FROM search_snapshots WHERE name = 'video_columns'").get() as { seq: number; format: string; data: Buffer } | undefined;
  if (!row || row.format !== KEY || row.seq > lastSeq || lastSeq - row.seq > SNAPSHOT_REPLAY_LIMIT) return null;
  try {
    return { seq: row.seq, columns: new VideoColumns(db, deserialize(row.data) as ColumnsSnapshot) };
  } catch {
    // A damaged snapshot only costs a fresh load.
    return null;
  }
}

/** Saves the columns as of log position `seq` (a read-only database simply keeps none). */
export function writeColumnsSnapshot(db: Database.Database, seq: number, columns: VideoColumns): void {
  if (!hasTable(db) || db.readonly) return;
  db.prepare("INSERT OR REPLACE INTO search_snapshots (name, seq, format, data) VALUES ('video_columns', ?, ?, ?)").run(seq, KEY, serialize(columns.snapshot()));
}

/** Builds and saves the snapshot of the whole workspace (end of seeding), so even the first start restores it. */
export function saveSearchSnapshot(db: Database.Database): void {
  if (!hasTable(db)) return;
  const seq = db.prepare('SELECT COALESCE(MAX(seq), 0) FROM video_search_log').pluck().get() as number;
  writeColumnsSnapshot(db, seq, new VideoColumns(db));
}
