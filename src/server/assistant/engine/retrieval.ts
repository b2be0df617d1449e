import type { VideoSearchIndex } from '../../search/videoSearchIndex';
import type { VideoColumns } from '../../search/videoColumns';
import type { QuotedLinesRepository } from '../../repositories/assistant/quotedLinesRepository';
import { FTS_MIN_CHARS } from '../../search/searchLimits';
import { markPosting } from '../../search/transcriptTerms';
import { topOrdinals } from '../../search/topOrdinals';
import type { QueryTerm } from './questionTerms';
import { rankLines, type FoundLine, type ScoredLine, type Tone, type WeightedTerm } from './lineRanking';

export type { FoundLine, Tone } from './lineRanking';

/** Videos whose lines are ranked: the best by their terms' rarity, so the lines read per answer stay a few hundred. */
const CANDIDATE_VIDEOS = 24;

export interface Retrieval {
  /** Per term (its lemma): how many of the window's videos say it, exactly. */
  videosSaying: Map<string, number>;
  /** Videos saying at least one term. */
  videosSayingAny: number;
  lines: FoundLine[];
}

/** Case and Latin diacritics folded, as the transcript search compares ("Sérum" says "serum"). */
const fold = (text: string) => text.normalize('NFD').replace(/(\p{Script=Latin})\p{M}+/gu, '$1').toLocaleLowerCase();

/** The forms the term index tests (shorter ones are found from the word postings). */
const indexedForms = (terms: readonly QueryTerm[]): string[] => terms.flatMap((term) => term.forms).filter((form) => [...form].length >= FTS_MIN_CHARS);

const LETTER = /\p{L}/u;
const LATIN_START = /^\p{Script=Latin}/u;

/** How often a line says a form; a Latin-script form only where a word starts ("sting" is not said by "testing"). */
function occurrences(haystack: string, needle: string): number {
  const wordStart = LATIN_START.test(needle);
  let count = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) {
    if (!wordStart || at === 0 || !LETTER.test(haystack[at - 1] ?? '')) count += 1;
  }
  return count;
}

/**
 * Retrieval over every transcript line of the window's videos (issue 13). Videos are found and scored by the term
 * index (exact; the cost follows the question's terms, not the lines): each term's idf over the window's videos.
 * The best few videos have their lines read and ranked by BM25 and the lemma signal, fused (lineRanking.ts). Why not
 * FTS5's bm25(): it walks a trigram's whole doclist whatever the rowid range (27 ms a common word at 100k videos, per
 * query), so ranking costs would grow with the workspace; here they follow the few candidate videos.
 */
export function createRetrieval(store: QuotedLinesRepository, index: VideoSearchIndex) {

  /**
   * Which videos say a form: the term index's test, or for a form too short for trigrams (one or two characters, as
   * many Chinese and Japanese words) the postings of the indexed words that contain it.
   */
  async function sayingTest(form: string, size: number): Promise<(ordinal: number) => boolean> {
    if ([...form].length >= FTS_MIN_CHARS) return index.transcripts.matcher(form, size);
    const flags = new Uint8Array(size);
    for (const posting of await store.postingsContaining(form)) markPosting(posting, flags);
    return (ordinal) => flags[ordinal] === 1;
  }

  /** The lines of these videos that say a term, with each term's count (the transcript search's line test). */
  async function candidateLines(videoIds: readonly string[], terms: readonly WeightedTerm[]): Promise<ScoredLine[]> {
    await index.transcripts.ready(indexedForms(terms.map(({ term }) => term)));
    const tests = terms.map(({ term }) => term.forms.map((form) => ({ form: fold(form), says: [...form].length >= FTS_MIN_CHARS ? index.transcripts.lineTest(form) : null })));
    const found: ScoredLine[] = [];
    // Read in one round trip, then scanned in the candidates' order.
    const linesByVideo = await store.linesOf(videoIds);
    for (const videoId of videoIds) {
      const lines = linesByVideo.get(videoId) ?? [];
      for (const line of lines) {
        const text = fold(line.content);
        const counts = tests.map((forms) => forms.reduce((sum, { form, says }) => sum + (says === null || says(line.content) ? occurrences(text, form) : 0), 0));
        if (counts.some((n) => n > 0)) found.push({ ...line, counts, words: text.split(/\s+/).length });
      }
    }
    return found;
  }

  const withoutAvoided = (lines: ScoredLine[], avoid: ReadonlySet<number>) => lines.filter((line) => !avoid.has(line.lineId));

  return {
    /** Open questions: the window's videos that say the terms, then their best lines. */
    async search(columns: VideoColumns, picked: readonly number[], terms: readonly QueryTerm[], avoid: ReadonlySet<number>, limit: number, tone: Tone = null): Promise<Retrieval> {
      const videosSaying = new Map<string, number>();
      // Scores in an array by ordinal, and the best few kept in one pass: no map or sort of every matching video.
      const score = new Float64Array(columns.size);
      const saidAny = new Set<number>();
      const weighted: WeightedTerm[] = [];
      // Every form's plan read at once before the synchronous tests (the term index reads the store asynchronously).
      await index.transcripts.ready(indexedForms(terms));
      for (const term of terms) {
        const tests = await Promise.all(term.forms.map((form) => sayingTest(form, columns.size)));
        const saying = picked.filter((o) => tests.some((says) => says(o)));
        videosSaying.set(term.lemma, saying.length);
        const idf = Math.log(1 + (picked.length - saying.length + 0.5) / (saying.length + 0.5));
        for (const o of saying) {
          score[o] = (score[o] ?? 0) + idf;
          saidAny.add(o);
        }
        weighted.push({ term, idf });
      }
      const candidates = topOrdinals(columns, [...saidAny], (o) => score[o] ?? 0, CANDIDATE_VIDEOS).map((o) => columns.id[o] ?? '');
      return { videosSaying, videosSayingAny: saidAny.size, lines: rankLines(withoutAvoided(await candidateLines(candidates, weighted), avoid), weighted, tone, limit) };
    },
    /** Figure answers: the best lines of given videos (a product's, a topic's: known without a transcript search). */
    async quoteIn(videoIds: readonly string[], terms: readonly QueryTerm[], avoid: ReadonlySet<number>, limit: number): Promise<FoundLine[]> {
      const weighted = terms.map((term) => ({ term, idf: 1 }));
      return rankLines(withoutAvoided(await candidateLines(videoIds, weighted), avoid), weighted, null, limit);
    },
  };
}
