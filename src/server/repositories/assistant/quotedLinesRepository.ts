import type Database from 'better-sqlite3';
import type { FoundLine } from '../../assistant/engine/lineRanking';

const LINE_COLUMNS = 'id AS lineId, video_id AS videoId, line_no AS lineNo, start_time AS start, content, sentiment';

/** What a quoted line's citation shows of its video. */
export interface QuotedVideo { title: string; thumbnail_url: string | null }

/** The transcript lines the assistant reads, ranks and cites (issue 13), and the little it shows of their videos. */
export function createQuotedLinesRepository(db: Database.Database) {
  const linesOf = db.prepare(`SELECT ${LINE_COLUMNS} FROM transcript_lines WHERE video_id = ? ORDER BY line_no`);
  // A scan of the distinct words (not the lines): Chinese and Japanese lines are often one long word with no spaces.
  const wordsContaining = db.prepare('SELECT videos FROM transcript_words WHERE instr(lower(term), ?) > 0').pluck();
  const videoInfo = db.prepare('SELECT title, thumbnail_url FROM videos WHERE id = ?');
  const nextStart = db.prepare('SELECT start_time FROM transcript_lines WHERE video_id = ? AND line_no > ? ORDER BY line_no LIMIT 1').pluck();
  const clearLines = db.prepare(`SELECT ${LINE_COLUMNS}
    FROM transcript_lines WHERE video_id IN (SELECT value FROM json_each(?)) AND sentiment = ? ORDER BY length(content) DESC, id LIMIT 40`);
  return {
    /** Every line of a video, in order. */
    linesOf: (videoId: string): FoundLine[] => linesOf.all(videoId) as FoundLine[],
    /** The video postings of the indexed words that contain a (lower-case) form. */
    postingsContaining: (form: string): Buffer[] => wordsContaining.all(form) as Buffer[],
    video: (videoId: string): QuotedVideo | null => (videoInfo.get(videoId) as QuotedVideo | undefined) ?? null,
    /** When the line after `lineNo` starts, or null for a video's last line. */
    nextStart: (videoId: string, lineNo: number): number | null => (nextStart.get(videoId, lineNo) as number | undefined) ?? null,
    /** The longest 40 lines of these videos with a sentiment (the clearest ones a sentiment answer quotes). */
    clearLines: (videoIds: readonly string[], sentiment: 'positive' | 'negative'): FoundLine[] => clearLines.all(JSON.stringify(videoIds), sentiment) as FoundLine[],
  };
}
export type QuotedLinesRepository = ReturnType<typeof createQuotedLinesRepository>;
