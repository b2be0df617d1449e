import Database from 'better-sqlite3';
import { MIGRATIONS } from './migrations/index';
import { migrateDatabase } from './migrate';

export type { Database as SqliteDatabase } from 'better-sqlite3';

/**
 * Opens (creating if needed) the SQLite file, configures it for one writer with concurrent readers,
 * and brings its schema up to date. Throws when the file was written by a newer Reelscope.
 */
export function openDatabase(file: string): Database.Database {
  const db = new Database(file);
  try {
    // WAL lets readers proceed while a write is in progress; busy_timeout absorbs short lock waits.
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    // Lists fetch their page's rows by id, scattered over a file of gigabytes at 100k videos: a 32 MiB page cache keeps
    // the pages they share (SQLite's default is 2 MiB). No memory-mapped reads: where the OS has the file cached, each
    // mapped page read maps its cached neighbours into the process too, which put 90 MiB of the file into the back
    // end's resident memory at 100k (367 MiB against 268 without), for searches measured no faster (videoQueries bench).
    db.pragma('cache_size = -32768');
    db.pragma('mmap_size = 0');
    migrateDatabase(db, MIGRATIONS);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
