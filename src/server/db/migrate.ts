import type Database from 'better-sqlite3';
import { actingUserId } from './actingUser';
import type { Migration } from './migrations/index';

/** Raised when the database was created by a newer release than this code. */
export class DatabaseTooNewError extends Error {
  constructor(recorded: number, known: number) {
    super(
      `The Reelscope database has schema version ${recorded}, but this version of Reelscope only knows up to ${known}. ` +
        'Update Reelscope or choose another data folder.',
    );
    this.name = 'DatabaseTooNewError';
  }
}

interface VersionRow {
  version: number | null;
}

/**
 * Defines `acting_user()` on a connection: who the statement being run acts for (actingUser.ts), which the change log's
 * triggers record (migration 033). A trigger calling a function the connection lacks fails the write, so every
 * connection that migrates defines it, and so does any other that writes to a logged table.
 */
export function defineActingUser(db: Database.Database): void {
  db.function('acting_user', { deterministic: false }, () => actingUserId());
}

/** Applies every migration newer than the recorded version, each in its own transaction. Returns the versions applied. */
export function migrateDatabase(db: Database.Database, migrations: readonly Migration[], now: () => Date = () => new Date()): number[] {
  defineActingUser(db);
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  const ordered = [...migrations].sort((a, b) => a.version - b.version);
  const known = ordered.at(-1)?.version ?? 0;
  const row = db.prepare('SELECT MAX(version) AS version FROM schema_migrations').get() as VersionRow;
  const recorded = row.version ?? 0;
  if (recorded > known) throw new DatabaseTooNewError(recorded, known);

  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  const applied: number[] = [];
  for (const migration of ordered) {
    if (migration.version <= recorded) continue;
    // One transaction per step: a failing step leaves the database at the previous version, never half-migrated.
    db.transaction(() => {
      db.exec(migration.up);
      record.run(migration.version, migration.name, now().toISOString());
    })();
    applied.push(migration.version);
  }
  return applied;
}
