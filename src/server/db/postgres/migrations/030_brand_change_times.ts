import type { Migration } from '../../migrations/index';

/**
 * PostgreSQL twin of migration 030: when each logged change was written, as the ISO text every other time column
 * holds (UTC, milliseconds). Rows written before it keep no time.
 */
export const pgMigration030BrandChangeTimes: Migration = {
  version: 30,
  name: 'brand_change_times',
  up: `
ALTER TABLE brand_changes ADD COLUMN at TEXT;
ALTER TABLE brand_changes ALTER COLUMN at SET DEFAULT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
`,
};
