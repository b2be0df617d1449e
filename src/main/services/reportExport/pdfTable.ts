/**
 * A report table across as many pages as it takes: the column header again at the top of each page, numbers
 * right-aligned in their column's format, long text cut with an ellipsis except in a wrapping column (a quoted
 * passage, read whole over as many lines as it takes, the table's mark shaded where it is said), and a row's first
 * cell linking to the video moment it lists (reelscope:// deep link).
 */
import type { ReportTable, ValueFormat } from '../../../shared/reports/reportDocument';
import type { Ctx } from '../transcriptExport/pdfWriter';
import { rgbChannels } from '../../../shared/rules/contrast';
import { formatValue } from './format';
import { contentWidth, ensureRoom, INK, MARGIN, MUTED, pageBottom, RULE, SECTION_TITLE_HEIGHT, sectionTitle } from './layout';
import type { Align, LineBox } from './pdfText';
import { drawLine, lineObject, setFill, textWidth } from './pdfText';
import { isRtlParagraph } from '../transcriptExport/scripts';
import { splitMatches } from '../../../shared/text/splitMatches';
import { writeTextObjects } from '../transcriptExport/textRuns';

const SIZE = 8.5;
const ROW = 15;
const PAD = 4;
/** Where the text's top sits in a row, so the line box (about 1.36 × size for Noto Sans) is centred. */
const TEXT_TOP = (ROW - SIZE * 1.36) / 2;
const MIN_TEXT_COLUMN = 48;
/** Rows measured to size the columns: enough to see the long values without measuring ten thousand cells. */
const MEASURED_ROWS = 300;
const LINK_COLOUR = '#1d4ed8';
/** A wrapped line's height: the line box of Noto Sans at SIZE. */
const LINE = SIZE * 1.36;
/** A wrapped cell stops here (a row must fit a page); a transcript line is far shorter. */
const MAX_LINES = 24;
/** The shade behind the marked word: the screen's transcript mark. */
const MARK_COLOUR = '#fde68a';
const HEADER_FILL = '#f1f3f5';

const NUMERIC_FORMATS: readonly ValueFormat[] = ['count', 'percent', 'rate'];

interface Column {
  label: string;
  format: ValueFormat;
  x: number;
  width: number;
  align: Align;
  wrap: boolean;
}

type Cell = ReportTable['rows'][number][number];

/** Column widths: numbers take what they need; text columns share the rest, the narrow ones first (water filling). */
function columnWidths(ctx: Ctx, table: ReportTable, available: number): number[] {
  const rows = table.rows.slice(0, MEASURED_ROWS);
  const natural = table.columns.map((column, index) => {
    let width = textWidth(ctx, column.label, SIZE, 'latinBold');
    for (const row of rows) width = Math.max(width, textWidth(ctx, formatValue(row[index] ?? null, column.format), SIZE));
    return width + 2 * PAD;
  });
  const numeric = table.columns.map((column) => NUMERIC_FORMATS.includes(column.format));
  const total = natural.reduce((sum, width) => sum + width, 0);
  if (total <= available) {
    // Spare room goes to the text columns (or all columns when there is none), in proportion to their content.
    const growing = numeric.some((isNumber) => !isNumber) ? numeric.map((isNumber) => !isNumber) : numeric.map(() => true);
    const base = natural.reduce((sum, width, index) => sum + (growing[index] ? width : 0), 0);
    return natural.map((width, index) => (growing[index] ? width + ((available - total) * width) / base : width));
  }
  const textColumns = natural.map((_, index) => index).filter((index) => !numeric[index]);
  const fixed = natural.reduce((sum, width, index) => sum + (numeric[index] ? width : 0), 0);
  let room = available - fixed;
  if (textColumns.length === 0 || room < MIN_TEXT_COLUMN * textColumns.length) {
    // Even the numbers do not fit: every column shrinks alike.
    return natural.map((width) => (width * available) / total);
  }
  const widths = [...natural];
  const byNeed = [...textColumns].sort((a, b) => natural[a]! - natural[b]!);
  byNeed.forEach((index, order) => {
    const share = room / (byNeed.length - order);
    widths[index] = Math.min(natural[index]!, share);
    room -= widths[index]!;
  });
  return widths;
}

