/**
 * The one way numbers, dates, prices and sizes are written on screen: from the person's own locale (`Intl` with no
 * locale given), so a figure reads the same on every screen. Counts with the spec's K/M/G/T suffixes come from
 * shared/rules/formatting (formatCount), which this module re-exports.
 */
export { formatCount, formatPrice } from '../../shared/rules/formatting';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
const numberFormat = new Intl.NumberFormat(undefined);
const decimalFormat = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const percentFormat = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 });
const sizeFormat = new Intl.NumberFormat(undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

const toDate = (value: string | number | Date): Date => (value instanceof Date ? value : new Date(value));

/** A day: "Oct 31, 2026" in en-US, "31 Oct 2026" in en-GB. */
export function formatDate(value: string | number | Date): string {
  return dateFormat.format(toDate(value));
}

/** A day and time of day. */
export function formatDateTime(value: string | number | Date): string {
  return dateTimeFormat.format(toDate(value));
}

/** A time of day. */
export function formatTimeOfDay(value: string | number | Date): string {
  return timeFormat.format(toDate(value));
}

/** A whole number with the locale's grouping: 12,345. */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** An index or ratio with two decimals: 4.57. */
export function formatDecimal(value: number): string {
  return decimalFormat.format(value);
}

/** A share or change as a percentage: 0.125 → 12.5%. */
export function formatPercent(ratio: number): string {
  return percentFormat.format(ratio);
}


const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** A file size: 1536 → "1.5 KB" (steps of 1024, one decimal from KB up). */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? formatNumber(Math.round(value)) : sizeFormat.format(value)} ${SIZE_UNITS[unit]}`;
}
