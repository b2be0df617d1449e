import type Database from 'better-sqlite3';
import { seedPostgresDemoWorkspace } from './move/seedPostgres';
import { openDatabase } from './database';
import type { DatabaseEngine } from './engine';
import { openPostgresDatabase } from './postgres/database';
import { createPostgresClient } from './postgres/postgresClient';
import type { SqlClient } from './sqlClient';
import { createSqliteClient } from './sqliteClient';
import type { SeedOptions, SeedSummary } from '../seed/index';
import { createInProcessNotifier, createPostgresNotifier, type ChangeNotifier } from './changeNotifier';

/** The seed a start runs on an empty workspace (tests replace it to slow it down; SQLite only). */
export type DemoSeeder = (db: Database.Database, options: SeedOptions) => Promise<SeedSummary>;

/** The workspace's database opened on its engine: the client the store layer talks through, and how to seed and close it. */
export interface WorkspaceDatabase {
  sql: SqlClient;
  /** The SQLite handle of the embedded engine (null on PostgreSQL): tests and host tools read through it. */
  sqlite: Database.Database | null;
  /** How instances sharing the database wake each other (LISTEN/NOTIFY on PostgreSQL; nobody else on SQLite). */
  notifier: ChangeNotifier;
  /** Whether no one has an account yet (a fresh workspace). */
  isEmpty(): Promise<boolean>;
  /** Seeds the demo workspace into the empty database. */
  seedDemo(options: SeedOptions, seeder?: DemoSeeder): Promise<void>;
  close(): Promise<void>;
}

async function noUsers(sql: SqlClient): Promise<boolean> {
  return ((await sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM users'))?.n ?? 0) === 0;
}

/**
 * Opens (and migrates) the workspace's database: the SQLite file of the data folder, or the PostgreSQL database of
 * REELSCOPE_DATABASE_URL (one clear line when it cannot be reached, never a fall-back to SQLite).
 */
export async function openWorkspaceDatabase(engine: DatabaseEngine, defaultSeeder: DemoSeeder): Promise<WorkspaceDatabase> {
  if (engine.kind === 'sqlite') {
    const db = openDatabase(engine.file);
    const sql = createSqliteClient(db);
    return {
      sql,
      sqlite: db,
      notifier: createInProcessNotifier(),
      isEmpty: () => noUsers(sql),
      seedDemo: async (options, seeder = defaultSeeder) => void (await seeder(db, options)),
      close: async () => {
        if (db.open) db.close();
      },
    };
  }
  const pool = await openPostgresDatabase(engine.url);
  const sql = createPostgresClient(pool);
  const notifier = createPostgresNotifier(pool);
  return {
    sql,
    sqlite: null,
    notifier,
    isEmpty: () => noUsers(sql),
    // The one seed there is writes SQLite: it seeds a temporary file and moves it in (seedPostgres.ts).
    seedDemo: async (options) => void (await seedPostgresDemoWorkspace(pool, engine.url, options)),
    close: async () => {
      await notifier.close();
      await pool.end();
    },
  };
}
