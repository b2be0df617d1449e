/**
 * Turns what OCR read on each frame into on-screen text lines with their times: the same words on consecutive frames
 * are one line (compared without case and extra spaces, and with one character of OCR difference allowed), seen from
 * the first frame that shows them to the last; junk (single characters, punctuation, unsure reads) is dropped.
 */
import { AnalysisCancelled, type OnProgress, type TimedText } from '../engines';
import type { ChangeFrame } from './frames';
import type { OcrEngine } from './ocrEngine';

/** A line read on a frame: its text, or its text with the recogniser's confidence (0..1). */
export type FrameLine = string | { text: string; confidence: number };

export interface FrameText {
  second: number;
  lines: FrameLine[];
}

/** Reads below this confidence are dropped (PaddleOCR's mean character confidence; clean reads score above 0.9). */
export const MIN_CONFIDENCE = 0.6;

/** The text as compared across frames: Unicode-normalised, lower-case, single spaces. */
export function comparable(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
}

/** Whether a read is worth keeping: two letters or digits at least, and not an unsure read. */
export function isJunk(text: string, confidence = 1): boolean {
  if (confidence < MIN_CONFIDENCE) return true;
  const meaningful = text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  return meaningful < 2;
}

/** Levenshtein distance, giving up (answering limit + 1) once it is past `limit`. */
function distanceWithin(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length] ?? limit + 1;
}

/** Same line on two frames: equal once compared, or one character apart when both are five characters or longer. */
export function sameLine(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length < 5 || b.length < 5) return false;
  return distanceWithin(a, b, 1) <= 1;
}

interface OpenLine {
  key: string;
  start: number;
  end: number;
  lastFrame: number;
  /** Each way it was read, how often and how surely: the line is written as its most frequent read. */
  variants: Map<string, { count: number; confidence: number; order: number }>;
  order: number;
}

function bestVariant(line: OpenLine): string {
  let best: [string, { count: number; confidence: number; order: number }] | null = null;
  for (const entry of line.variants) {
    const [, stats] = entry;
    if (!best || stats.count > best[1].count || (stats.count === best[1].count && stats.confidence > best[1].confidence)) best = entry;
  }
  return best?.[0] ?? line.key;
}

/**
 * One TimedText per line on screen: `start` the second of the first frame showing it, `end` of the last one in the
 * unbroken run of frames that show it (a line that leaves and comes back is two lines). Ordered by start.
 */
export function mergeScreenText(frames: FrameText[]): TimedText[] {
  const ordered = [...frames].sort((a, b) => a.second - b.second);
  const open: OpenLine[] = [];
  const closed: OpenLine[] = [];
  let order = 0;
  ordered.forEach((frame, frameIndex) => {
    const claimed = new Set<OpenLine>();
    for (const raw of frame.lines) {
      const text = (typeof raw === 'string' ? raw : raw.text).replace(/\s+/gu, ' ').trim();
      const confidence = typeof raw === 'string' ? 1 : raw.confidence;
      if (isJunk(text, confidence)) continue;
      const key = comparable(text);
      const match =
        open.find((line) => !claimed.has(line) && line.lastFrame === frameIndex - 1 && line.key === key) ??
        open.find((line) => !claimed.has(line) && line.lastFrame >= frameIndex - 1 && sameLine(line.key, key));
      if (match) {
        claimed.add(match);
        match.end = frame.second;
        match.lastFrame = frameIndex;
        const stats = match.variants.get(text);
        if (stats) {
          stats.count += 1;
          stats.confidence = Math.max(stats.confidence, confidence);
        } else match.variants.set(text, { count: 1, confidence, order: (order += 1) });
        continue;
      }
      const line: OpenLine = { key, start: frame.second, end: frame.second, lastFrame: frameIndex, variants: new Map([[text, { count: 1, confidence, order: 0 }]]), order: (order += 1) };
      claimed.add(line);
      open.push(line);
    }
    // Lines not on this frame are finished.
    for (let index = open.length - 1; index >= 0; index -= 1) {
      const line = open[index];
      if (line && line.lastFrame < frameIndex) {
        closed.push(line);
        open.splice(index, 1);
      }
    }
  });
  return [...closed, ...open]
    .sort((a, b) => a.start - b.start || a.order - b.order)
    .map((line) => ({ start: line.start, end: line.end, text: bestVariant(line) }));
}

/**
 * Reads each frame with the OCR engine, reusing the words of the frame before for one that shows the same picture
 * (`unchanged`), and merges them: the on-screen text of a video. Checks `signal` between frames.
 */
export async function readScreenText(
  frames: readonly Pick<ChangeFrame, 'second' | 'path' | 'unchanged'>[],
  engine: Pick<OcrEngine, 'read'>,
  o: { signal?: AbortSignal; onProgress?: OnProgress } = {},
): Promise<TimedText[]> {
  const read: FrameText[] = [];
  let previous: FrameLine[] = [];
  for (const [index, frame] of frames.entries()) {
    if (o.signal?.aborted) throw new AnalysisCancelled('Cancelled');
    const lines = frame.unchanged && index > 0 ? previous : await engine.read(frame.path);
    read.push({ second: frame.second, lines });
    previous = lines;
    o.onProgress?.((index + 1) / frames.length);
  }
  return mergeScreenText(read);
}
