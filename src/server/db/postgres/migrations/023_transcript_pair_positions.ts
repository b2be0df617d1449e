import type { Migration } from '../../migrations/index';

/** PostgreSQL twin of migration 023 (positional postings of the transcript pairs, bytea; every transcribed video pending again). */
export const pgMigration023TranscriptPairPositions: Migration = {
  version: 23,
  name: 'transcript_pair_positions',
  up: `
CREATE TABLE transcript_pair_positions (id BIGINT PRIMARY KEY, positions BYTEA NOT NULL);
DELETE FROM transcript_term_videos;
INSERT INTO transcript_term_pending (video_rowid) SELECT v.rowid FROM videos v WHERE EXISTS (SELECT 1 FROM transcript_lines tl WHERE tl.video_id = v.id)
  ON CONFLICT DO NOTHING;
`,
};
