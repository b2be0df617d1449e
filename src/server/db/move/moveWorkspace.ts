/**
 * Moves an embedded workspace (a data folder: reelscope.sqlite and media/) into a team server's PostgreSQL database
 * and media folder or bucket. The media are copied and checked first; then every table in one transaction, so a move stopped at
 * any moment leaves the database empty, and running it again finishes it.
 */
import { join } from 'node:path';
import { openDatabase } from '../database';
import { openPostgresDatabase } from '../postgres/database';
import { createFolderMediaStore } from '../../media/folderMediaStore';
import type { MediaStore } from '../../media/mediaStore';
import { copyMedia } from './copyMedia';
import type { MediaMoveSummary } from './copyMedia';
import { firstNonEmptyTable, moveTables, MoveTargetNotEmptyError } from './moveTables';
import type { MoveProgress, TableMoveSummary } from './moveTables';

export interface MoveOptions {
  /** The embedded data folder (holds reelscope.sqlite and media/). */
  dataDir: string;
  /** postgres://… of an empty database (C collation); migrated to this Reelscope's version first. */
  url: string;
  /** The team server's media folder, or its media store (a bucket); the data folder's media/ files are copied into it. */
  mediaTo: string | MediaStore;
  onProgress?: (progress: MoveProgress) => void;
  onMediaFile?: (done: number, total: number) => void;
}

export interface MoveSummary extends TableMoveSummary {
  media: MediaMoveSummary;
  seconds: number;
}

export async function moveWorkspace(options: MoveOptions): Promise<MoveSummary> {
  const started = performance.now();
  // openDatabase refuses a file written by a newer Reelscope and brings an older one up to this version.
  const sqlite = openDatabase(join(options.dataDir, 'reelscope.sqlite'));
  try {
    const pool = await openPostgresDatabase(options.url, { max: 2 });
    try {
      // Refused before any media file is copied; moveTables checks again inside its transaction.
      const occupied = await firstNonEmptyTable(pool);
      if (occupied) throw new MoveTargetNotEmptyError(options.url, occupied);
      const target = typeof options.mediaTo === 'string' ? createFolderMediaStore(options.mediaTo) : options.mediaTo;
      const media = await copyMedia(join(options.dataDir, 'media'), target, options.onMediaFile);
      const tables = await moveTables(sqlite, pool, options.url, options.onProgress);
      return { ...tables, media, seconds: (performance.now() - started) / 1000 };
    } finally {
      await pool.end();
    }
  } finally {
    sqlite.close();
  }
}

/** The closing report: rows per table, media files and bytes, the tables left behind and the time taken. */
export function describeMove(summary: MoveSummary): string[] {
  const rows = summary.moved.reduce((sum, table) => sum + table.rows, 0);
  const width = Math.max(...summary.moved.map((table) => table.table.length), 5);
  return [
    ...summary.moved.map((table) => `${table.table.padEnd(width)} ${String(table.rows).padStart(10)} rows`),
    `${'total'.padEnd(width)} ${String(rows).padStart(10)} rows in ${summary.moved.length} tables`,
    `media: ${summary.media.files} files, ${summary.media.bytes} bytes (SHA-256 checked)`,
    ...(summary.skipped.length > 0
      ? [`not moved (SQLite's own tables, which PostgreSQL's schema does not have): ${summary.skipped.join(', ')}`]
      : []),
    `moved in ${summary.seconds.toFixed(1)} s`,
  ];
}
