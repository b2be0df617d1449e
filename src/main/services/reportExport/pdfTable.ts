/**
 * A report table across as many pages as it takes: the column header again at the top of each page, numbers
 * right-aligned in their column's format, long text cut with an ellipsis, and a row's first cell linking to the video
 * moment it lists (reelscope:// deep link).
 */
import type { ReportTable, ValueFormat } from '../../../shared/reports/reportDocument';
import type { Ctx } from '../transcriptExport/pdfWriter';
import { rgbChannels } from '../../../shared/rules/contrast';
import { formatValue } from './format';
import { contentWidth, ensureRoom, INK, MARGIN, MUTED, pageBottom, RULE, SECTION_TITLE_HEIGHT, sectionTitle } from './layout';
import type { Align, LineBox } from './pdfText';
import { drawLine, lineObject, setFill, textWidth } from './pdfText';
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
const HEADER_FILL = '#f1f3f5';

const NUMERIC_FORMATS: readonly ValueFormat[] = ['count', 'percent', 'rate'];

interface Column {
  label: string;
  format: ValueFormat;
  x: number;
  width: number;
  align: Align;
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
    const entry: Column = { ...column, x, width, align: NUMERIC_FORMATS.includes(column.format) ? 'right' : 'left' };
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
function uriLink(ctx: Ctx, x: number, y: number, width: number, url: string): void {
  const link = { Subtype: 'Link', A: { S: 'URI', URI: new String(url) } };
  ctx.pdf.annotate(x, y, width, ROW, link as Parameters<Ctx['pdf']['annotate']>[4]);
}

/**
 * One row: cells that are one left-to-right run (nearly all) are written together in one piece, each with its colour;
 * the others (several scripts, right to left) are drawn one by one.
 */
function drawRow(ctx: Ctx, columns: Column[], row: readonly Cell[], link: string | null): void {
  const { pdf } = ctx;
  const y = pdf.y;
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
    if (linked) uriLink(ctx, column.x, y, column.width, link);
  });
  writeTextObjects(pdf, objects);
  for (const draw of alone) draw();
  pdf.y = y + ROW;
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
  table.rows.forEach((row, index) => {
    if (pdf.y + ROW > pageBottom(pdf)) {
      drawRules(ctx, rules);
      pdf.addPage();
      pdf.y = MARGIN;
      drawHeader(ctx, columns);
    }
    drawRow(ctx, columns, row, table.links[index] ?? null);
    rules.push(pdf.y);
  });
  drawRules(ctx, rules);
}
