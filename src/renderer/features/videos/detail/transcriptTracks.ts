/** The Transcript tab's tracks (issue 41): which lines a choice shows, in what order, numbered how. */
import type { TranscriptTrack } from '../../../../shared/analysisProgress';
import type { TranscriptLine } from '../../../../shared/domain/video';
import type { TranscriptPanelLine } from '../../../ui/transcript';

/** Which lines the tab shows: what was said, what was written in the picture, or both by time. */
export type TrackChoice = TranscriptTrack | 'all';

const trackOf = (line: TranscriptLine): TranscriptTrack => line.track ?? 'speech';

/** Keeps the panel's line numbers apart once the tracks mix: the back end numbers speech and screen lines each from 0. */
const SCREEN_LINE_OFFSET = 1_000_000;

/**
 * The lines of one choice, in time order (at the same second the spoken line first). Spoken lines keep their number
 * (the Sentiment Highlights point at it); on-screen lines are numbered after them, so keys stay unique when mixed.
 */
export function linesOfTrack(lines: readonly TranscriptLine[], choice: TrackChoice): TranscriptPanelLine[] {
  const chosen = choice === 'all' ? [...lines] : lines.filter((line) => trackOf(line) === choice);
  if (choice === 'all') chosen.sort((a, b) => a.start_time - b.start_time || (trackOf(a) === trackOf(b) ? a.line_no - b.line_no : trackOf(a) === 'speech' ? -1 : 1));
  return chosen.map((line) => ({ ...line, line_no: trackOf(line) === 'screen' ? SCREEN_LINE_OFFSET + line.line_no : line.line_no, track: trackOf(line) }));
}
