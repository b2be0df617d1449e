import type { VideoSearchIndex } from '../../search/videoSearchIndex';
import { rangeDays, videosIn, type HomeRange } from './homeFigures';
import type { HomeRows } from './homeRows';
import { STOP_WORDS } from './stopWords';

/** The newest transcribed videos of the window a cloud is read from: a cloud needs the common words, not every line. */
export const WORD_CLOUD_VIDEOS = 120;
export const WORD_CLOUD_TERMS = 100;

// Word boundaries from ICU for scripts written without spaces (Japanese, Chinese, Thai…); elsewhere a word is a run
// of letters, marks and digits, which a regular expression finds some ten times faster than the segmenter.
const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
const UNSPACED = /[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/u;
const SPACED_WORD = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}\p{N}]+)*/gu;

function* wordsOf(line: string): Generator<string> {
  if (UNSPACED.test(line)) {
    for (const segment of segmenter.segment(line)) if (segment.isWordLike) yield segment.segment;
    return;
  }
  for (const match of line.matchAll(SPACED_WORD)) yield match[0];
}

/** The term a word found in a line counts as: lower-cased, or null for a stop word, a number or a single letter. */
function termOf(found: string): string | null {
  const word = found.toLocaleLowerCase().replace(/’/g, "'");
  if ([...word].length < 2 && !UNSPACED.test(word)) return null;
  if (/^[\p{N}.,]+$/u.test(word) || STOP_WORDS.has(word)) return null;
  return word;
}

/**
 * The words of a line, lower-cased, without stop words, numbers and single letters. `seen` keeps each word's term
 * across the lines of one cloud: speech repeats its words, and working a term out is most of a cloud's time.
 */
export function spokenWords(line: string, seen?: Map<string, string | null>): string[] {
  const words: string[] = [];
  for (const found of wordsOf(line)) {
    let term = seen?.get(found);
    if (term === undefined) {
      term = termOf(found);
      seen?.set(found, term);
    }
    if (term !== null) words.push(term);
  }
  return words;
}

/** Videos whose counted words are kept (about 1.5 KB each): the newest videos of every brand and platform a Home shows. */
const KEPT_VIDEOS = 4_000;

/** One video's spoken words: each term once, and how often the video says it. */
interface VideoWords {
  terms: string[];
  counts: Int32Array;
}

/** The terms said most in the window's newest transcribed videos, with how often. */
export function createWordCloud(rows: HomeRows, index: VideoSearchIndex) {
  // Each video's words counted once and kept until that video is written (its row or a transcript line: both are in
  // the log the list index follows, on either engine and from any instance): the clouds of a brand's periods and
  // platforms are read from much the same newest videos, and reading and splitting their lines was most of a cloud's
  // time. A write elsewhere (another video, a favorite, a flag) keeps them: dropping them all at every write made the
  // next clouds of a busy workspace read every line again.
  const kept = new Map<string, VideoWords>();
  const seen = new Map<string, string | null>();
  // Videos written while their lines were being read: what was read may predate the write, so it is not kept.
  let reading = 0;
  const writtenWhileReading = new Set<string>();
  index.onVideosWritten((ids) => {
    for (const id of ids) {
      kept.delete(id);
      if (reading > 0) writtenWhileReading.add(id);
    }
  });

  /** The words of these videos, counting the lines of those not kept yet. */
  const wordsOf = async (ids: readonly string[]): Promise<VideoWords[]> => {
    if (kept.size + ids.length > KEPT_VIDEOS) kept.clear();
    const missing = ids.filter((id) => !kept.has(id));
    const fresh = new Map<string, VideoWords>();
    if (missing.length > 0) {
      const counted = new Map<string, Map<string, number>>(missing.map((id) => [id, new Map()]));
      reading += 1;
      let lines: { video_id: string; content: string }[];
      try {
        lines = await rows.transcriptLines(missing);
      } finally {
        reading -= 1;
      }
      for (const { video_id: videoId, content } of lines) {
        const counts = counted.get(videoId);
        if (counts) for (const word of spokenWords(content, seen)) counts.set(word, (counts.get(word) ?? 0) + 1);
      }
      for (const [id, counts] of counted) {
        const words = { terms: [...counts.keys()], counts: Int32Array.from(counts.values()) };
        fresh.set(id, words);
        if (!writtenWhileReading.has(id)) kept.set(id, words);
      }
      if (reading === 0) writtenWhileReading.clear();
      // Words met in lines are few (a vocabulary); past a size the cache of their terms starts again.
      if (seen.size > 50_000) seen.clear();
    }
    return ids.map((id) => fresh.get(id) ?? kept.get(id) ?? { terms: [], counts: new Int32Array(0) });
  };

  return async (range: HomeRange): Promise<{ terms: { term: string; count: number }[]; videos_in_window: number; videos_read: number }> => {
    // The first WORD_CLOUD_VIDEOS that have a transcript (`felt`: the columns' "has a transcript line", not a lookup
    // each), newest first, read back from the end of the range's days.
    const inRange = rangeDays(index, range);
    const { columns } = inRange;
    const read = inRange.days.newest(inRange.window, WORD_CLOUD_VIDEOS, (o) => columns.felt[o] === 1).map((o) => columns.id[o] ?? '');
    const counts = new Map<string, number>();
    for (const words of await wordsOf(read)) {
      words.terms.forEach((term, i) => counts.set(term, (counts.get(term) ?? 0) + (words.counts[i] ?? 0)));
    }
    const terms = [...counts].map(([term, times]) => ({ term, count: times }));
    terms.sort((a, b) => b.count - a.count || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
    return { terms: terms.slice(0, WORD_CLOUD_TERMS), videos_in_window: videosIn(inRange), videos_read: read.length };
  };
}
