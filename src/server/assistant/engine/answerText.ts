import { DATE_RANGE_LABELS } from '../../../shared/labels';
import type { DateRange } from '../../repositories/videos/videoDates';

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** The window an answer covers, as a reader says it: "between 24 May 2026 and 24 Nov 2026 (last 6 months)". */
export function windowText(window: { start: string | null; end: string }, duration: DateRange): string {
  const label = duration === 'custom' ? 'custom dates' : DATE_RANGE_LABELS[duration].toLocaleLowerCase();
  const end = DAY.format(new Date(window.end));
  return window.start === null ? `up to ${end} (${label})` : `between ${DAY.format(new Date(window.start))} and ${end} (${label})`;
}

/** A numbered list, one item a line. */
export const numbered = (items: readonly string[]): string => items.map((item, at) => `${at + 1}. ${item}`).join('\n');
