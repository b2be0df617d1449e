import type { Migration } from './index';

/**
 * PostgreSQL's index over the transcript terms (issue 27, see its twin); SQLite keeps its FTS5 trigram indexes of
 * migration 008. Both count the catch-ups of the term index (src/server/search/transcriptTermBuild.ts), so a back end
 * reads its list of indexed videos again only after one, not after every write.
 */
export const migration025TranscriptTermTrigrams: Migration = {
  version: 25,
  name: 'transcript_term_trigrams',
  up: 'CREATE TABLE transcript_term_version (id INTEGER PRIMARY KEY, version INTEGER NOT NULL);',
};
