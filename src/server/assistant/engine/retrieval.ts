import type Database from 'better-sqlite3';
import type { VideoSearchIndex } from '../../search/videoSearchIndex';
import type { VideoColumns } from '../../search/videoColumns';
import { ftsPhrase } from '../../repositories/videos/videoScope';
import { FTS_MIN_CHARS } from '../../repositories/videos/videoFilterSql';
import { markPosting } from '../../search/transcriptTerms';
import { lineLemmas, type QueryTerm } from './questionTerms';
import { synonymsOf } from './synonyms';

/** Videos whose lines are ranked: the best by their terms' rarity, so the lines read per answer stay a few hundred. */
const CANDIDATE_VIDEOS = 24;
/** Lines one video may give an answer (the rest of the quotes come from other videos). */
const LINES_PER_VIDEO = 2;
/** Lines (best by BM25) the second signal reads: lemmatising is the costly part of an answer. */
const LEMMA_POOL = 200;
/** Reciprocal rank fusion's damping constant (Cormack et al.): a rank-1 line in one list does not drown the other. */
const RRF_K = 60;

/** The tone a question asks for (lines of it rank higher), or none. */
export type Tone = 'positive' | 'negative' | null;

export interface FoundLine {
  lineId: number;
  videoId: string;
  lineNo: number;
  start: number;
  content: string;
  sentiment: 'positive' | 'negative' | 'neutral';
}

export interface Retrieval {
  /** Per term (its lemma): how many of the window's videos say it, exactly. */
  videosSaying: Map<string, number>;
  /** Videos saying at least one term. */
  videosSayingAny: number;
  lines: FoundLine[];
}

/**
 * Retrieval over every transcript line of the window's videos (issue 13): videos are scored by the rarity of the
 * question's terms they say (the term index, exact), the best few have their lines ranked twice — BM25 of SQLite's
 * FTS5 index, and lemma and synonym overlap (wink-nlp) — and the two rankings are fused by reciprocal rank. Only
 * lines that say a searched form are ever quoted.
 */
