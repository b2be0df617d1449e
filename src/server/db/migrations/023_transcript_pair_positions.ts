import type { Migration } from './index';

/**
 * Positional postings of the transcript pairs (issue 26, src/server/search/pairPositions.ts): where in each video a
 * pair is said, so a run of three words or more (a product name, a phrase) is found without reading lines. Built by
 * the back end in code: this step indexes every transcribed video again (none counts as indexed before, so none turns
 * stale), and the first search builds the positions with the other postings.
 */
export const migration023TranscriptPairPositions: Migration = {
  version: 23,
  name: 'transcript_pair_positions',
  up: `
CREATE TABLE transcript_pair_positions (id INTEGER PRIMARY KEY, positions BLOB NOT NULL);
DELETE FROM transcript_term_videos;
INSERT OR IGNORE INTO transcript_term_pending (video_rowid) SELECT v.rowid FROM videos v WHERE EXISTS (SELECT 1 FROM transcript_lines tl WHERE tl.video_id = v.id);
`,
};
