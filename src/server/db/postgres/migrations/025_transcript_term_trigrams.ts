import type { Migration } from '../../migrations/index';

/**
 * The transcript terms searchable on PostgreSQL (issue 27), which has no FTS5: each term carries its text folded as
 * SQLite's trigram index folds it (src/server/search/trigramFold.ts), and a search is `folded LIKE '%…%'` over a
 * pg_trgm index, the same answers as SQLite's MATCH. The terms are written by the back end, so every transcribed video
 * is indexed again (none counts as indexed before, so none turns stale); the first search rebuilds them with the
 * folded text. The catch-ups are counted in `transcript_term_version`: a transaction here may commit its change-log
 * row under a lower seq than one already read, so a back end cannot tell from the log's last seq alone that another
 * back end has indexed something since it last looked (SQLite commits one writer at a time, in seq order). A term
 * without its folded text (copied from an embedded workspace by the move) makes the next catch-up rebuild the terms;
 * the partial indexes find one at once.
 */
export const pgMigration025TranscriptTermTrigrams: Migration = {
  version: 25,
  name: 'transcript_term_trigrams',
  up: `
CREATE EXTENSION IF NOT EXISTS pg_trgm;
ALTER TABLE transcript_words ADD COLUMN folded TEXT;
ALTER TABLE transcript_pairs ADD COLUMN folded TEXT;
CREATE INDEX transcript_words_folded_trgm ON transcript_words USING gin (folded gin_trgm_ops);
CREATE INDEX transcript_pairs_folded_trgm ON transcript_pairs USING gin (folded gin_trgm_ops);
CREATE INDEX transcript_words_unfolded ON transcript_words (id) WHERE folded IS NULL;
CREATE INDEX transcript_pairs_unfolded ON transcript_pairs (id) WHERE folded IS NULL;
CREATE TABLE transcript_term_version (id BIGINT PRIMARY KEY, version BIGINT NOT NULL);
DELETE FROM transcript_term_videos;
INSERT INTO transcript_term_pending (video_rowid) SELECT v.rowid FROM videos v WHERE EXISTS (SELECT 1 FROM transcript_lines tl WHERE tl.video_id = v.id)
  ON CONFLICT DO NOTHING;
`,
};
