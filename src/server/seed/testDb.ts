import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { migrateDatabase } from '../db/migrate';
import { MIGRATIONS } from '../db/migrations/index';

/** A migrated SQLite file in a fresh temp folder, with a media folder beside it; `dispose` removes both. */
export interface TempWorkspace {
  db: Database.Database;
  dir: string;
  mediaDir: string;
  dispose: () => void;
}

/** Opens a real SQLite file in a new temp dir and applies every migration (test helper). */
export function openTempWorkspace(prefix = 'reelscope-seed-'): TempWorkspace {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const db = new Database(join(dir, 'reelscope.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  migrateDatabase(db, MIGRATIONS);
  return {
    db,
    dir,
    mediaDir: join(dir, 'media'),
    dispose: () => {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