export function createRetrieval(db: Database.Database, index: VideoSearchIndex) {
  const idRange = db.prepare('SELECT MIN(id) AS low, MAX(id) AS high FROM transcript_lines WHERE video_id = ?');
  const ranked = db.prepare(`SELECT tl.id AS lineId, tl.video_id AS videoId, tl.line_no AS lineNo, tl.start_time AS start, tl.content, tl.sentiment,
    bm25(transcript_fts) AS bm25 FROM transcript_fts f JOIN transcript_lines tl ON tl.id = f.rowid
    WHERE transcript_fts MATCH ? AND f.rowid BETWEEN ? AND ? AND tl.video_id = ?`);
  const allLines = db.prepare(`SELECT id AS lineId, video_id AS videoId, line_no AS lineNo, start_time AS start, content, sentiment, 0 AS bm25
    FROM transcript_lines WHERE video_id = ?`);

  // A scan of the distinct words (not the lines): Chinese and Japanese lines are often one long word with no spaces.
  const wordsContaining = db.prepare('SELECT videos FROM transcript_words WHERE instr(lower(term), ?) > 0').pluck();

  /**
   * Which videos say a form: the term index's test, or for a form too short for trigrams (one or two characters, as
   * many Chinese and Japanese words) the postings of the indexed words that contain it.
   */
  function sayingTest(form: string, size: number): (ordinal: number) => boolean {
    if ([...form].length >= FTS_MIN_CHARS) return index.transcripts.matcher(form, size);
    const flags = new Uint8Array(size);
    for (const posting of wordsContaining.all(form) as Buffer[]) markPosting(posting, flags);
    return (ordinal) => flags[ordinal] === 1;
  }

  /** The window's videos scored by the terms they say (sum of inverse document frequencies). */
  function scoreVideos(columns: VideoColumns, picked: readonly number[], terms: readonly QueryTerm[]) {
    const score = new Map<number, number>();
    const videosSaying = new Map<string, number>();
    for (const term of terms) {
      const tests = term.forms.map((form) => sayingTest(form, columns.size));
      const saying = picked.filter((o) => tests.some((says) => says(o)));
      videosSaying.set(term.lemma, saying.length);
      const idf = Math.log(1 + picked.length / Math.max(1, saying.length));
      for (const o of saying) score.set(o, (score.get(o) ?? 0) + idf);
    }
    return { score, videosSaying };
  }

  function linesOf(videoId: string, forms: readonly string[]): (FoundLine & { bm25: number })[] {
    const long = forms.filter((form) => [...form].length >= FTS_MIN_CHARS);
    const short = forms.filter((form) => [...form].length < FTS_MIN_CHARS);
    const found: (FoundLine & { bm25: number })[] = [];
    const range = idRange.get(videoId) as { low: number | null; high: number | null };
    if (range.low === null) return found;
    if (long.length > 0) found.push(...(ranked.all(long.map(ftsPhrase).join(' OR '), range.low, range.high, videoId) as (FoundLine & { bm25: number })[]));
    if (short.length > 0) {
      // Trigrams cannot hold a word of one or two characters (common in Chinese and Japanese): those lines are read.
      const seen = new Set(found.map((line) => line.lineId));
      for (const line of allLines.all(videoId) as (FoundLine & { bm25: number })[]) {
        const text = line.content.toLocaleLowerCase();
        if (!seen.has(line.lineId) && short.some((form) => text.includes(form))) found.push(line);
      }
    }
    return found;
  }

  /** The second signal: question lemmas a line says (1 each), their near-synonyms (½), all of them (+1), the asked tone (+1). */
  function lemmaScore(line: FoundLine, terms: readonly QueryTerm[], tone: Tone): number {
    const lemmas = lineLemmas(line.content);
    let score = 0;
    let covered = 0;
    for (const term of terms) {
      if (lemmas.has(term.lemma) || lemmas.has(term.word)) {
        score += 1;
        covered += 1;
      } else if (synonymsOf(term.lemma).some((synonym) => lemmas.has(synonym))) score += 0.5;
    }
    return score + (covered === terms.length && terms.length > 1 ? 1 : 0) + (tone !== null && line.sentiment === tone ? 1 : 0);
  }

  return (columns: VideoColumns, picked: readonly number[], terms: readonly QueryTerm[], avoid: ReadonlySet<number>, limit: number, tone: Tone = null): Retrieval => {
    if (terms.length === 0) return { videosSaying: new Map(), videosSayingAny: 0, lines: [] };
    const { score, videosSaying } = scoreVideos(columns, picked, terms);
    const candidates = [...score].sort((a, b) => b[1] - a[1] || (columns.views[b[0]] ?? 0) - (columns.views[a[0]] ?? 0) || a[0] - b[0])
      .slice(0, CANDIDATE_VIDEOS).map(([o]) => columns.id[o] ?? '');
    const forms = [...new Set(terms.flatMap((term) => term.forms))];
    const lines = candidates.flatMap((videoId) => linesOf(videoId, forms)).filter((line) => !avoid.has(line.lineId));
    // FTS5's bm25() is lower for better matches; ties keep the earlier line.
    const byBm25 = [...lines].sort((a, b) => a.bm25 - b.bm25 || a.lineId - b.lineId);
    const lemma = new Map(byBm25.slice(0, LEMMA_POOL).map((line) => [line.lineId, lemmaScore(line, terms, tone)]));
    const byLemma = [...lines].sort((a, b) => (lemma.get(b.lineId) ?? 0) - (lemma.get(a.lineId) ?? 0) || a.lineId - b.lineId);
    const fused = new Map<number, number>();
    byBm25.forEach((line, rank) => fused.set(line.lineId, 1 / (RRF_K + rank + 1)));
    byLemma.forEach((line, rank) => fused.set(line.lineId, (fused.get(line.lineId) ?? 0) + 1 / (RRF_K + rank + 1)));
    // A question asking for a tone quotes the lines of that tone first, each group in fused order.
    const toneFirst = (line: FoundLine) => (tone !== null && line.sentiment === tone ? 0 : 1);
    const best = [...lines].sort((a, b) => toneFirst(a) - toneFirst(b) || (fused.get(b.lineId) ?? 0) - (fused.get(a.lineId) ?? 0) || a.lineId - b.lineId);
    const perVideo = new Map<string, number>();
    const chosen: FoundLine[] = [];
    for (const { bm25: _bm25, ...line } of best) {
      if (chosen.length >= limit) break;
      const taken = perVideo.get(line.videoId) ?? 0;
      if (taken >= LINES_PER_VIDEO) continue;
      perVideo.set(line.videoId, taken + 1);
      chosen.push(line);
    }
    return { videosSaying, videosSayingAny: score.size, lines: chosen };
  };
}
export type RetrieveLines = ReturnType<typeof createRetrieval>;
