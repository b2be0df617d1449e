import { join } from 'node:path';

/** Where the workspace lives: the embedded SQLite file of the data folder, or a PostgreSQL database (a team server). */
export type DatabaseEngine = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

/**
 * The engine is chosen by configuration alone: REELSCOPE_DATABASE_URL set (to anything but blanks) runs on that
 * PostgreSQL database, unset runs on `reelscope.sqlite` in the data folder as always. A URL that does not work stops
 * the start (openPostgresDatabase); it never falls back to SQLite.
 */
export function chooseDatabaseEngine(env: NodeJS.ProcessEnv, dataDir: string): DatabaseEngine {
  const url = env.REELSCOPE_DATABASE_URL?.trim();
  if (url) return { kind: 'postgres', url };
  return { kind: 'sqlite', file: join(dataDir, 'reelscope.sqlite') };
}
