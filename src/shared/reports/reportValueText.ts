/**
 * How a report figure is written — one rule for the report screen, its PDF and its CSV, so an exported report says
 * what the screen said (4.4 % on both, not 4.45 % in the PDF). The screen passes the reader's locale; the PDF fixes
 * en-US so a file reads the same on every machine. The CSV writes the same rounding as plain numbers.
 */
import { formatCount } from '../rules/formatting';
import type { ValueFormat } from './reportDocument';

/** Digits after the point of a percentage (a share or a rate), on screen, in the PDF and in the CSV. */
export const PERCENT_DIGITS = 1;
/** Digits after the point of a count that is not whole (an average). */
const COUNT_DIGITS = 1;

export interface ReportValueWriter {
  /** The exact value: 12,345 · 42.5 % · a day; '—' for no value. */
  text(value: number | string | null, format: ValueFormat): string;
  /** Chart axes and labels: counts compact (1.2K, spec §9), percentages as in `text`. */
  compact(value: number | string | null, format: ValueFormat): string;
}

/** A share or rate (0–1) as the percentage number written: 0.45170000000000005 → 45.2. */
export function percentNumber(ratio: number): number {
  return roundTo(ratio * 100, PERCENT_DIGITS);
}

/** A count as written: whole counts as they are, averages to one decimal. */
export function countNumber(value: number): number {
  return Number.isInteger(value) ? value : roundTo(value, COUNT_DIGITS);
}

function roundTo(value: number, digits: number): number {
  const scale = 10 ** digits;
  // Rounding the shortest decimal text, not the binary value: 4.45 is 4.4500000000000002 and must round to 4.5.
  return Math.round(Number(`${value.toPrecision(15)}`) * scale) / scale + 0;
}

/** A day (epoch milliseconds) as the calendar day it falls on in UTC, ISO-written (2024-03-01). */
export function dayText(value: number): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString().slice(0, 10);
}

/** The writer for one locale (undefined: the reader's own). Built once per locale: Intl formats are costly to make. */
export function reportValueWriter(locale: string | undefined): ReportValueWriter {
  const grouped = new Intl.NumberFormat(locale, { maximumFractionDigits: COUNT_DIGITS });
  const percent = new Intl.NumberFormat(locale, { maximumFractionDigits: PERCENT_DIGITS });
  const groupsByHand = locale === 'en-US';
  const text = (value: number | string | null, format: ValueFormat): string => {
    if (value === null) return '—';
    if (typeof value === 'string') return value;
    if (!Number.isFinite(value)) return '—';
    switch (format) {
      case 'count':
        // Whole non-negative counts (nearly all) grouped by hand in the PDF: Intl is slow enough to show in a 500-row table.
        return groupsByHand && Number.isSafeInteger(value) && value >= 0 ? String(value).replace(/\B(?=(\d{3})+$)/g, ',') : grouped.format(countNumber(value));
      case 'percent':
      case 'rate':
        return `${percent.format(percentNumber(value))} %`;
      case 'date':
        return dayText(value);
      case 'text':
        return String(value);
    }
  };
  return {
    text,
    compact: (value, format) => (format === 'count' && typeof value === 'number' && Number.isFinite(value) ? formatCount(value) : text(value, format)),
  };
}
