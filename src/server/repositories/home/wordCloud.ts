import type { VideoSearchIndex } from '../../search/videoSearchIndex';
import { rangeDays, videosIn, type HomeRange } from './homeFigures';
import type { HomeRows } from './homeRows';
import { STOP_WORDS } from './stopWords';
import { TermTally, type TermCodes, type TermCount } from './termTally';

/** The newest transcribed videos of the window a cloud is read from: a cloud needs the common words, not every line. */
export const WORD_CLOUD_VIDEOS = 120;
export const WORD_CLOUD_TERMS = 100;

// Word boundaries from ICU for scripts written without spaces (Japanese, Chinese, Thai…); elsewhere a word is a run
// of letters, marks and digits, which a regular expression finds some ten times faster than the segmenter.
const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
const UNSPACED = /[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/u;
const SPACED_WORD = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}\p{N}]+)*/gu;

/** Calls `found` with each word of a line, in order (a loop, not a generator: a first cloud splits thousands of lines). */
function eachWord(line: string, found: (word: string) => void): void {
  if (UNSPACED.test(line)) {
    for (const segment of segmenter.segment(line)) if (segment.isWordLike) found(segment.segment);
    return;
  }
  SPACED_WORD.lastIndex = 0;
  for (let match = SPACED_WORD.exec(line); match !== null; match = SPACED_WORD.exec(line)) found(match[0]);
}

/** The term a word found in a line counts as: lower-cased, or null for a stop word, a number or a single letter. */
function termOf(found: string): string | null {
  const word = found.toLocaleLowerCase().replace(/’/g, "'");
  if ([...word].length < 2 && !UNSPACED.test(word)) return null;
  if (/^[\p{N}.,]+$/u.test(word) || STOP_WORDS.has(word)) return null;
  return word;
}

/** The words of a line, lower-cased, without stop words, numbers and single letters. */
export function spokenWords(line: string): string[] {
  const words: string[] = [];
  eachWord(line, (found) => {
    const term = termOf(found);
    if (term !== null) words.push(term);
  });
  return words;
}

/** Videos whose counted words are kept (about 1.5 KB each): the newest videos of every brand and platform a Home shows. */
const KEPT_VIDEOS = 4_000;
/** Distinct words kept with their terms' codes (a vocabulary: a few MB at most); past it both start again. */
const KEPT_WORDS = 50_000;

/** The terms said most in the window's newest transcribed videos, with how often. */
export function createWordCloud(rows: HomeRows, index: VideoSearchIndex) {
  // Each video's words counted once and kept until that video is written (its row or a transcript line: both are in
  // the log the list index follows, on either engine and from any instance): the clouds of a brand's periods and
  // platforms are read from much the same newest videos, and reading and splitting their lines was most of a cloud's
  // time. A write elsewhere (another video, a favorite, a flag) keeps them: dropping them all at every write made the
  // next clouds of a busy workspace read every line again.
  const kept = new Map<string, TermCodes>();
  const tally = new TermTally();
  /** A word as found in a line → its term's code in `tally`, or -1 (a stop word, a number...). */
  const seen = new Map<string, number>();
  // Videos written while their lines were being read: what was read may predate the write, so it is not kept.
  let reading = 0;
  const writtenWhileReading = new Set<string>();
  index.onVideosWritten((ids) => {
    for (const id of ids) {
      kept.delete(id);
      if (reading > 0) writtenWhileReading.add(id);
    }
  });

  const codeOf = (found: string): number => {
    let code = seen.get(found);
    if (code === undefined) {
      const term = termOf(found);
      code = term === null ? -1 : tally.codeOf(term);
      seen.set(found, code);
    }
    return code;
  };

  /** Counts the words of these videos' lines, read now. */
  const count = async (ids: readonly string[]): Promise<Map<string, TermCodes>> => {
    reading += 1;
    let lines: { video_id: string; content: string }[];
    try {
      lines = await rows.transcriptLines(ids);
    } finally {
      reading -= 1;
    }
    const linesOf = new Map<string, string[]>(ids.map((id) => [id, []]));
    for (const line of lines) linesOf.get(line.video_id)?.push(line.content);
    const counted = new Map<string, TermCodes>();
    const add = (found: string): void => {
      const code = codeOf(found);
      if (code >= 0) tally.add(code, 1);
    };
    for (const [id, said] of linesOf) {
      for (const line of said) eachWord(line, add);
      counted.set(id, tally.take());
    }
    return counted;
  };

  /** The most said terms of these videos, counting the lines of those not kept yet. */
  const mostSaid = async (ids: readonly string[]): Promise<TermCount[]> => {
    // Codes are forgotten only while no count is under way (one holds codes across its read).
    if (reading === 0 && (seen.size > KEPT_WORDS || tally.size > KEPT_WORDS)) {
      kept.clear();
      seen.clear();
      tally.clear();
    }
    if (kept.size + ids.length > KEPT_VIDEOS) kept.clear();
    const fresh = new Map<string, TermCodes>();
    // (Again when another cloud dropped kept videos meanwhile: from the last check to the sum nothing awaits.)
    for (let missing = ids.filter((id) => !kept.has(id)); missing.length > 0; missing = ids.filter((id) => !fresh.has(id) && !kept.has(id))) {
      for (const [id, words] of await count(missing)) {
        fresh.set(id, words);
        if (!writtenWhileReading.has(id)) kept.set(id, words);
      }
      if (reading === 0) writtenWhileReading.clear();
    }
    for (const id of ids) {
      const words = fresh.get(id) ?? kept.get(id);
      if (words) tally.addAll(words);
    }
    return tally.top(WORD_CLOUD_TERMS);
  };

  return async (range: HomeRange): Promise<{ terms: TermCount[]; videos_in_window: number; videos_read: number }> => {
    // The first WORD_CLOUD_VIDEOS that have a transcript (`felt`: the columns' "has a transcript line", not a lookup
    // each), newest first, read back from the end of the range's days.
    const inRange = rangeDays(index, range);
    const { columns } = inRange;
    const read = inRange.days.newest(inRange.window, WORD_CLOUD_VIDEOS, (o) => columns.felt[o] === 1).map((o) => columns.id[o] ?? '');
    return { terms: await mostSaid(read), videos_in_window: videosIn(inRange), videos_read: read.length };
  };
}
