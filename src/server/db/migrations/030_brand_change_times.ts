import type { Migration } from './index';

/**
 * When each logged change was written (issue 29, the activity view: who did what, and when). SQLite cannot add a
 * column whose default is the current time, so a trigger stamps each new row in the same write; the rows written
 * before this migration keep no time (the activity view shows them without one, and a date filter leaves them out).
 */
export const migration030BrandChangeTimes: Migration = {
  version: 30,
  name: 'brand_change_times',
  up: `
ALTER TABLE brand_changes ADD COLUMN at TEXT;
CREATE TRIGGER brand_changes_at AFTER INSERT ON brand_changes WHEN new.at IS NULL BEGIN
  UPDATE brand_changes SET at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE seq = new.seq;
END;
`,
};
