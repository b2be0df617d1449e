import type Database from 'better-sqlite3';
import type { TranscriptLine } from '../../../shared/domain/video';
import { searchTranscript } from '../../../shared/rules/videos';
import { FTS_MIN_CHARS } from '../../search/searchLimits';
import { ftsPhrase } from './videoScope';
import { TranscriptIndex } from '../../search/transcriptIndex';

/**
 * A video's transcript lines, all or those containing a search, with the meaning the list's search has: 3 characters
 * or more are tested against the matching terms of the transcript index (one or two words) or found through the line
 * index limited to this video's rows (three words or more), so the cost follows the video, not every matching line of
 * the workspace; shorter searches filter the video's lines in code.
 */
export function createTranscriptLines(db: Database.Database, terms: TranscriptIndex = new TranscriptIndex(db)) {
  const all = db.prepare('SELECT line_no, start_time, content, sentiment, speaker FROM transcript_lines WHERE video_id = ? ORDER BY line_no');
  const idRange = db.prepare('SELECT MIN(id) AS low, MAX(id) AS high, COUNT(*) AS total FROM transcript_lines WHERE video_id = ?');
  const matching = db.prepare(
    `SELECT tl.line_no, tl.start_time, tl.content, tl.sentiment, tl.speaker FROM transcript_fts f JOIN transcript_lines tl ON tl.id = f.rowid
     WHERE transcript_fts MATCH ? AND f.rowid BETWEEN ? AND ? AND tl.video_id = ? ORDER BY tl.line_no`,
  );

  /** Per number of texts, the video's lines containing any of them, in line order. */
  const containing = new Map<number, Database.Statement>();
  const linesContainingAny = (count: number): Database.Statement => {
    let statement = containing.get(count);
    if (!statement) {
      const any = Array.from({ length: count }, () => 'instr(content, ?) > 0').join(' OR ');
      containing.set(count, (statement = db.prepare(`SELECT start_time, content FROM transcript_lines WHERE video_id = ? AND (${any}) ORDER BY line_no`)));
    }
    return statement;
  };

  return {
    /** Every line when the search is empty, else the matching ones; `total` counts every line of the video. */
    lines(videoId: string, search: string): { total: number; lines: TranscriptLine[] } {
      const range = idRange.get(videoId) as { low: number | null; high: number | null; total: number };
      const text = search.trim();
      if (range.low === null) return { total: range.total, lines: [] };
      if (text === '') return { total: range.total, lines: all.all(videoId) as TranscriptLine[] };
      if ([...text].length >= FTS_MIN_CHARS) {
        const says = terms.lineTest(text);
        if (says) return { total: range.total, lines: (all.all(videoId) as TranscriptLine[]).filter((line) => says(line.content)) };
        return { total: range.total, lines: matching.all(ftsPhrase(text), range.low, range.high, videoId) as TranscriptLine[] };
      }
      return { total: range.total, lines: searchTranscript(all.all(videoId) as TranscriptLine[], text) };
    },

    /**
     * The first line containing the search (the one a list shows under a found video), or null. Only the lines holding
     * one of the few terms the search can be said as are read (SQLite's instr, a necessary condition of the exact
     * test): a page of 50 found videos read 2,000-odd lines to show 50.
     */
    firstMatch(videoId: string, search: string): { start_time: number; content: string } | null {
      const text = search.trim();
      const says = [...text].length >= FTS_MIN_CHARS ? terms.lineTest(text) : null;
      if (!says) return this.lines(videoId, search).lines[0] ?? null;
      const hints = terms.lineHints(text);
      if (hints?.length === 0) return null;
      // Walked, not fetched whole: SQLite stops reading the video's lines at the first one that says it.
      const candidates = hints ? linesContainingAny(hints.length).iterate(videoId, ...hints) : all.iterate(videoId);
      // (Leaving the loop early ends the statement's walk: for-of calls the iterator's return.)
      for (const line of candidates as IterableIterator<{ start_time: number; content: string }>) {
        if (says(line.content)) return { start_time: line.start_time, content: line.content };
      }
      return null;
    },

    /** Every line of each video (bulk export). */
    all(videoId: string): TranscriptLine[] {
      return all.all(videoId) as TranscriptLine[];
    },
  };
}
