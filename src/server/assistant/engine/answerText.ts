import { DATE_RANGE_LABELS } from '../../../shared/labels';
import type { DateRange } from '../../repositories/videos/videoDates';
import { kpiChange, kpiChangeText } from '../../../shared/rules/kpiChange';

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** The window an answer covers, as a reader says it: "between 24 May 2026 and 24 Nov 2026 (last 6 months)". */
export function windowText(window: { start: string | null; end: string }, duration: DateRange): string {
  const label = duration === 'custom' ? 'custom dates' : DATE_RANGE_LABELS[duration].toLocaleLowerCase();
  const end = DAY.format(new Date(window.end));
  return window.start === null ? `up to ${end} (${label})` : `between ${DAY.format(new Date(window.start))} and ${end} (${label})`;
}

/** A share (0–1) as a percentage with one decimal: 0.6234 → "62.3%"; no figure (null) is "—". */
export const percent = (share: number | null): string => (share === null ? '—' : `${(share * 100).toFixed(1)}%`);

/** A count written in full, so an answer's figure equals the one in the table: 12345 → "12,345". */
export const count = (value: number): string => Math.round(value).toLocaleString('en-US');

/** "up 12.5% from 40" style change of a figure against the previous window. */
export function changeText(current: number | null, previous: number | null, format: (value: number) => string): string {
  if (current === null) return 'nothing to measure in this period';
  return kpiChangeText(kpiChange(current, previous), previous === null ? '' : format(previous), (ratio) => `${(ratio * 100).toFixed(1)}%`);
}

/** A numbered list, one item a line. */
export const numbered = (items: readonly string[]): string => items.map((item, at) => `${at + 1}. ${item}`).join('\n');
