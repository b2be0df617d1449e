import { inList, listRows, type SqlClient } from '../../db/sqlClient';
import type { TranscriptLine } from '../../../shared/domain/video';
import { searchTranscript } from '../../../shared/rules/videos';
import { FTS_MIN_CHARS } from '../../search/searchLimits';
import { ftsPhrase } from './videoScope';
import type { TranscriptIndex } from '../../search/transcriptIndex';
import { trigramFold } from '../../search/trigramFold';
import { termKind } from '../../search/transcriptTerms';
import { foldAscii } from '../../search/columnValues';

const LINE_COLUMNS = 'line_no, start_time, content, sentiment, speaker, track, end_time';

/**
 * A video's transcript lines, all or those containing a search, with the meaning the list's search has: 3 characters
 * or more are tested against the matching terms of the transcript index (words and single-space runs) or, for odd
 * spacing, found through the line index limited to this video's rows (SQLite's FTS5; on PostgreSQL the video's lines
 * folded as that index folds them), so the cost follows the video, not every matching line of the workspace; shorter
 * searches filter the video's lines in code.
 */
export function createTranscriptLines(sql: SqlClient, terms: TranscriptIndex) {
  const all = (videoId: string) => sql.all<TranscriptLine>(`SELECT ${LINE_COLUMNS} FROM transcript_lines WHERE video_id = ? ORDER BY line_no`, [videoId]);

  /** The video's lines containing a phrase of odd spacing (one the term index leaves to the line index). */
  const linesWithPhrase = async (videoId: string, text: string): Promise<TranscriptLine[]> => {
    if (sql.engine === 'postgres') {
      const folded = trigramFold(text);
      return [...folded].length < FTS_MIN_CHARS ? [] : (await all(videoId)).filter((line) => trigramFold(line.content).includes(folded));
    }
    const range = await sql.get<{ low: number | null; high: number | null }>('SELECT MIN(id) AS low, MAX(id) AS high FROM transcript_lines WHERE video_id = ?', [videoId]);
    return sql.all<TranscriptLine>(
      `SELECT tl.line_no, tl.start_time, tl.content, tl.sentiment, tl.speaker, tl.track, tl.end_time FROM transcript_fts f JOIN transcript_lines tl ON tl.id = f.rowid
       WHERE transcript_fts MATCH ? AND f.rowid BETWEEN ? AND ? AND tl.video_id = ? ORDER BY tl.line_no`,
      [ftsPhrase(text), range?.low ?? 0, range?.high ?? -1, videoId],
    );
  };

  /** The video's lines containing any of the texts, in line order (SQLite's instr, PostgreSQL's strpos: exact text). */
  const linesContainingAny = (videoId: string, texts: readonly string[]) => {
    const test = sql.engine === 'postgres' ? 'strpos(content, ?) > 0' : 'instr(content, ?) > 0';
    const any = texts.map(() => test).join(' OR ');
    return sql.all<{ start_time: number; content: string }>(`SELECT start_time, content FROM transcript_lines WHERE video_id = ? AND (${any}) ORDER BY line_no`, [videoId, ...texts]);
  };

  /**
   * The exact test of a line for a search the term index answers (null: too short, or odd spacing). `prepared`: the
   * caller has just readied the index for this text (a list page right after its match), which saves a round trip.
   */
  const lineTestOf = async (text: string, prepared = false): Promise<((content: string) => boolean) | null> => {
    if ([...text].length < FTS_MIN_CHARS || termKind(text) === 'line') return null;
    if (!prepared) await terms.ready([text]);
    return terms.lineTest(text);
  };

  const lines = async (videoId: string, search: string): Promise<{ total: number; lines: TranscriptLine[] }> => {
    const text = search.trim();
    if (text === '' || [...text].length < FTS_MIN_CHARS) {
      const every = await all(videoId);
      return { total: every.length, lines: text === '' ? every : searchTranscript(every, text) };
    }
    const says = await lineTestOf(text);
    const total = (await sql.get<{ total: number }>('SELECT COUNT(*) AS total FROM transcript_lines WHERE video_id = ?', [videoId]))?.total ?? 0;
    if (total === 0) return { total, lines: [] };
    return { total, lines: says ? (await all(videoId)).filter((line) => says(line.content)) : await linesWithPhrase(videoId, text) };
  };

  return {
    /** Every line when the search is empty, else the matching ones; `total` counts every line of the video. */
    lines,

    /**
     * The first line containing the search (the one a list shows under a found video), or null. Only the lines holding
     * one of the few terms the search can be said as are read (a necessary condition of the exact test): a page of 50
     * found videos read 2,000-odd lines to show 50.
     */
    async firstMatch(videoId: string, search: string): Promise<{ start_time: number; content: string } | null> {
      const text = search.trim();
      const says = await lineTestOf(text);
      if (!says) return (await lines(videoId, search)).lines[0] ?? null;
      const hints = terms.lineHints(text);
      if (hints?.length === 0) return null;
      const candidates = hints ? await linesContainingAny(videoId, hints) : await all(videoId);
      const first = candidates.find((line) => says(line.content));
      return first ? { start_time: first.start_time, content: first.content } : null;
    },

    /**
     * `firstMatch` of each of a page's videos in one read (one round trip, not one per video: on PostgreSQL a page of
     * 50 found videos was 100 round trips). Videos without a matching line are absent. `prepared`: the caller has just
     * readied the transcript index for this search (see lineTestOf).
     */
    async firstMatches(videoIds: readonly string[], search: string, prepared = false): Promise<Map<string, { start_time: number; content: string }>> {
      const text = search.trim();
      const found = new Map<string, { start_time: number; content: string }>();
      const says = videoIds.length === 0 ? null : await lineTestOf(text, prepared);
      if (!says) {
        for (const id of videoIds) {
          const first = (await lines(id, search)).lines[0];
          if (first) found.set(id, { start_time: first.start_time, content: first.content });
        }
        return found;
      }
      const hints = terms.lineHints(text);
      if (hints?.length === 0) return found;
      const test = sql.engine === 'postgres' ? 'strpos(content, ?) > 0' : 'instr(content, ?) > 0';
      const narrowed = hints ? ` AND (${hints.map(() => test).join(' OR ')})` : '';
      const readAll = async (ids: readonly string[]) => {
        const list = inList(sql, 'video_id', ids);
        return sql.all<{ video_id: string; start_time: number; content: string }>(
          `SELECT video_id, start_time, content FROM transcript_lines WHERE ${list.sql}${narrowed} ORDER BY video_id, line_no`, [list.param, ...(hints ?? [])]);
      };
      let unsure: readonly string[] = videoIds;
      if (hints) {
        // Each video's first line holding a hint, found through (video_id, line_no) and read alone: the exact test
        // nearly always accepts it, and reading every line holding one cost 1-3 ms a page at 100k videos. A video whose
        // first candidate the test refuses has its other candidates read below.
        const rows = listRows(sql, videoIds);
        const firsts = await sql.all<{ video_id: string; start_time: number; content: string }>(
          `SELECT j.value AS video_id, l.start_time, l.content FROM ${rows.sql} JOIN transcript_lines l ON l.id =
             (SELECT id FROM transcript_lines WHERE video_id = j.value${narrowed} ORDER BY line_no LIMIT 1)`,
          [rows.param, ...hints],
        );
        const refused: string[] = [];
        for (const row of firsts) {
          if (says(row.content)) found.set(row.video_id, { start_time: row.start_time, content: row.content });
          else refused.push(row.video_id);
        }
        unsure = refused;
      }
      if (unsure.length === 0) return found;
      for (const row of await readAll(unsure)) if (!found.has(row.video_id) && says(row.content)) found.set(row.video_id, { start_time: row.start_time, content: row.content });
      return found;
    },

    /**
     * Each video's first on-screen line (track 'screen') holding the search as the list's on-screen search tests the
     * video's screen text (ASCII case-insensitive substring; see VideoSearchIndex.searchFilter), in one read. Videos
     * without such a line are absent (their screen text may hold a phrase across two lines).
     */
    async firstScreenMatches(videoIds: readonly string[], search: string): Promise<Map<string, { start_time: number; content: string }>> {
      const folded = foldAscii(search.trim());
      const found = new Map<string, { start_time: number; content: string }>();
      if (videoIds.length === 0 || folded === '') return found;
      const list = inList(sql, 'video_id', videoIds);
      const rows = await sql.all<{ video_id: string; start_time: number; content: string }>(
        `SELECT video_id, start_time, content FROM transcript_lines WHERE ${list.sql} AND track = 'screen' ORDER BY video_id, line_no`, [list.param]);
      for (const row of rows) {
        if (!found.has(row.video_id) && foldAscii(row.content).includes(folded)) found.set(row.video_id, { start_time: row.start_time, content: row.content });
      }
      return found;
    },

    /** Every line of each video (bulk export). */
    all,
  };
}
