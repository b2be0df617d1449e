import type { DATE_RANGES } from '../../../shared/constants';

export type DateRange = (typeof DATE_RANGES)[number];

/** The created_at window of a date range: ISO bounds, start null for all dates. */
export interface DateWindow {
  date: DateRange;
  start: string | null;
  end: string;
}

const DAY_MS = 86_400_000;

function monthsBefore(end: Date, months: number): Date {
  const date = new Date(end);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date;
}

/**
 * Resolves a DATE_RANGES value (spec §9) against a reference time (UTC). 'custom' uses the given ISO dates, end day
 * inclusive; without them it behaves as all_dates.
 */
export function dateWindow(date: DateRange, reference: Date, custom: { start_date?: string; end_date?: string }): DateWindow {
  const end = reference.toISOString();
  const from = (start: Date | null): DateWindow => ({ date, start: start ? start.toISOString() : null, end });
  switch (date) {
    case 'today':
      return from(new Date(Date.UTC(reference.getUTCFullYear(), reference.getUTCMonth(), reference.getUTCDate())));
    case '1d':
      return from(new Date(reference.getTime() - DAY_MS));
    case '1w':
      return from(new Date(reference.getTime() - 7 * DAY_MS));
    case '1m':
      return from(monthsBefore(reference, 1));
    case '3m':
      return from(monthsBefore(reference, 3));
    case '6m':
      return from(monthsBefore(reference, 6));
    case 'ytd':
      return from(new Date(Date.UTC(reference.getUTCFullYear(), 0, 1)));
    case '1y':
      return from(monthsBefore(reference, 12));
    case 'all_dates':
      return from(null);
    case 'custom': {
      const start = custom.start_date ? `${custom.start_date}T00:00:00.000Z` : null;
      const customEnd = custom.end_date ? `${custom.end_date}T23:59:59.999Z` : end;
      return { date, start, end: customEnd };
    }
  }
}

/** ISO start of the 24 hours before `end` (the summary's "yesterday"). */
export function dayBefore(end: string): string {
  return new Date(Date.parse(end) - DAY_MS).toISOString();
}
