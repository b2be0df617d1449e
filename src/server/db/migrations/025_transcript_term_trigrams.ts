import type { Migration } from './index';

/**
 * PostgreSQL's index over the transcript terms (issue 27, see its twin): SQLite keeps its FTS5 trigram indexes of
 * migration 008, so this step has nothing to do here.
 */
export const migration025TranscriptTermTrigrams: Migration = {
  version: 25,
  name: 'transcript_term_trigrams',
  up: 'SELECT 1;',
};
