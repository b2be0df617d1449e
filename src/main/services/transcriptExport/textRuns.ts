/**
 * Draws one run of text in one font at a known position, writing the same operators pdfkit's `text()` writes
 * (`BT … Tm … Tf [<glyphs> kern …] TJ ET` under pdfkit's y flip) but with each word encoded once per document
 * instead of laid out three times per call. Glyphs go into pdfkit's own subset, widths and ToUnicode map, the steps of
 * its `encode()` (which is used as it is when those internals differ). Runs with positioned marks (xOffset/yOffset,
 * e.g. Arabic vowels) and pdfkit versions whose internals differ take pdfkit's `text()` instead.
 */
import type PDFDocument from 'pdfkit';

type Pdf = InstanceType<typeof PDFDocument>;

interface Position {
  xAdvance: number;
  advanceWidth: number;
  xOffset?: number;
  yOffset?: number;
}

/** The parts of pdfkit's EmbeddedFont this uses. */
interface PdfkitFont {
  id: string;
  ascender: number;
  encode(text: string): [string[], Position[]];
  ref(): unknown;
}

interface PdfkitInternals {
  _font?: unknown;
  page?: { height: number; fonts?: Record<string, unknown> };
}

/** A word's TJ pieces: hex glyph ids with the kerning adjustment after them (0 where none). */
type Segment = [hex: string, adjust: number];

/** Encoded words per pdfkit font object, which lives as long as its document; null marks a word with marks. */
const encodedWords = new WeakMap<object, Map<string, Segment[] | null>>();

const num = (n: number) => Math.round(n * 1e6) / 1e6;

function usableFont(font: unknown): font is PdfkitFont {
  const f = font as Partial<PdfkitFont> | null;
  return !!f && typeof f.id === 'string' && typeof f.ascender === 'number' && typeof f.encode === 'function' && typeof f.ref === 'function';
}

interface Glyph {
  id: number;
  advanceWidth: number;
  codePoints: number[];
}

/**
 * What pdfkit's EmbeddedFont.encode() touches per glyph: the fontkit font, the subset, widths and ToUnicode entries.
 * Encoding through these directly (the same steps, in the same order) skips encode()'s per-document layout cache,
 * which keeps a scaled copy of every word's positions for the document's whole life.
 */
interface PdfkitGlyphInternals {
  font: { layout(text: string): { glyphs: Glyph[]; positions: Position[] } };
  scale: number;
  subset: { includeGlyph(id: number): number };
  widths: number[];
  unicode: number[][];
}

function glyphInternals(font: PdfkitFont): (PdfkitFont & PdfkitGlyphInternals) | null {
  const f = font as PdfkitFont & Partial<PdfkitGlyphInternals>;
  const ok = typeof f.font?.layout === 'function' && typeof f.scale === 'number' && typeof f.subset?.includeGlyph === 'function' && Array.isArray(f.widths) && Array.isArray(f.unicode);
  return ok ? (f as PdfkitFont & PdfkitGlyphInternals) : null;
}

/** Per pdfkit font object (one document): each glyph's id in the subset, as TJ hex. */
const glyphCodes = new WeakMap<object, string[]>();

/** A glyph's subset id in hex, adding it to the subset with its width and text as encode() does. */
function glyphCode(font: PdfkitGlyphInternals, glyph: Glyph): string {
  let codes = glyphCodes.get(font);
  if (!codes) glyphCodes.set(font, (codes = []));
  let code = codes[glyph.id];
  if (code === undefined) {
    const gid = font.subset.includeGlyph(glyph.id);
    code = `0000${gid.toString(16)}`.slice(-4);
    font.widths[gid] ??= glyph.advanceWidth * font.scale;
    font.unicode[gid] ??= glyph.codePoints;
    codes[glyph.id] = code;
  }
  return code;
}

