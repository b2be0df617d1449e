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
    /** Every line of each video, in order, by video (one round trip for all of them). */
    async linesOf(videoIds: readonly string[]): Promise<Map<string, FoundLine[]>> {
      const byVideo = new Map<string, FoundLine[]>(videoIds.map((id) => [id, []]));
      if (videoIds.length === 0) return byVideo;
      const videos = inList(sql, 'video_id', videoIds);
      for (const line of await sql.all<FoundLine>(`SELECT ${LINE_COLUMNS} FROM transcript_lines WHERE ${videos.sql} ORDER BY video_id, line_no`, [videos.param])) {
        byVideo.get(line.videoId)?.push(line);
      }
      return byVideo;
    },
    /** These lines (by id) that exist, whatever their video: the caller checks the video may be seen. */
    linesById(lineIds: readonly number[]): Promise<FoundLine[]> {
      if (lineIds.length === 0) return Promise.resolve([]);
      // Integer ids, one placeholder each (a revision cites a handful): inList is for text values.
      return sql.all<FoundLine>(`SELECT ${LINE_COLUMNS} FROM transcript_lines WHERE id IN (${lineIds.map(() => '?').join(', ')})`, [...lineIds]);
    },
    /** The video postings of the indexed words that contain a (lower-case) form. */
    postingsContaining: async (form: string): Promise<Buffer[]> => (await sql.all<{ videos: Buffer }>(wordsContaining, [form])).map((row) => row.videos),
    /**
     * A quoted line's video (null when it is gone), and when the line ends: text on screen where it leaves the screen,
     * speech where the next line heard starts (null after the last line).
     */
    async citation(videoId: string, lineNo: number): Promise<{ video: QuotedVideo | null; next: number | null }> {
      // One round trip; the row is there even when the video is gone (its columns are null then).
      const row = await sql.get<{ title: string | null; thumbnail_url: string | null; language: string | null; next: number | null }>(
        `SELECT v.title, v.thumbnail_url, v.language, COALESCE(q.end_time, (SELECT n.start_time FROM transcript_lines n WHERE n.video_id = q.video_id AND n.track = q.track AND n.line_no > q.line_no ORDER BY n.line_no LIMIT 1)) AS next
         FROM (SELECT 1 AS one) AS here LEFT JOIN videos v ON v.id = ? LEFT JOIN transcript_lines q ON q.video_id = ? AND q.line_no = ?`,
        [videoId, videoId, lineNo],
      );
      return { video: row?.title == null ? null : { title: row.title, thumbnail_url: row.thumbnail_url, language: row.language ?? '' }, next: row?.next ?? null };
    },
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
