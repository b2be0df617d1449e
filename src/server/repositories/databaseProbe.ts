import type Database from 'better-sqlite3';

/** Whether the database answers a trivial query: what the readiness probe asks (false once it is closed or failing). */
export function createDatabaseProbe(db: Database.Database) {
  let trivial: Database.Statement | null = null;
  return {
    answers(): boolean {
      try {
        trivial ??= db.prepare('SELECT 1');
        return trivial.pluck().get() === 1;
      } catch {
        return false;
      }
    },
  };
}
export type DatabaseProbe = ReturnType<typeof createDatabaseProbe>;
