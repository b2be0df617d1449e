/**
 * Report PDFs (issue 12): A4 portrait with the title, the report's lines and KPI cards on the first page, then each
 * section in order (charts as vectors from the screen's ECharts option, tables across pages), and a footer naming
 * the report and the page on every page. Text in any script is set with the transcript PDFs' embedded fonts.
 */
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import type { ReportDocument } from '../../../shared/reports/reportDocument';
import type { ParsedFont } from '../transcriptExport/fonts';
import type { Ctx } from '../transcriptExport/pdfWriter';
import type { FontKey } from '../transcriptExport/scripts';
import { fontsFor } from '../transcriptExport/scripts';
import { kpiChangeLine } from './format';
import type { Pdf } from './layout';
import { contentWidth, MARGIN, MUTED } from './layout';
import { drawChart, drawHeading, drawKpis } from './pdfSections';
import { drawTable } from './pdfTable';
import { drawLine, fitRuns, setFill, textWidth } from './pdfText';

/** pdfkit takes a parsed fontkit font where its typings only name bytes (PDFFontFactory checks for `layout`). */
type PdfFontSource = Parameters<Pdf['registerFont']>[1];

export interface ReportPdfOptions {
  /** The PDF's creation date (tests pass a fixed one). */
  now?: Date;
}

/** Every text the document draws, to know which script fonts it needs. */
function documentText(doc: ReportDocument): string {
  const parts = [doc.title, ...doc.lines, ...doc.kpis.map((kpi) => kpi.label)];
  for (const section of doc.sections) {
    parts.push(section.title);
    if (section.kind === 'chart') parts.push(...section.categories, ...section.series.map((series) => series.name));
    else {
      parts.push(...section.columns.map((column) => column.label));
      for (const row of section.rows) for (const cell of row) if (typeof cell === 'string') parts.push(cell);
    }
  }
  return parts.join('\n');
}

/** The fonts to register: Noto Sans regular and bold, each script present, and the CJK face for ▲ ▼. */
function neededFonts(doc: ReportDocument): FontKey[] {
  const needed = fontsFor(documentText(doc));
  if (doc.kpis.some((kpi) => kpiChangeLine(kpi).arrow !== '')) needed.add('cjk');
  return ['latin', 'latinBold', ...[...needed].filter((key) => key !== 'latin' && key !== 'latinBold')];
}

/** "Reelscope · <title> · page N of M" at the foot of every page, the title shortened when it is long. */
function drawFooters(ctx: Ctx, title: string): void {
  const { pdf } = ctx;
  const range = pdf.bufferedPageRange();
  const size = 8;
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    const tail = ` · page ${i + 1} of ${range.count}`;
    const room = contentWidth(pdf) - textWidth(ctx, `Reelscope · ${tail}`, size);
    const shortTitle = fitRuns(ctx, title.replace(/\s+/g, ' ').trim(), room, size).map((run) => run.text).join('');
    // Writing inside the bottom margin would otherwise make pdfkit open a new page.
    const bottom = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    setFill(ctx, MUTED);
    drawLine(ctx, `Reelscope · ${shortTitle}${tail}`, { x: MARGIN, y: pdf.page.height - MARGIN / 2 - 6, width: contentWidth(pdf), size, align: 'center' });
    pdf.page.margins.bottom = bottom;
  }
}

/** Writes the report as a PDF into `out`; resolves with its page count when every byte is flushed. */
export async function writeReportPdf(doc: ReportDocument, out: Writable, font: (key: FontKey) => ParsedFont, options: ReportPdfOptions = {}): Promise<number> {
  // font: null skips loading pdfkit's default Helvetica metrics, which these PDFs never use.
  const pdf = new PDFDocument({
    size: 'A4', margin: MARGIN, bufferPages: true, font: null as unknown as string,
    info: { Title: doc.title, Creator: 'Reelscope', Producer: 'Reelscope', ...(options.now ? { CreationDate: options.now } : {}) },
  });
  for (const key of neededFonts(doc)) pdf.registerFont(key, font(key) as unknown as PdfFontSource);
  const ctx: Ctx = { pdf, font };
  pdf.pipe(out);
  const done = finished(out);
  // A drawing error is thrown from here; the stream's own end is then never awaited, and must not surface later as an
  // unhandled rejection when the caller destroys the file it was writing.
  done.catch(() => undefined);

  drawHeading(ctx, doc);
  drawKpis(ctx, doc.kpis);
  for (const section of doc.sections) {
    if (section.kind === 'chart') drawChart(ctx, section);
    else drawTable(ctx, section);
  }
  drawFooters(ctx, doc.title);
  const pages = pdf.bufferedPageRange().count;
  pdf.end();
  await done;
  return pages;
}

/** Renders the report as a PDF in memory (one write to the file afterwards beats pdfkit's many small chunks). */
export async function renderReportPdf(doc: ReportDocument, font: (key: FontKey) => ParsedFont, options: ReportPdfOptions = {}): Promise<{ bytes: Buffer; pages: number }> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  const pages = await writeReportPdf(doc, sink, font, options);
  return { bytes: Buffer.concat(chunks), pages };
}