/** A word's glyph codes and kerning (pdfkit's layout of the word, shaped once per font across documents: fonts.ts). */
function encodeWord(font: PdfkitFont, word: string): Segment[] | null {
  const direct = glyphInternals(font);
  let codes: string[];
  let positions: Position[];
  if (direct) {
    const run = direct.font.layout(word);
    positions = run.positions;
    codes = run.glyphs.map((glyph, i) => {
      // encode() scales each position and sets advanceWidth from the glyph: the same numbers, the same way.
      const position = positions[i]!;
      position.xAdvance *= direct.scale;
      position.advanceWidth = glyph.advanceWidth * direct.scale;
      return glyphCode(direct, glyph);
    });
  } else {
    [codes, positions] = font.encode(word);
  }
  const segments: Segment[] = [];
  let from = 0;
  for (let i = 0; i < positions.length; i++) {
    const position = positions[i]!;
    if (position.xOffset || position.yOffset) return null;
    const adjust = position.xAdvance - position.advanceWidth;
    if (adjust !== 0 || i === positions.length - 1) {
      segments.push([codes.slice(from, i + 1).join(''), num(-adjust)]);
      from = i + 1;
    }
  }
  return segments;
}

/** pdfkit lays text out in pieces ending after each space or tab; kerning never crosses them. */
const PIECES = /[^ \t]*[ \t]|[^ \t]+$/g;

/**
 * The text object (`BT … ET`) that sets `line` in `font` at `size` with its top-left at (x, y), for content that is
 * already under the text flip (`1 0 0 -1 0 H cm`, see drawText); the font is added to the page's resources. Null when
 * the line needs pdfkit's own text() (positioned marks, or a pdfkit whose internals differ); '' when there is nothing
 * to draw.
 */
export function textObject(pdf: Pdf, font: unknown, line: string, x: number, y: number, size: number): string | null {
  // pdfkit's text() drops line breaks when it does not wrap.
  const text = line.replace(/\n/g, '');
  if (text === '') return '';
  const page = (pdf as unknown as PdfkitInternals).page;
  if (!usableFont(font) || !page?.fonts || typeof page.height !== 'number') return null;
  let words = encodedWords.get(font);
  if (!words) encodedWords.set(font, (words = new Map()));
  const parts: string[] = [];
  let pending = '';
  for (const piece of text.match(PIECES) ?? []) {
    let segments = words.get(piece);
    if (segments === undefined) words.set(piece, (segments = encodeWord(font, piece)));
    if (segments === null) return null;
    for (const [hex, adjust] of segments) {
      pending += hex;
      if (adjust !== 0) {
        parts.push(`<${pending}> ${adjust}`);
        pending = '';
      }
    }
  }
  if (pending !== '') parts.push(`<${pending}> 0`);
  if (parts.length === 0) return '';
  page.fonts[font.id] ??= font.ref();
  const baseline = page.height - y - (font.ascender / 1000) * size;
  return `BT\n1 0 0 1 ${num(x)} ${num(baseline)} Tm\n/${font.id} ${num(size)} Tf\n[${parts.join(' ')}] TJ\nET\n`;
}

/** The pdfkit font the document has selected (`pdf.font(key)`). */
export const currentFont = (pdf: Pdf): unknown => (pdf as unknown as PdfkitInternals)._font;

/**
 * Writes text objects in one piece under the flip pdfkit's text() uses: pdfkit's page is y-down, text is set y-up.
 * Bytes, not a string: pdfkit copies strings into bytes one character at a time (the operators are ASCII).
 */
export function writeTextObjects(pdf: Pdf, objects: string): void {
  if (objects === '') return;
  const height = (pdf as unknown as PdfkitInternals).page?.height ?? 0;
  pdf.addContent(Buffer.from(`q\n1 0 0 -1 0 ${num(height)} cm\n${objects}Q\n`, 'latin1'));
}

/**
 * Draws `text` in the current font at `size` with its top-left at (x, y), like `pdf.text(text, x, y, { lineBreak:
 * false })`. The caller has selected the font and size (`pdf.font(key).fontSize(size)`) and the fill colour.
 */
export function drawText(pdf: Pdf, line: string, x: number, y: number, size: number): void {
  const object = textObject(pdf, currentFont(pdf), line, x, y, size);
  if (object === null) pdf.text(line.replace(/\n/g, ''), x, y, { lineBreak: false });
  else writeTextObjects(pdf, object);
}
