/**
 * REELSCOPE_SEED=1 on a team server: the demo workspace is seeded by the one seed there is (src/server/seed, written
 * for SQLite) into a temporary SQLite file, then moved into the PostgreSQL database by the move's own code, in one
 * transaction. The demo media go straight into the server's media folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../database';
import type { PostgresPool } from '../postgres/pool';
import { seedDemoWorkspace } from '../../seed/index';
import type { SeedOptions } from '../../seed/index';
import { firstNonEmptyTable, moveTables } from './moveTables';
import type { TableMoveSummary } from './moveTables';

/**
 * Seeds the demo workspace into the (migrated) PostgreSQL database of `pool` when it holds no workspace yet; answers
 * what was moved, or null when the database already had a workspace (a restart with REELSCOPE_SEED=1 keeps it).
 */
export async function seedPostgresDemoWorkspace(pool: PostgresPool, url: string, options: SeedOptions): Promise<TableMoveSummary | null> {
  if (await firstNonEmptyTable(pool)) return null;
  const dir = mkdtempSync(join(tmpdir(), 'reelscope-seed-'));
  try {
    const sqlite = openDatabase(join(dir, 'reelscope.sqlite'));
    try {
      await seedDemoWorkspace(sqlite, options);
      return await moveTables(sqlite, pool, url);
    } finally {
      sqlite.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
