import type Database from 'better-sqlite3';
import type { HomeRange } from './homeFigures';
import { STOP_WORDS } from './stopWords';

/** The newest transcribed videos of the window a cloud is read from: a cloud needs the common words, not every line. */
export const WORD_CLOUD_VIDEOS = 300;
export const WORD_CLOUD_TERMS = 100;

const WHERE = 'v.brand_id = @brandId AND v.created_at >= @start AND v.created_at <= @end AND (@platform IS NULL OR v.platform = @platform)';
const TRANSCRIBED = 'EXISTS (SELECT 1 FROM transcript_lines t WHERE t.video_id = v.id)';

// Word boundaries from ICU: spaces for most scripts, a dictionary for Japanese and Chinese, so any script counts words.
const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

/** The words of a line, lower-cased, without stop words, numbers and single letters. */
export function spokenWords(line: string): string[] {
  const words: string[] = [];
  for (const segment of segmenter.segment(line)) {
    if (!segment.isWordLike) continue;
    const word = segment.segment.toLocaleLowerCase();
    if ([...word].length < 2 && !/[\u3040-\u9fff]/u.test(word)) continue;
    if (/^[\p{N}.,]+$/u.test(word) || STOP_WORDS.has(word)) continue;
    words.push(word);
  }
  return words;
}

/** The terms said most in the window's newest transcribed videos, with how often. */
export function createWordCloud(db: Database.Database) {
  const count = db.prepare(`SELECT COUNT(*) FROM videos v WHERE ${WHERE} AND ${TRANSCRIBED}`).pluck();
  const lines = db.prepare(`SELECT t.content FROM (SELECT v.id FROM videos v WHERE ${WHERE} AND ${TRANSCRIBED} ORDER BY v.created_at DESC, v.id DESC LIMIT @limit) picked
    JOIN transcript_lines t ON t.video_id = picked.id`).pluck();
  return (range: HomeRange): { terms: { term: string; count: number }[]; videos_in_window: number; videos_read: number } => {
    const params = { brandId: range.brandId, start: range.start, end: range.end, platform: range.platform };
    const inWindow = count.get(params) as number;
    const counts = new Map<string, number>();
    for (const content of lines.iterate({ ...params, limit: WORD_CLOUD_VIDEOS }) as IterableIterator<string>) {
      for (const word of spokenWords(content)) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
    const terms = [...counts].map(([term, times]) => ({ term, count: times }));
    terms.sort((a, b) => b.count - a.count || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
    return { terms: terms.slice(0, WORD_CLOUD_TERMS), videos_in_window: inWindow, videos_read: Math.min(inWindow, WORD_CLOUD_VIDEOS) };
  };
}
