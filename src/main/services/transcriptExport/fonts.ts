/**
 * The fonts embedded in transcript PDFs (resources/fonts, SIL OFL): Noto Sans for Latin, Greek and Cyrillic, Noto Sans
 * Arabic, Hebrew and Devanagari, and a Noto Sans CJK subset (see resources/fonts/README.md). Read once, kept in memory.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FontKey } from './scripts';

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
  layout(text: string, features?: unknown): unknown;
}

// fontkit is pdfkit's own font engine (installed with it); loaded the same way pdfkit loads it.
const fontkit = createRequire(import.meta.url)('fontkit') as { create(bytes: Uint8Array): ParsedFont };

/**
 * Parsed fonts by key, loaded on first use and shared by every document: parsing tables and shaping caches once
 * instead of per PDF is what makes a thousand-file export fast. pdfkit still embeds a per-document subset.
 */
export function createFontCache(dir: string): (key: FontKey) => ParsedFont {
  const cache = new Map<FontKey, ParsedFont>();
  return (key) => {
    let font = cache.get(key);
    if (!font) {
      font = fontkit.create(readFileSync(join(dir, FONT_FILES[key])));
      cache.set(key, font);
    }
    return font;
  };
}
