import { SNIPPET_MAX_CHARS } from '../constants';

export type Greeting = 'morning' | 'afternoon' | 'evening';

/** Greeting by hour (0–23): morning before 12, afternoon before 18, else evening. */
export function greetingForHour(hour: number): Greeting {
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

const ENGLISH_PLURALS = new Intl.PluralRules('en-US');

/** The noun English grammar gives a count (Intl.PluralRules): "video" for 1, "videos" for 0, 4 or 1.5. */
export function nounForCount(count: number, singular: string, plural = `${singular}s`): string {
  return ENGLISH_PLURALS.select(count) === 'one' ? singular : plural;
}

/** "1 video", "4 videos", "1.5 videos": a count with its noun in the number English grammar gives it. */
export function countLabel(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${nounForCount(count, singular, plural)}`;
}

const SUFFIXES = ['', 'K', 'M', 'G', 'T'] as const;

/** Formats a count with the suffixes K, M, G, T (1 decimal, trailing .0 dropped). */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return '0';
  const sign = value < 0 ? '-' : '';
  let abs = Math.abs(value);
  let tier = 0;
  while (abs >= 1000 && tier < SUFFIXES.length - 1) {
    abs /= 1000;
    tier += 1;
  }
  // Rounding can carry 999.95K up to 1000.0K: move to the next tier instead.
  if (Number(abs.toFixed(1)) >= 1000 && tier < SUFFIXES.length - 1) {
    abs /= 1000;
    tier += 1;
  }
  const digits = tier === 0 ? String(Math.round(abs)) : abs.toFixed(1).replace(/\.0$/, '');
  return `${sign}${digits}${SUFFIXES[tier]}`;
}

export interface Snippet {
  text: string;
  truncated: boolean;
}

/** Cuts a transcript snippet at 250 characters (whole code points, never half a surrogate pair). */
export function truncateSnippet(text: string, max: number = SNIPPET_MAX_CHARS): Snippet {
  const codePoints = Array.from(text);
  if (codePoints.length <= max) return { text, truncated: false };
  return { text: codePoints.slice(0, max).join(''), truncated: true };
}

export interface SnippetWindow {
  text: string;
  /** Text was left out before (the window was moved to show the match) / after the window. */
  cutStart: boolean;
  cutEnd: boolean;
}

/**
 * A snippet of at most `max` characters (whole code points) that shows the first case-insensitive occurrence of
 * `query` whole: the start of the text when the match fits there (spec §9's cut), otherwise a window around it, so
 * a searched word is never cut off at the snippet's end or left out of it.
 */
export function snippetAround(text: string, query: string, max: number = SNIPPET_MAX_CHARS): SnippetWindow {
  const codePoints = Array.from(text);
  if (codePoints.length <= max) return { text, cutStart: false, cutEnd: false };
  const needle = query.trim().toLocaleLowerCase();
  const at = needle === '' ? -1 : text.toLocaleLowerCase().indexOf(needle);
  const matchStart = at < 0 ? 0 : Array.from(text.slice(0, at)).length;
  const matchEnd = at < 0 ? 0 : matchStart + Array.from(needle).length;
  if (matchEnd <= max) return { text: codePoints.slice(0, max).join(''), cutStart: false, cutEnd: true };
  const start = Math.min(codePoints.length - max, Math.max(0, matchStart - Math.floor((max - (matchEnd - matchStart)) / 2)));
  return { text: codePoints.slice(start, start + max).join(''), cutStart: start > 0, cutEnd: start + max < codePoints.length };
}

const priceFormats = new Map<string, Intl.NumberFormat>();

/** An amount of money in its currency (US dollars unless said), e.g. $1,234.50, in the reader's locale (app and widget embed). */
export function formatPrice(amount: number, currency = 'USD'): string {
  let format = priceFormats.get(currency);
  if (!format) priceFormats.set(currency, (format = new Intl.NumberFormat(undefined, { style: 'currency', currency })));
  return format.format(amount);
}
