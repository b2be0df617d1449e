/**
 * The same workspace schema on both engines, for tests that compare them: a migrated SQLite file (openDatabase, as the
 * embedded back end opens it) and a migrated PostgreSQL database (openPostgresDatabase) in a throwaway cluster. Both
 * answer plain SQL text, so a test runs one statement on each and compares what they hold.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../../../../src/server/db/database';
import type { SqliteDatabase } from '../../../../../src/server/db/database';
import { openPostgresDatabase } from '../../../../../src/server/db/postgres/database';
import type { PostgresPool } from '../../../../../src/server/db/postgres/pool';

export type Row = Record<string, unknown>;

export interface TwoEngines {
  sqlite: SqliteDatabase;
  pg: PostgresPool;
  /** Where each engine's database is, for a second connection to it (another back-end instance on the same database). */
  sqlitePath: string;
  pgUrl: string;
  /** Runs `sql` (statements without parameters) on both engines. */
  exec: (sql: string) => Promise<void>;
  /** The rows of one query on each engine. */
  query: (sql: string) => Promise<{ sqlite: Row[]; pg: Row[] }>;
  close: () => Promise<void>;
}

export async function openTwoEngines(pgUrl: string): Promise<TwoEngines> {
  const dir = mkdtempSync(join(tmpdir(), 'reelscope-two-engines-'));
  const sqlitePath = join(dir, 'reelscope.sqlite');
  const sqlite = openDatabase(sqlitePath);
  const pg = await openPostgresDatabase(pgUrl);
  return {
    sqlite,
    pg,
    sqlitePath,
    pgUrl,
    exec: async (sql) => {
      sqlite.exec(sql);
      await pg.query(sql);
    },
    query: async (sql) => ({ sqlite: sqlite.prepare(sql).all() as Row[], pg: (await pg.query<Row>(sql)).rows }),
    close: async () => {
      sqlite.close();
      rmSync(dir, { recursive: true, force: true });
      await pg.end();
    },
  };
}
