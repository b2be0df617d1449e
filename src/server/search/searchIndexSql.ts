/**
 * SQL of the search indexes of migration 005 (issue 3 performance), shared by the migration and the demo seed (which
 * suspends the maintenance triggers while it bulk-inserts and builds the indexes once at the end).
 *
 * - `transcript_texts`: each distinct transcript line text once, with a trigram FTS5 index (`transcript_text_fts`, the
 *   same tokenizer as `transcript_fts`), and `video_texts`: which video (by videos.rowid) says which text. A transcript
 *   search matches texts (few when lines repeat) and maps them to videos without touching the lines.
 * - `video_search_log`: every write that changes what the in-memory list index holds (videos rows, their products, creator
 *   names, transcripts) appends the video id, so the index refreshes just those videos, whoever wrote.
 */

/** Trigger names the seed suspends during bulk inserts (the texts ones up to migration 008, the terms ones since). */
export const SEARCH_TRIGGERS = [
  'search_log_videos_ai', 'search_log_videos_au', 'search_log_videos_ad', 'search_log_products_ai', 'search_log_products_ad',
  'search_log_creators_au', 'search_texts_lines_ai', 'search_texts_lines_ad', 'search_terms_lines_ai', 'search_terms_lines_ad',
] as const;

/** Tables, FTS and triggers (empty tables). */
export const SEARCH_SCHEMA_SQL = `
CREATE TABLE transcript_texts (id INTEGER PRIMARY KEY, content TEXT NOT NULL UNIQUE);
CREATE VIRTUAL TABLE transcript_text_fts USING fts5(
  content, content = 'transcript_texts', content_rowid = 'id', tokenize = 'trigram remove_diacritics 1'
);
CREATE TRIGGER transcript_texts_ai AFTER INSERT ON transcript_texts BEGIN
  INSERT INTO transcript_text_fts(rowid, content) VALUES (new.id, new.content);
END;
CREATE TABLE video_texts (video_rowid INTEGER NOT NULL, text_id INTEGER NOT NULL, PRIMARY KEY (video_rowid, text_id)) WITHOUT ROWID;
CREATE TABLE video_search_log (seq INTEGER PRIMARY KEY, video_id TEXT NOT NULL, kind TEXT NOT NULL CHECK (kind IN ('row', 'transcript')));

CREATE TRIGGER search_log_videos_ai AFTER INSERT ON videos BEGIN
  INSERT INTO video_search_log (video_id, kind) VALUES (new.id, 'row');
END;
CREATE TRIGGER search_log_videos_au AFTER UPDATE ON videos BEGIN
  INSERT INTO video_search_log (video_id, kind) VALUES (new.id, 'row');
END;
CREATE TRIGGER search_log_videos_ad AFTER DELETE ON videos BEGIN
  DELETE FROM video_texts WHERE video_rowid = old.rowid;
  INSERT INTO video_search_log (video_id, kind) VALUES (old.id, 'row');
END;
CREATE TRIGGER search_log_products_ai AFTER INSERT ON video_products BEGIN
  INSERT INTO video_search_log (video_id, kind) VALUES (new.video_id, 'row');
END;
CREATE TRIGGER search_log_products_ad AFTER DELETE ON video_products BEGIN
  INSERT INTO video_search_log (video_id, kind) VALUES (old.video_id, 'row');
END;
CREATE TRIGGER search_log_creators_au AFTER UPDATE OF name ON creators BEGIN
  INSERT INTO video_search_log (video_id, kind) SELECT id, 'row' FROM videos WHERE creator_id = new.id;
END;
CREATE TRIGGER search_texts_lines_ai AFTER INSERT ON transcript_lines BEGIN
  INSERT OR IGNORE INTO transcript_texts (content) VALUES (new.content);
  INSERT OR IGNORE INTO video_texts (video_rowid, text_id)
    SELECT v.rowid, t.id FROM videos v, transcript_texts t WHERE v.id = new.video_id AND t.content = new.content;
  INSERT INTO video_search_log (video_id, kind) VALUES (new.video_id, 'transcript');
END;
CREATE TRIGGER search_texts_lines_ad AFTER DELETE ON transcript_lines BEGIN
  DELETE FROM video_texts WHERE video_rowid = (SELECT rowid FROM videos WHERE id = old.video_id)
    AND text_id = (SELECT id FROM transcript_texts WHERE content = old.content)
    AND NOT EXISTS (SELECT 1 FROM transcript_lines WHERE video_id = old.video_id AND content = old.content);
  INSERT INTO video_search_log (video_id, kind) VALUES (old.video_id, 'transcript');
END;
CREATE TRIGGER search_texts_lines_au AFTER UPDATE OF content ON transcript_lines BEGIN
  DELETE FROM video_texts WHERE video_rowid = (SELECT rowid FROM videos WHERE id = old.video_id)
    AND text_id = (SELECT id FROM transcript_texts WHERE content = old.content)
    AND NOT EXISTS (SELECT 1 FROM transcript_lines WHERE video_id = old.video_id AND content = old.content);
  INSERT OR IGNORE INTO transcript_texts (content) VALUES (new.content);
  INSERT OR IGNORE INTO video_texts (video_rowid, text_id)
    SELECT v.rowid, t.id FROM videos v, transcript_texts t WHERE v.id = new.video_id AND t.content = new.content;
  INSERT INTO video_search_log (video_id, kind) VALUES (new.video_id, 'transcript');
END;
`;

/** Fills the text tables from the transcripts already present (migration of an existing database, end of seeding). */
export const SEARCH_BUILD_SQL = `
INSERT OR IGNORE INTO transcript_texts (content) SELECT content FROM transcript_lines ORDER BY id;
INSERT OR IGNORE INTO video_texts (video_rowid, text_id)
  SELECT v.rowid, t.id FROM transcript_lines tl JOIN videos v ON v.id = tl.video_id JOIN transcript_texts t ON t.content = tl.content;
`;
