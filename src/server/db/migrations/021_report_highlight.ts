import type { Migration } from './index';

/**
 * A saved report's highlight (issue 26, spec §7): the word or phrase a speech report is narrowed to, so "What creators
 * say about price" keeps to passages that say "price". Empty: every passage with a clear sentiment, as before.
 */
export const migration021ReportHighlight: Migration = {
  version: 21,
  name: 'report_highlight',
  up: `
ALTER TABLE reports ADD COLUMN highlight TEXT NOT NULL DEFAULT '';
`,
};
