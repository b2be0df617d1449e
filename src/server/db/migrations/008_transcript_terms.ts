import type { Migration } from './index';

const termTable = (table: string) => `
CREATE TABLE ${table} (id INTEGER PRIMARY KEY, term TEXT NOT NULL UNIQUE, videos BLOB NOT NULL);
CREATE VIRTUAL TABLE ${table}_fts USING fts5(term, content = '${table}', content_rowid = 'id', tokenize = 'trigram remove_diacritics 1');
`;

const pendingOnChange = (event: 'INSERT' | 'DELETE' | 'UPDATE OF content', row: 'new' | 'old', suffix: string) => `
CREATE TRIGGER search_terms_lines_${suffix} AFTER ${event} ON transcript_lines BEGIN
  INSERT OR IGNORE INTO transcript_term_pending (video_rowid) SELECT rowid FROM videos WHERE id = ${row}.video_id;
  INSERT INTO video_search_log (video_id, kind) VALUES (${row}.video_id, 'transcript');
END;`;

/**
 * The transcript term index (issue 11, src/server/search/transcriptTerms.ts): words and single-space pairs of the
 * transcripts with their videos' postings, replacing the distinct-line tables of migration 005 (with real, varied
 * speech every line is distinct, so those held every line twice). The postings are built by the back end in code:
 * this step marks every transcribed video pending, and the first search builds them.
 */
export const migration008TranscriptTerms: Migration = {
  version: 8,
  name: 'transcript_terms',
  up: `
DROP TRIGGER IF EXISTS search_texts_lines_ai;
DROP TRIGGER IF EXISTS search_texts_lines_ad;
DROP TRIGGER IF EXISTS search_texts_lines_au;
DROP TRIGGER IF EXISTS transcript_texts_ai;
DROP TABLE IF EXISTS video_texts;
DROP TABLE IF EXISTS transcript_text_fts;
DROP TABLE IF EXISTS transcript_texts;
${termTable('transcript_words')}
${termTable('transcript_pairs')}
CREATE TABLE transcript_term_videos (video_rowid INTEGER PRIMARY KEY);
CREATE TABLE transcript_term_pending (video_rowid INTEGER PRIMARY KEY);
CREATE TABLE transcript_term_stale (video_rowid INTEGER PRIMARY KEY);
${pendingOnChange('INSERT', 'new', 'ai')}
${pendingOnChange('DELETE', 'old', 'ad')}
${pendingOnChange('UPDATE OF content', 'new', 'au')}
DROP TRIGGER search_log_videos_ad;
CREATE TRIGGER search_log_videos_ad AFTER DELETE ON videos BEGIN
  INSERT OR IGNORE INTO transcript_term_stale (video_rowid) SELECT video_rowid FROM transcript_term_videos WHERE video_rowid = old.rowid;
  INSERT INTO video_search_log (video_id, kind) VALUES (old.id, 'row');
END;
INSERT INTO transcript_term_pending (video_rowid) SELECT v.rowid FROM videos v WHERE EXISTS (SELECT 1 FROM transcript_lines tl WHERE tl.video_id = v.id);
`,
};
