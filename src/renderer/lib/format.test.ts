import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount, formatDate, formatDecimal, formatNumber, formatPrice } from './format';

describe('one format for figures, from the locale', () => {
  const locale = new Intl.NumberFormat().resolvedOptions().locale;

  it('writes numbers, prices and dates the way Intl does for the person\'s locale', () => {
    expect(formatNumber(1234567)).toBe(new Intl.NumberFormat(locale).format(1234567));
    expect(formatDecimal(4.5)).toBe(new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(4.5));
    expect(formatPrice(1234.5)).toBe(new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(1234.5));
    expect(formatDate('2026-10-31T12:00:00.000Z')).toBe(new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date('2026-10-31T12:00:00.000Z')));
  });

  it('keeps the spec suffixes for counts and one decimal for sizes', () => {
    expect(formatCount(23_700)).toMatch(/^23\.7K$/);
    expect(formatCount(6_000_000)).toMatch(/^6M$|^6\.0M$/);
    expect(formatBytes(512)).toBe(`${formatNumber(512)} B`);
    expect(formatBytes(1536)).toMatch(/^1[.,]5 KB$/);
  });
});
