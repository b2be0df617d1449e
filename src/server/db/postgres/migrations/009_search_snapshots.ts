import type { Migration } from '../../migrations/index';

/** PostgreSQL twin of migration 009: the saved list index, its bytes as bytea. */
export const pgMigration009SearchSnapshots: Migration = {
  version: 9,
  name: 'search_snapshots',
  up: `CREATE TABLE search_snapshots (name TEXT PRIMARY KEY, seq BIGINT NOT NULL, format TEXT NOT NULL, data BYTEA NOT NULL);`,
};
