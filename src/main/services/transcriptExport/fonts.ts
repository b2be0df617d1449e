/**
 * The fonts embedded in transcript PDFs (resources/fonts, SIL OFL): Noto Sans for Latin, Greek and Cyrillic, Noto Sans
 * Arabic, Hebrew and Devanagari, and a Noto Sans CJK subset (see resources/fonts/README.md). Read once, kept in memory.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FontKey } from './scripts';
import type { FontSubset } from './ttfSubset';
import { readTrueType, TrueTypeSubset } from './ttfSubset';

export const FONT_FILES: Readonly<Record<FontKey, string>> = {
  latin: 'NotoSans-Regular.ttf',
  latinBold: 'NotoSans-Bold.ttf',
  arabic: 'NotoSansArabic-Regular.ttf',
  hebrew: 'NotoSansHebrew-Regular.ttf',
  devanagari: 'NotoSansDevanagari-Regular.ttf',
  cjk: 'NotoSansCJKsc-Regular.subset.otf',
};

/**
 * Finds the fonts folder: an explicit one (a packaged app passes `process.resourcesPath/fonts`), REELSCOPE_FONTS_DIR,
 * else `resources/fonts` from the working directory or above this module (dev, tests, bench).
 */
export function resolveFontsDir(explicit?: string): string {
  const candidates = [explicit, process.env.REELSCOPE_FONTS_DIR, join(process.cwd(), 'resources', 'fonts')].filter((c): c is string => !!c);
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    candidates.push(join(dir, 'resources', 'fonts'));
    dir = dirname(dir);
  }
  const found = candidates.find((candidate) => existsSync(join(candidate, FONT_FILES.latin)));
  if (!found) throw new Error(`The PDF fonts were not found; looked in: ${candidates.join(', ')}`);
  return resolve(found);
}

/** The part of a fontkit font pdfkit uses (it accepts a parsed font wherever it accepts font bytes). */
export interface ParsedFont {
  layout(text: string, features?: unknown): GlyphRun;
  /** Called by pdfkit once per document and font; the subset it returns is what gets embedded. */
  createSubset(): FontSubset;
}

// fontkit is pdfkit's own font engine (installed with it); loaded the same way pdfkit loads it.
const fontkit = createRequire(import.meta.url)('fontkit') as { create(bytes: Uint8Array): ParsedFont };

/** The part of a fontkit glyph run pdfkit reads (it scales `positions` in place, so each caller gets fresh ones). */
export interface GlyphRun {
  glyphs: unknown[];
  positions: Record<string, number>[];
  readonly advanceWidth: number;
}

/** Distinct texts shaped per font before the memo starts over (words and word-plus-space pieces, in practice). */
const SHAPED_LIMIT = 50_000;

/**
 * Memoises shaping (fontkit's GSUB/GPOS work, the costly part of a layout) per font and text across documents.
 * pdfkit lays text out word by word and scales the positions it gets, so every call returns copies of the positions;
 * glyphs are fontkit's immutable glyph objects and are shared.
 */
function memoiseLayout(font: ParsedFont): void {
  const shape = font.layout.bind(font);
  const shaped = new Map<string, { glyphs: unknown[]; positions: Record<string, number>[] }>();
  font.layout = (text, features) => {
    if (features !== undefined) return shape(text, features);
    let run = shaped.get(text);
    if (!run) {
      const fresh = shape(text);
      run = { glyphs: fresh.glyphs, positions: fresh.positions.map((position) => ({ ...position })) };
      if (shaped.size >= SHAPED_LIMIT) shaped.clear();
      shaped.set(text, run);
    }
    const positions = run.positions.map((position) => ({ ...position }));
    return {
      glyphs: run.glyphs,
      positions,
      get advanceWidth() {
        let width = 0;
        for (const position of positions) width += position.xAdvance ?? 0;
        return width;
      },
    };
  };
}

/**
 * Parses a font for pdfkit: shaping memoised across documents, and for TrueType fonts the fast subsetter of
 * ttfSubset.ts (same subset as fontkit's, built from tables read once); others (the CJK font is CFF) keep fontkit's.
 */
export function parseFont(bytes: Uint8Array): ParsedFont {
  const font = fontkit.create(bytes);
  memoiseLayout(font);
  const source = readTrueType(bytes);
  if (source) font.createSubset = () => new TrueTypeSubset(source);
  return font;
}

/**
 * Parsed fonts by key, loaded on first use and shared by every document: parsing tables and shaping caches once
 * instead of per PDF is what makes a thousand-file export fast. pdfkit still embeds a per-document subset.
 */
export function createFontCache(dir: string): (key: FontKey) => ParsedFont {
  const cache = new Map<FontKey, ParsedFont>();
  return (key) => {
    let font = cache.get(key);
    if (!font) {
      font = parseFont(readFileSync(join(dir, FONT_FILES[key])));
      cache.set(key, font);
    }
    return font;
  };
}