function layoutColumns(ctx: Ctx, table: ReportTable): Column[] {
  const widths = columnWidths(ctx, table, contentWidth(ctx.pdf));
  let x = MARGIN;
  return table.columns.map((column, index) => {
    const width = widths[index]!;
    const entry: Column = { ...column, x, width, align: NUMERIC_FORMATS.includes(column.format) ? 'right' : 'left', wrap: column.wrap === true };
    x += width;
    return entry;
  });
}

function drawHeader(ctx: Ctx, columns: Column[]): void {
  const { pdf } = ctx;
  pdf.rect(MARGIN, pdf.y, contentWidth(pdf), ROW).fill(HEADER_FILL);
  ctx.fill = undefined;
  setFill(ctx, INK);
  for (const column of columns) {
    drawLine(ctx, column.label, { x: column.x + PAD, y: pdf.y + TEXT_TOP, width: column.width - 2 * PAD, size: SIZE, base: 'latinBold', align: column.align });
  }
  pdf.y += ROW;
}

/** `r g b rg`: a fill colour inside a text batch (pdfkit's fillColor writes straight to the page). */
function fillOperator(hex: string): string {
  return `${rgbChannels(hex).map((channel) => Math.round(channel * 1000) / 1000).join(' ')} rg\n`;
}
const INK_FILL = fillOperator(INK);
const LINK_FILL = fillOperator(LINK_COLOUR);

/**
 * A link over a cell. The URI action sits inside the annotation: pdfkit's link() makes it an object of its own, 500
 * more in a long table. (pdfkit reads `Subtype`; its typings spell the key `SubType`.)
 */
function uriLink(ctx: Ctx, x: number, y: number, width: number, height: number, url: string): void {
  const link = { Subtype: 'Link', A: { S: 'URI', URI: new String(url) } };
  ctx.pdf.annotate(x, y, width, height, link as Parameters<Ctx['pdf']['annotate']>[4]);
}

/** A wrapped line: its text and where it starts in the cell's text (to find the marks that fall on it). */
interface WrappedLine { text: string; from: number }

/** The cell's words over lines of `width` (a word wider than a line is cut there as any cell is). */
function wrapLines(ctx: Ctx, text: string, width: number): WrappedLine[] {
  const lines: WrappedLine[] = [];
  let line: WrappedLine | null = null;
  let at = 0;
  for (const word of text.split(' ')) {
    if (line && textWidth(ctx, `${line.text} ${word}`, SIZE) <= width) line.text += ` ${word}`;
    else {
      if (line) lines.push(line);
      line = { text: word, from: at };
    }
    at += word.length + 1;
  }
  if (line) lines.push(line);
  if (lines.length <= MAX_LINES) return lines;
  const kept = lines.slice(0, MAX_LINES);
  const last = kept[MAX_LINES - 1]!;
  kept[MAX_LINES - 1] = { ...last, text: text.slice(last.from) };
  return kept;
}

/** Where `mark` is said in `text`, as [start, end) offsets (the screen's match rule). */
function markedRanges(text: string, mark: string): [number, number][] {
  const ranges: [number, number][] = [];
  let at = 0;
  for (const part of splitMatches(text, mark)) {
    if (part.match) ranges.push([at, at + part.text.length]);
    at += part.text.length;
  }
  return ranges;
}

/** Shades the marked letters of one wrapped line (measured from the side the line starts on). */
function shadeMarks(ctx: Ctx, line: WrappedLine, ranges: [number, number][], box: { x: number; y: number; width: number }): void {
  const rtl = isRtlParagraph(line.text);
  for (const [start, end] of ranges) {
    const from = Math.max(start, line.from) - line.from;
    const to = Math.min(end, line.from + line.text.length) - line.from;
    if (to <= from) continue;
    const before = textWidth(ctx, line.text.slice(0, from), SIZE);
    const width = textWidth(ctx, line.text.slice(from, to), SIZE);
    // A right-to-left line is drawn against the box's right edge and read from there.
    ctx.pdf.rect(rtl ? box.x + box.width - before - width : box.x + before, box.y - 1, width, LINE).fill(MARK_COLOUR);
  }
  // The fill colour is now the mark's: the next text sets its own.
  ctx.fill = undefined;
}

const oneLine = (raw: string) => raw.replace(/\s+/g, ' ').trim();

/** Lines each wrapping cell of a row takes (null for a column that does not wrap). */
function rowLines(ctx: Ctx, columns: Column[], row: readonly Cell[]): (WrappedLine[] | null)[] {
  return columns.map((column, index) => (column.wrap ? wrapLines(ctx, oneLine(formatValue(row[index] ?? null, column.format)), column.width - 2 * PAD) : null));
}

