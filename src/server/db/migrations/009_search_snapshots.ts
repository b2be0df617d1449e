import type { Migration } from './index';

/** Saved state of the in-memory list index, so a start restores it instead of loading every video (issue 11). */
export const migration009SearchSnapshots: Migration = {
  version: 9,
  name: 'search_snapshots',
  up: `CREATE TABLE search_snapshots (name TEXT PRIMARY KEY, seq INTEGER NOT NULL, format TEXT NOT NULL, data BLOB NOT NULL);`,
};
