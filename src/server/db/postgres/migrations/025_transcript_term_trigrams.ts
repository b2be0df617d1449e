import type { Migration } from '../../migrations/index';

/**
 * The transcript terms searchable on PostgreSQL (issue 27), which has no FTS5: each term carries its text folded as
 * SQLite's trigram index folds it (src/server/search/trigramFold.ts), and a search is `folded LIKE '%…%'` over a
 * pg_trgm index, the same answers as SQLite's MATCH. The terms are written by the back end, so every transcribed video
 * is indexed again (none counts as indexed before, so none turns stale); the first search rebuilds them with the
 * folded text.
 */
export const pgMigration025TranscriptTermTrigrams: Migration = {
  version: 25,
  name: 'transcript_term_trigrams',
  up: `
CREATE EXTENSION IF NOT EXISTS pg_trgm;
ALTER TABLE transcript_words ADD COLUMN folded TEXT NOT NULL DEFAULT '';
ALTER TABLE transcript_pairs ADD COLUMN folded TEXT NOT NULL DEFAULT '';
CREATE INDEX transcript_words_folded_trgm ON transcript_words USING gin (folded gin_trgm_ops);
CREATE INDEX transcript_pairs_folded_trgm ON transcript_pairs USING gin (folded gin_trgm_ops);
DELETE FROM transcript_term_videos;
INSERT INTO transcript_term_pending (video_rowid) SELECT v.rowid FROM videos v WHERE EXISTS (SELECT 1 FROM transcript_lines tl WHERE tl.video_id = v.id)
  ON CONFLICT DO NOTHING;
`,
};