const rowHeight = (lines: (WrappedLine[] | null)[]): number => ROW + (Math.max(1, ...lines.map((cell) => cell?.length ?? 1)) - 1) * LINE;

/**
 * One row: cells that are one left-to-right run (nearly all) are written together in one piece, each with its colour;
 * the others (several scripts, right to left) are drawn one by one.
 */
function drawRow(ctx: Ctx, columns: Column[], row: readonly Cell[], link: string | null, lines: (WrappedLine[] | null)[], mark: string): void {
  const { pdf } = ctx;
  const y = pdf.y;
  const height = rowHeight(lines);
  let objects = '';
  let fill = '';
  const alone: (() => void)[] = [];
  columns.forEach((column, index) => {
    const cell = row[index] ?? null;
    const text = formatValue(cell, column.format);
    // Numbers keep to their column's side; text follows its own direction (Arabic and Hebrew from the right).
    const align = typeof cell === 'number' || column.align === 'right' ? 'right' : undefined;
    const box: LineBox = { x: column.x + PAD, y: y + TEXT_TOP, width: column.width - 2 * PAD, size: SIZE, ...(align ? { align } : {}) };
    const linked = index === 0 && link !== null;
    const wrapped = lines[index];
    if (wrapped) {
      const ranges = mark === '' ? [] : markedRanges(oneLine(text), mark);
      wrapped.forEach((line, at) => shadeMarks(ctx, line, ranges, { x: box.x, y: box.y + at * LINE, width: box.width }));
      alone.push(() => {
        setFill(ctx, linked ? LINK_COLOUR : INK);
        wrapped.forEach((line, at) => drawLine(ctx, line.text, { ...box, y: box.y + at * LINE }));
      });
      if (linked) uriLink(ctx, column.x, y, column.width, height, link);
      return;
    }
    const object = lineObject(ctx, text, box);
    if (object === null) {
      alone.push(() => {
        setFill(ctx, linked ? LINK_COLOUR : INK);
        drawLine(ctx, text, box);
      });
    } else if (object !== '') {
      const wanted = linked ? LINK_FILL : INK_FILL;
      if (wanted !== fill) objects += fill = wanted;
      objects += object;
    }
    if (linked) uriLink(ctx, column.x, y, column.width, height, link);
  });
  writeTextObjects(pdf, objects);
  for (const draw of alone) draw();
  pdf.y = y + height;
}

/** The rules under the rows of one page, as one path: one stroke instead of one per row. */
function drawRules(ctx: Ctx, bottoms: number[]): void {
  if (bottoms.length === 0) return;
  const { pdf } = ctx;
  for (const y of bottoms) pdf.moveTo(MARGIN, y).lineTo(MARGIN + contentWidth(pdf), y);
  pdf.lineWidth(0.4).strokeColor(RULE).stroke();
  bottoms.length = 0;
}

/** Draws the table at the cursor: its title, then rows, page after page, each page starting with the header. */
export function drawTable(ctx: Ctx, table: ReportTable): void {
  const { pdf } = ctx;
  // The title never stays alone at a page end: it goes with the header and the first rows.
  ensureRoom(pdf, SECTION_TITLE_HEIGHT + ROW * (1 + Math.min(3, Math.max(1, table.rows.length))));
  sectionTitle(ctx, table.title);
  if (table.rows.length === 0) {
    setFill(ctx, MUTED);
    drawLine(ctx, 'No rows.', { x: MARGIN, y: pdf.y, width: contentWidth(pdf), size: SIZE });
    pdf.y += ROW;
    return;
  }
  const columns = layoutColumns(ctx, table);
  drawHeader(ctx, columns);
  const rules: number[] = [];
  const mark = table.mark?.trim() ?? '';
  table.rows.forEach((row, index) => {
    const lines = rowLines(ctx, columns, row);
    if (pdf.y + rowHeight(lines) > pageBottom(pdf)) {
      drawRules(ctx, rules);
      pdf.addPage();
      pdf.y = MARGIN;
      drawHeader(ctx, columns);
    }
    drawRow(ctx, columns, row, table.links[index] ?? null, lines, mark);
    rules.push(pdf.y);
  });
  drawRules(ctx, rules);
}
