/**
 * Splits text into runs by script so each run is set in a font that has its glyphs, and into left-to-right and
 * right-to-left pieces (Arabic, Hebrew) so a line can be placed in visual order.
 */

export type FontKey = 'latin' | 'latinBold' | 'arabic' | 'hebrew' | 'devanagari' | 'cjk';
export type Direction = 'ltr' | 'rtl';

export interface Run {
  font: FontKey;
  dir: Direction;
  text: string;
}

type Script = 'arabic' | 'hebrew' | 'devanagari' | 'cjk' | 'latin' | 'digit' | 'neutral';

const RANGES: readonly [number, number, Script][] = [
  [0x0590, 0x05ff, 'hebrew'], [0xfb1d, 0xfb4f, 'hebrew'],
  [0x0600, 0x06ff, 'arabic'], [0x0750, 0x077f, 'arabic'], [0x08a0, 0x08ff, 'arabic'], [0xfb50, 0xfdff, 'arabic'], [0xfe70, 0xfeff, 'arabic'],
  [0x0900, 0x097f, 'devanagari'], [0xa8e0, 0xa8ff, 'devanagari'],
  [0x1100, 0x11ff, 'cjk'], [0x2e80, 0x2fdf, 'cjk'], [0x3000, 0x303f, 'cjk'], [0x3040, 0x30ff, 'cjk'], [0x3100, 0x31ff, 'cjk'], [0x3200, 0x32ff, 'cjk'],
  [0x3400, 0x4dbf, 'cjk'], [0x4e00, 0x9fff, 'cjk'], [0xac00, 0xd7af, 'cjk'], [0xf900, 0xfaff, 'cjk'], [0xfe30, 0xfe4f, 'cjk'], [0xff00, 0xffef, 'cjk'],
];

/** Anything beyond Latin, Greek and Cyrillic (besides general punctuation): most transcripts have none. */
const NEEDS_OTHER_FONT = /[\u0590-\u1fff\u2070-\uffff]/;

function scriptOf(char: string): Script {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x80) {
    if (code >= 0x30 && code <= 0x39) return 'digit';
    const lower = code | 0x20;
    return lower >= 0x61 && lower <= 0x7a ? 'latin' : 'neutral';
  }
  if (code < 0x0590) return 'latin';
  if (code >= 0x2000 && code <= 0x206f) return 'neutral';
  for (const [from, to, script] of RANGES) if (code >= from && code <= to) return script;
  return 'latin';
}

const isRtl = (script: Script) => script === 'arabic' || script === 'hebrew';

/** Scripts present in a text (decides which fonts a document needs). */
export function fontsFor(text: string): Set<FontKey> {
  const fonts = new Set<FontKey>();
  if (!NEEDS_OTHER_FONT.test(text)) return fonts;
  for (const char of text) {
    const script = scriptOf(char);
    if (script !== 'digit' && script !== 'neutral') fonts.add(script);
  }
  return fonts;
}

/** True when the first letter of the text is Arabic or Hebrew: the paragraph reads right to left. */
export function isRtlParagraph(text: string): boolean {
  if (!NEEDS_OTHER_FONT.test(text)) return false;
  for (const char of text) {
    const script = scriptOf(char);
    if (script === 'digit' || script === 'neutral') continue;
    return isRtl(script);
  }
  return false;
}

/**
 * Runs in logical order. Spaces and punctuation join the run before them (or the first strong one); digits inside
 * right-to-left text become their own left-to-right run so they are not mirrored.
 */
export function splitRuns(text: string, base: FontKey = 'latin'): Run[] {
  if (!NEEDS_OTHER_FONT.test(text)) return text === '' ? [] : [{ font: base, dir: 'ltr', text }];
  const runs: Run[] = [];
  let pending = '';
  let current: Run | null = null;
  // Arabic, Hebrew and Devanagari fonts lack most ASCII punctuation and digits: those go to the base font.
  const borrows = (font: FontKey) => font === 'arabic' || font === 'hebrew' || font === 'devanagari';
  for (const char of text) {
    const script = scriptOf(char);
    if (script === 'neutral' && (char === ' ' || !current || !borrows(current.font))) {
      if (current) current.text += char;
      else pending += char;
      continue;
    }
    let font: FontKey;
    let dir: Direction;
    if (script === 'digit' || script === 'neutral') {
      font = current && !borrows(current.font) ? current.font : base;
      dir = 'ltr';
    } else {
      font = script === 'latin' ? base : script;
      dir = isRtl(script) ? 'rtl' : 'ltr';
    }
    if (current && current.font === font && current.dir === dir) current.text += char;
    else {
      if (pending.trim() !== '' && borrows(font)) {
        runs.push({ font: base, dir: 'ltr', text: pending });
        pending = '';
      }
      current = { font, dir, text: pending + char };
      pending = '';
      runs.push(current);
    }
  }
  if (pending) runs.push({ font: base, dir: 'ltr', text: pending });
  return runs;
}
