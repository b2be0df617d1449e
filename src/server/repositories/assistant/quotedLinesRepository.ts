import { inList, type SqlClient } from '../../db/sqlClient';
import type { FoundLine } from '../../assistant/engine/lineRanking';

const LINE_COLUMNS = 'id AS "lineId", video_id AS "videoId", line_no AS "lineNo", start_time AS start, content, sentiment';

/** What a quoted line's citation shows of its video. */
export interface QuotedVideo { title: string; thumbnail_url: string | null; language: string }

/** The transcript lines the assistant reads, ranks and cites (issue 13), and the little it shows of their videos. */
export function createQuotedLinesRepository(sql: SqlClient) {
  // A scan of the distinct words (not the lines): Chinese and Japanese lines are often one long word with no spaces.
  // instr on SQLite is strpos on PostgreSQL; lower() folds ASCII alike on both (PostgreSQL runs with ctype C).
  const wordsContaining = `SELECT videos FROM transcript_words WHERE ${sql.engine === 'postgres' ? 'strpos' : 'instr'}(lower(term), ?) > 0`;
  return {
    /** Every line of a video, in order. */
    linesOf: (videoId: string): Promise<FoundLine[]> => sql.all<FoundLine>(`SELECT ${LINE_COLUMNS} FROM transcript_lines WHERE video_id = ? ORDER BY line_no`, [videoId]),
    /** The video postings of the indexed words that contain a (lower-case) form. */
    postingsContaining: async (form: string): Promise<Buffer[]> => (await sql.all<{ videos: Buffer }>(wordsContaining, [form])).map((row) => row.videos),
    video: async (videoId: string): Promise<QuotedVideo | null> =>
      (await sql.get<QuotedVideo>('SELECT title, thumbnail_url, language FROM videos WHERE id = ?', [videoId])) ?? null,
    /** When the line after `lineNo` starts, or null for a video's last line. */
    nextStart: async (videoId: string, lineNo: number): Promise<number | null> =>
      (await sql.get<{ start_time: number }>('SELECT start_time FROM transcript_lines WHERE video_id = ? AND line_no > ? ORDER BY line_no LIMIT 1', [videoId, lineNo]))?.start_time ?? null,
    /** The names a question can use: the brand's products and its competitors (the assistant reads them in questions). */
    async namesOf(brandId: string, competitorIds: readonly string[]): Promise<{ products: { id: string; name: string }[]; competitors: { id: string; name: string }[] }> {
      const rivals = inList(sql, 'id', competitorIds);
      const [products, competitors] = await Promise.all([
        sql.all<{ id: string; name: string }>('SELECT id, name FROM products WHERE brand_id = ? ORDER BY name', [brandId]),
        competitorIds.length === 0 ? Promise.resolve([]) : sql.all<{ id: string; name: string }>(`SELECT id, name FROM brands WHERE ${rivals.sql} ORDER BY name`, [rivals.param]),
      ]);
      return { products, competitors };
    },
    /** The longest 40 lines of these videos with a sentiment (the clearest ones a sentiment answer quotes). */
    clearLines(videoIds: readonly string[], sentiment: 'positive' | 'negative'): Promise<FoundLine[]> {
      const videos = inList(sql, 'video_id', videoIds);
      return sql.all<FoundLine>(`SELECT ${LINE_COLUMNS} FROM transcript_lines WHERE ${videos.sql} AND sentiment = ? ORDER BY length(content) DESC, id LIMIT 40`, [videos.param, sentiment]);
    },
  };
}
export type QuotedLinesRepository = ReturnType<typeof createQuotedLinesRepository>;
