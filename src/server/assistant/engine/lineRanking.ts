import { lineLemmas, type QueryTerm } from './questionTerms';
import { synonymsOf } from './synonyms';

/** Lines one video may give an answer (the rest of the quotes come from other videos). */
const LINES_PER_VIDEO = 2;
/** Lines (best by BM25) the second signal reads per quote asked for: lemmatising is the costly part of an answer. */
const LEMMA_POOL_PER_QUOTE = 20;
/** Reciprocal rank fusion's damping constant (Cormack et al.): a rank-1 line in one list does not drown the other. */
const RRF_K = 60;
/** BM25's usual saturation and length normalisation (Robertson et al.). */
const K1 = 1.2;
const B = 0.75;

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

/** A candidate line with what the ranking needs: per term, how often the line says one of its forms. */
export interface ScoredLine extends FoundLine { counts: number[]; words: number }

/** A question term with its inverse document frequency (from the term index: videos saying it among the window's). */
export interface WeightedTerm { term: QueryTerm; idf: number }

/** BM25 of a line: each term's idf times its saturated, length-normalised count. */
function bm25(line: ScoredLine, terms: readonly WeightedTerm[], averageWords: number): number {
  let score = 0;
  terms.forEach(({ idf }, at) => {
    const tf = line.counts[at] ?? 0;
    if (tf > 0) score += idf * ((tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * line.words) / averageWords)));
  });
  return score;
}

/** The second signal: question lemmas a line says (1 each), their near-synonyms (½), all of them (+1), the asked tone (+1). */
function lemmaScore(line: FoundLine, terms: readonly WeightedTerm[], tone: Tone): number {
  const lemmas = lineLemmas(line.content);
  let score = 0;
  let covered = 0;
  for (const { term } of terms) {
    if (lemmas.has(term.lemma) || lemmas.has(term.word)) {
      score += 1;
      covered += 1;
    } else if (synonymsOf(term.lemma).some((synonym) => lemmas.has(synonym))) score += 0.5;
  }
  return score + (covered === terms.length && terms.length > 1 ? 1 : 0) + (tone !== null && line.sentiment === tone ? 1 : 0);
}

/**
 * The best `limit` of some candidate lines (each saying at least one term): ranked by BM25 and by the lemma and
 * synonym signal, the two ranks fused (reciprocal rank fusion); a question asking for a tone quotes that tone first;
 * at most two lines a video, so an answer shows several voices.
 */
export function rankLines(lines: readonly ScoredLine[], terms: readonly WeightedTerm[], tone: Tone, limit: number): FoundLine[] {
  const averageWords = lines.reduce((sum, line) => sum + line.words, 0) / Math.max(1, lines.length);
  const relevance = new Map(lines.map((line) => [line.lineId, bm25(line, terms, averageWords)]));
  const byBm25 = [...lines].sort((a, b) => (relevance.get(b.lineId) ?? 0) - (relevance.get(a.lineId) ?? 0) || a.lineId - b.lineId);
  const lemma = new Map(byBm25.slice(0, LEMMA_POOL_PER_QUOTE * limit).map((line) => [line.lineId, lemmaScore(line, terms, tone)]));
  const byLemma = [...lines].sort((a, b) => (lemma.get(b.lineId) ?? 0) - (lemma.get(a.lineId) ?? 0) || a.lineId - b.lineId);
  const fused = new Map<number, number>();
  byBm25.forEach((line, rank) => fused.set(line.lineId, 1 / (RRF_K + rank + 1)));
  byLemma.forEach((line, rank) => fused.set(line.lineId, (fused.get(line.lineId) ?? 0) + 1 / (RRF_K + rank + 1)));
  const toneFirst = (line: FoundLine) => (tone !== null && line.sentiment === tone ? 0 : 1);
  const best = [...lines].sort((a, b) => toneFirst(a) - toneFirst(b) || (fused.get(b.lineId) ?? 0) - (fused.get(a.lineId) ?? 0) || a.lineId - b.lineId);
  const perVideo = new Map<string, number>();
  const chosen: FoundLine[] = [];
  for (const { counts: _counts, words: _words, ...line } of best) {
    if (chosen.length >= limit) break;
    const taken = perVideo.get(line.videoId) ?? 0;
    if (taken >= LINES_PER_VIDEO) continue;
    perVideo.set(line.videoId, taken + 1);
    chosen.push(line);
  }
  return chosen;
}
