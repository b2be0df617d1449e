/**
 * One line of text in a box (table cells, KPI cards, the footer) in any script, with the transcript PDFs' drawing:
 * runs per script in their embedded font, right-to-left runs word by word in visual order. Text wider than the box
 * is cut at a grapheme and ends with an ellipsis.
 */
import type { Ctx } from '../transcriptExport/pdfWriter';
import { drawRtlWords, widthOf } from '../transcriptExport/pdfWriter';
import type { FontKey, Run } from '../transcriptExport/scripts';
import { isRtlParagraph, splitRuns } from '../transcriptExport/scripts';
import { currentFont, drawText, textObject } from '../transcriptExport/textRuns';

export type Align = 'left' | 'right' | 'center';

export interface LineBox {
  x: number;
  /** Top of the line. */
  y: number;
  width: number;
  size: number;
  base?: FontKey;
  /** Default: left, or right for a right-to-left text. */
  align?: Align;
}

const ELLIPSIS = '…';
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
const SIMPLE_GRAPHEMES = /^[\u0020-\u007e\u00a0-\u02ff\u0370-\u0482\u048a-\u04ff\u2010-\u2027\u2030-\u205e\u20a0-\u20bf]*$/;

/** Sets the fill colour and records it, so the transcript `paragraph` (which skips repeats) stays in step. */
export function setFill(ctx: Ctx, color: string): void {
  // The same colour on the same page is already set: a 500-row table would otherwise repeat it in every cell.
  if (ctx.fill && ctx.fill.page === ctx.pdf.page && ctx.fill.color === color) return;
  ctx.pdf.fillColor(color);
  ctx.fill = { page: ctx.pdf.page, color };
}

/** Ascent and descent per point of size, read once per face: fontkit reads its tables again on every access. */
const metricsByFace = new WeakMap<object, { up: number; down: number }>();
function metrics(ctx: Ctx, key: FontKey): { up: number; down: number } {
  const face = ctx.font(key) as unknown as object & Partial<{ ascent: number; descent: number; unitsPerEm: number }>;
  let known = metricsByFace.get(face);
  if (!known) {
    const em = face.unitsPerEm ?? 1000;
    known = { up: face.ascent ? face.ascent / em : 1, down: Math.abs(face.descent ?? 0) / em };
    metricsByFace.set(face, known);
  }
  return known;
}

/** A font's ascent per point of size (drawText puts a run's top, not its baseline, at y). */
const ascent = (ctx: Ctx, key: FontKey): number => metrics(ctx, key).up;

/**
 * The top of a line whose middle (half way between the Latin face's ascent and descent, SVG's "central") is at
 * `centre`: chart labels are placed by their centre.
 */
export function lineTopForCentre(ctx: Ctx, centre: number, size: number): number {
  const { up, down } = metrics(ctx, 'latin');
  return centre - (up - (up - down) / 2) * size;
}

function runsWidth(ctx: Ctx, runs: Run[], size: number): number {
  let width = 0;
  for (const run of runs) width += widthOf(ctx, run.font, run.text, size);
  return width;
}

/** Runs of `text` that fit `width`: the whole text, or the longest grapheme prefix that fits with an ellipsis. */
export function fitRuns(ctx: Ctx, text: string, width: number, size: number, base: FontKey = 'latin'): Run[] {
  const runs = splitRuns(text, base);
  const full = runsWidth(ctx, runs, size);
  if (full <= width) return runs;
  // Latin, Greek, Cyrillic and common punctuation without combining marks: each code unit is one grapheme, so the
  // (slow) segmenter is not needed to cut it.
  const parts = SIMPLE_GRAPHEMES.test(text) ? text.split('') : Array.from(graphemes.segment(text), (segment) => segment.segment);
  const cut = (count: number) => splitRuns(parts.slice(0, count).join('').trimEnd() + ELLIPSIS, base);
  const fits = (count: number) => runsWidth(ctx, cut(count), size) <= width;
  // Start from the share of the text that fits, then step: widths grow with the prefix, and the guess is off by a
  // grapheme or two (each width measured is a text layout, so a binary search cost more).
  let kept = Math.max(0, Math.min(parts.length - 1, Math.floor((parts.length * (width - widthOf(ctx, base, ELLIPSIS, size))) / full)));
  while (kept > 0 && !fits(kept)) kept -= 1;
  while (kept + 1 < parts.length && fits(kept + 1)) kept += 1;
  return cut(kept);
}

/** Width `text` takes at `size` (untruncated). */
export function textWidth(ctx: Ctx, text: string, size: number, base: FontKey = 'latin'): number {
  return runsWidth(ctx, splitRuns(text, base), size);
}

const oneLine = (raw: string) => raw.replace(/\s+/g, ' ').trim();

/**
 * The text object of a line that is one left-to-right run (most table cells), fitted and placed in its box as
 * drawLine places it, for writing with others in one piece (writeTextObjects); '' for nothing to draw, null when the
 * line needs drawLine (several scripts, right to left, positioned marks).
 */
export function lineObject(ctx: Ctx, raw: string, box: LineBox): string | null {
  const text = oneLine(raw);
  if (text === '') return '';
  if (isRtlParagraph(text)) return null;
  const runs = fitRuns(ctx, text, box.width, box.size, box.base);
  const run = runs[0];
  if (runs.length !== 1 || !run || run.dir !== 'ltr') return null;
  const width = widthOf(ctx, run.font, run.text, box.size);
  const align = box.align ?? 'left';
  const x = align === 'right' ? box.x + box.width - width : align === 'center' ? box.x + (box.width - width) / 2 : box.x;
  ctx.pdf.font(run.font);
  return textObject(ctx.pdf, currentFont(ctx.pdf), run.text, x, box.y + (ascent(ctx, 'latin') - ascent(ctx, run.font)) * box.size, box.size);
}

/** Draws `text` on one line inside the box in the current fill colour; returns the drawn width. */
export function drawLine(ctx: Ctx, raw: string, box: LineBox): number {
  const { pdf } = ctx;
  const text = oneLine(raw);
  if (text === '') return 0;
  const runs = fitRuns(ctx, text, box.width, box.size, box.base);
  const widths = runs.map((run) => widthOf(ctx, run.font, run.text, box.size));
  const total = widths.reduce((sum, width) => sum + width, 0);
  const rtl = isRtlParagraph(text);
  const align = box.align ?? (rtl ? 'right' : 'left');
  let x = align === 'right' ? box.x + box.width - total : align === 'center' ? box.x + (box.width - total) / 2 : box.x;
  const order = runs.map((run, index) => ({ run, width: widths[index]! }));
  // Every run sits on the Latin face's baseline: the script fonts' ascents differ (Devanagari 0.9, CJK 1.16 em).
  const baseline = ascent(ctx, 'latin') * box.size;
  for (const { run, width } of rtl ? order.reverse() : order) {
    pdf.font(run.font).fontSize(box.size);
    const y = box.y + baseline - ascent(ctx, run.font) * box.size;
    if (run.dir === 'rtl') x = drawRtlWords(ctx, run.font, run.text, x, y, box.size);
    else {
      drawText(pdf, run.text, x, y, box.size);
      x += width;
    }
  }
  return total;
}
