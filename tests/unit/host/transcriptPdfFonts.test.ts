import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFontCache, FONT_FILES, parseFont, resolveFontsDir } from '../../../src/main/services/transcriptExport/fonts';
import { renderTranscriptPdf } from '../../../src/main/services/transcriptExport/pdfWriter';
import type { TranscriptDocument } from '../../../src/main/services/transcriptExport/transcriptDocument';
import { readTrueType, TrueTypeSubset } from '../../../src/main/services/transcriptExport/ttfSubset';

interface Glyph {
  id: number;
  advanceWidth: number;
  path: { toSVG(): string };
}
interface Font {
  numGlyphs: number;
  glyphsForString(text: string): Glyph[];
  getGlyph(id: number): Glyph;
}
const fontkit = createRequire(import.meta.url)('fontkit') as { create(bytes: Uint8Array): Font };
const fontsDir = resolveFontsDir();
const pdfText = (file: string) => execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });

describe('TrueType subsets', () => {
  it('keeps the outlines and advances of every included glyph, glyph 0 first, and valid table checksums', () => {
    for (const key of ['latin', 'arabic', 'hebrew'] as const) {
      const bytes = readFileSync(join(fontsDir, FONT_FILES[key]));
      const original = fontkit.create(bytes);
      const subset = new TrueTypeSubset(readTrueType(bytes)!);
      const glyphs = original.glyphsForString(key === 'latin' ? 'Façade Ünïcödé ÅÉ fi — 0123' : key === 'arabic' ? 'مرحبا بالعالم' : 'שלום עולם');
      const ids = glyphs.map((glyph) => subset.includeGlyph(glyph.id));
      const out = subset.encode();
      const copy = fontkit.create(out);
      expect(copy.numGlyphs).toBeGreaterThanOrEqual(new Set(ids).size + 1);
      glyphs.forEach((glyph, i) => {
        const mine = copy.getGlyph(ids[i]!);
        expect(mine.path.toSVG()).toBe(glyph.path.toSVG());
        expect(mine.advanceWidth).toBe(glyph.advanceWidth);
      });
      // Whole-file checksum (head.checkSumAdjustment makes it 0xB1B0AFBA).
      const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
      let sum = 0;
      for (let at = 0; at < out.length; at += 4) sum = (sum + view.getUint32(at)) >>> 0;
      expect(sum).toBe(0xb1b0afba);
    }
  });

  it('leaves CFF fonts (the CJK one) to fontkit', () => {
    expect(readTrueType(readFileSync(join(fontsDir, FONT_FILES.cjk)))).toBeNull();
  });

  it('gives each call fresh positions from the shared shaping memo (pdfkit scales them in place)', () => {
    const font = parseFont(readFileSync(join(fontsDir, FONT_FILES.latin)));
    const first = font.layout('serum ');
    first.positions.forEach((position) => (position.xAdvance = (position.xAdvance ?? 0) * 1000));
    const second = font.layout('serum ');
    expect(second.advanceWidth).toBeLessThan(first.advanceWidth);
    expect(second.glyphs).toBe(first.glyphs);
  });
});

describe('transcript PDFs written in a row', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'reelscope-pdf-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const doc = (n: number, lines: string[]): TranscriptDocument => ({
    videoId: `v${n}`, title: `Review ${n}`, platform: 'GoogleDrive', creator: null, date: null, sentiment: null,
    lines: lines.map((content, i) => ({ start_time: i * 4, content })),
  });

  it('keeps every line readable across documents sharing caches, including shaped Arabic with vowel marks and Devanagari', async () => {
    const font = createFontCache(fontsDir);
    const other = createFontCache(fontsDir);
    const docs = [
      doc(1, ['the serum feels light', 'مَرْحَبًا بِالعَالَم', 'नमस्ते दुनिया']),
      doc(2, ['the serum feels light and absorbs quickly', 'Привет мир', 'مرحبا بالعالم']),
      doc(3, Array.from({ length: 120 }, (_, i) => `line ${i} the serum feels light`)),
    ];
    for (const [i, d] of docs.entries()) {
      for (const [name, cache] of [['a', font], ['b', other]] as const) {
        const file = join(dir, `${name}${i}.pdf`);
        writeFileSync(file, await renderTranscriptPdf(d, cache));
        const text = pdfText(file);
        for (const line of d.lines) {
          if (/\p{Script=Arabic}|\p{Script=Devanagari}/u.test(line.content)) continue;
          expect(text).toContain(line.content);
        }
        expect(execFileSync('pdffonts', [file], { encoding: 'utf8' })).toContain('NotoSans-Regular');
      }
    }
    expect(pdfText(join(dir, 'a1.pdf'))).toContain('مرحبا بالعالم');
    expect(pdfText(join(dir, 'a2.pdf'))).toMatch(/Page 3 of 3/);
    // The same document renders to the same text whichever cache (and history of shaped words) it went through.
    expect(pdfText(join(dir, 'a0.pdf'))).toBe(pdfText(join(dir, 'b0.pdf')));
  });
});
