import type { TimeSpan } from '../engines';

/** Whisper reads 30 s at a time; a chunk stays under it so no word is cut at the window's edge. */
export const CHUNK_MAX_SECONDS = 28;
/** A pause longer than this starts a new chunk (the silence between is not sent). */
export const CHUNK_GAP_SECONDS = 2;

/**
 * Groups speech spans into the stretches sent to speech to text: neighbouring spans with short pauses between them go
 * together (one call, and the words keep their context), a long pause or the length limit starts the next stretch.
 * A span longer than the limit is cut into pieces of the limit.
 */
export function speechChunks(spans: readonly TimeSpan[]): TimeSpan[] {
  const chunks: TimeSpan[] = [];
  for (const span of spans) {
    for (let start = span.start; start < span.end; start += CHUNK_MAX_SECONDS) {
      const piece = { start, end: Math.min(span.end, start + CHUNK_MAX_SECONDS) };
      const last = chunks.at(-1);
      if (last && piece.start - last.end <= CHUNK_GAP_SECONDS && piece.end - last.start <= CHUNK_MAX_SECONDS) last.end = piece.end;
      else chunks.push(piece);
    }
  }
  return chunks;
}

export const spanSeconds = (spans: readonly TimeSpan[]): number => spans.reduce((sum, span) => sum + (span.end - span.start), 0);
