import type { Migration } from './index';

/**
 * PostgreSQL's index over the transcript terms (issue 27, see its twin). SQLite keeps its FTS5 trigram indexes of
 * migration 008 and needs no count of catch-ups (its writers commit one at a time, in the change log's order); the
 * table is here, empty, so both engines have the same tables (the move copies table by table).
 */
export const migration025TranscriptTermTrigrams: Migration = {
  version: 25,
  name: 'transcript_term_trigrams',
  up: 'CREATE TABLE transcript_term_version (id INTEGER PRIMARY KEY, version INTEGER NOT NULL);',
};
