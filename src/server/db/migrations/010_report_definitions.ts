import type { Migration } from './index';

/**
 * What a saved report needs beyond its kind, filters and duration (issue 12): the custom window, the comparison
 * window, a custom report's metrics, its graph type, and when it last changed (the list's order).
 */
export const migration010ReportDefinitions: Migration = {
  version: 10,
  name: 'report_definitions',
  up: `
ALTER TABLE reports ADD COLUMN start_date TEXT;
ALTER TABLE reports ADD COLUMN end_date TEXT;
ALTER TABLE reports ADD COLUMN comparison TEXT NOT NULL DEFAULT 'previous' CHECK (comparison IN ('previous','none','custom'));
ALTER TABLE reports ADD COLUMN compare_start_date TEXT;
ALTER TABLE reports ADD COLUMN compare_end_date TEXT;
ALTER TABLE reports ADD COLUMN metrics TEXT NOT NULL DEFAULT '[]';
ALTER TABLE reports ADD COLUMN graph_type TEXT NOT NULL DEFAULT 'line' CHECK (graph_type IN ('line','bar','area'));
ALTER TABLE reports ADD COLUMN updated_at TEXT NOT NULL DEFAULT '';
UPDATE reports SET updated_at = created_at;
CREATE INDEX reports_brand_updated ON reports(brand_id, updated_at);
`,
};
