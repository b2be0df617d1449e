import { describe, expect, it } from 'vitest';
import {
  canDownload,
  countLabel,
  formatCount,
  greetingForHour,
  isAlphanumeric,
  isValidEmail,
  licensingFee,
  normalizeUrl,
  searchTranscript,
  truncateSnippet,
  snippetAround,
  videoMimeType,
} from './index';

describe('validation rules', () => {
  it('accepts standard emails and rejects malformed ones', () => {
    expect(isValidEmail('maya@northwind.example')).toBe(true);
    expect(isValidEmail('  ana.lee+promo@brand.co.uk ')).toBe(true);
    for (const bad of ['', 'maya', 'maya@', '@brand.com', 'maya@brand', 'ma ya@brand.com', 'maya@brand.c']) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
  });
  it('alphanumeric means letters and digits only', () => {
    expect(isAlphanumeric('Abc123')).toBe(true);
    expect(isAlphanumeric('abc 123')).toBe(false);
    expect(isAlphanumeric('abc-1')).toBe(false);
    expect(isAlphanumeric('')).toBe(false);
  });
  it('prepends http:// only when no http or https scheme is present', () => {
    expect(normalizeUrl('shop.example.com')).toBe('http://shop.example.com');
    expect(normalizeUrl('https://shop.example.com')).toBe('https://shop.example.com');
    expect(normalizeUrl('HTTP://shop.example.com')).toBe('HTTP://shop.example.com');
  });
});

describe('formatting rules', () => {
  it('greets by hour: morning before 12, afternoon before 18, else evening', () => {
    expect(greetingForHour(0)).toBe('morning');
    expect(greetingForHour(11)).toBe('morning');
    expect(greetingForHour(12)).toBe('afternoon');
    expect(greetingForHour(17)).toBe('afternoon');
    expect(greetingForHour(18)).toBe('evening');
    expect(greetingForHour(23)).toBe('evening');
  });
  it('puts a counted noun in the right number', () => {
    expect(countLabel(1, 'video')).toBe('1 video');
    expect(countLabel(0, 'video')).toBe('0 videos');
    expect(countLabel(1200, 'product')).toBe('1,200 products');
  });
  it('formats counts with K, M, G, T', () => {
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1K');
    expect(formatCount(1530)).toBe('1.5K');
    expect(formatCount(999_960)).toBe('1M');
    expect(formatCount(2_500_000_000)).toBe('2.5G');
    expect(formatCount(7e12)).toBe('7T');
    expect(formatCount(-1200)).toBe('-1.2K');
  });
  it('truncates snippets at 250 code points without splitting characters', () => {
    expect(truncateSnippet('short')).toEqual({ text: 'short', truncated: false });
    const emoji = '😀'.repeat(260);
    const cut = truncateSnippet(emoji);
    expect(cut.truncated).toBe(true);
    expect(Array.from(cut.text)).toHaveLength(250);
    expect(truncateSnippet('a'.repeat(250)).truncated).toBe(false);
  });
  it('moves a long snippet to show the searched word whole, never cut at its end', () => {
    const long = `${'word '.repeat(60)}the price is fair ${'tail '.repeat(40)}`;
    const around = snippetAround(long, 'PRICE');
    expect(Array.from(around.text)).toHaveLength(250);
    expect(around.text).toContain('price');
    expect(around).toMatchObject({ cutStart: true, cutEnd: true });
    const straddling = `${'x'.repeat(247)}price and more`;
    expect(snippetAround(straddling, 'price').text.endsWith('price and more')).toBe(true);
    expect(snippetAround(straddling, 'price').cutStart).toBe(true);
    expect(snippetAround(`price ${'y'.repeat(300)}`, 'price')).toMatchObject({ cutStart: false, cutEnd: true });
    expect(snippetAround(`${'😀'.repeat(300)}価格`, '価格').text.endsWith('価格')).toBe(true);
  });
});

describe('licensing fee', () => {
  it('adds 6 up to 0.99 and 20 percent above, rounded to cents', () => {
    expect(licensingFee(0.5)).toBe(6);
    expect(licensingFee(0.99)).toBe(6);
    expect(licensingFee(1)).toBe(0.2);
    expect(licensingFee(123.456)).toBe(24.69);
  });
});

describe('video rules', () => {
  it('allows download only for own storage and Google Drive', () => {
    expect(canDownload('Reelscope_AWS_S3')).toBe(true);
    expect(canDownload('GoogleDrive')).toBe(true);
    for (const p of ['Youtube', 'Tiktok', 'Instagram', 'Dropbox', 'AWS_S3_Swirl']) expect(canDownload(p)).toBe(false);
  });
  it('recognises video files by the MIME map', () => {
    expect(videoMimeType('clip.MP4')).toBe('video/mp4');
    expect(videoMimeType('https://x/y/clip.webm?sig=1')).toBe('video/webm');
    expect(videoMimeType('a.ogv')).toBe('video/ogg');
    expect(videoMimeType('a.mov')).toBeNull();
  });
  it('searches transcripts case-insensitively in any script', () => {
    const lines = [
      { start_time: 0, content: 'The Glow Serum feels great' },
      { start_time: 4, content: 'Прекрасная СЫВОРОТКА' },
      { start_time: 9, content: '这个精华很好用' },
    ];
    expect(searchTranscript(lines, 'glow serum').map((l) => l.start_time)).toEqual([0]);
    expect(searchTranscript(lines, 'сыворотка').map((l) => l.start_time)).toEqual([4]);
    expect(searchTranscript(lines, '精华').map((l) => l.start_time)).toEqual([9]);
    expect(searchTranscript(lines, '  ')).toHaveLength(3);
  });
});
