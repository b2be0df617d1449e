import type { Migration } from './index';

/**
 * The transcript triples (issue 26, src/server/search/transcriptTerms.ts): three words a single space apart, with
 * their videos' postings and a trigram index like the words and pairs of migration 008, and their positional postings
 * (src/server/search/runPositions.ts), which take the place of the pairs' (migration 023). A phrase of three words is
 * then one lookup, and a longer one walks its triples' positions: a triple is said a few times a video where a pair
 * such as "of the" is said dozens of times, so a phrase said in half the videos no longer decodes every video's slots
 * of its common pairs. Built by the back end in code: this step indexes every transcribed video again (none counts as
 * indexed before, so none turns stale), and the first search builds the triples with the other postings.
 */
export const migration032TranscriptTriples: Migration = {
  version: 32,
  name: 'transcript_triples',
  up: `
CREATE TABLE transcript_triples (id INTEGER PRIMARY KEY, term TEXT NOT NULL UNIQUE, videos BLOB NOT NULL);
CREATE VIRTUAL TABLE transcript_triples_fts USING fts5(term, content = 'transcript_triples', content_rowid = 'id', tokenize = 'trigram remove_diacritics 1');
CREATE TABLE transcript_triple_positions (id INTEGER PRIMARY KEY, positions BLOB NOT NULL);
DROP TABLE transcript_pair_positions;
DELETE FROM transcript_term_videos;
INSERT OR IGNORE INTO transcript_term_pending (video_rowid) SELECT v.rowid FROM videos v WHERE EXISTS (SELECT 1 FROM transcript_lines tl WHERE tl.video_id = v.id);
`,
};
