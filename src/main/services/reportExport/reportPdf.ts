/**
 * Report PDFs (issue 12): A4 portrait with the title, the report's lines and KPI cards on the first page, then each
 * section in order (charts as vectors from the screen's ECharts option, tables across pages), and a footer naming
 * the report and the page on every page. Text in any script is set with the transcript PDFs' embedded fonts.
 */
import PDFDocument from 'pdfkit';
import type { ReportDocument } from '../../../shared/reports/reportDocument';
import type { ParsedFont } from '../transcriptExport/fonts';
import type { Ctx } from '../transcriptExport/pdfWriter';
import type { FontKey } from '../transcriptExport/scripts';
import { fontsFor } from '../transcriptExport/scripts';
import { kpiChangeLine } from './format';
import type { Pdf } from './layout';
import { contentWidth, MARGIN, MUTED } from './layout';
import { startChartLayouts, type StartChartLayouts } from './chartLayoutThread';
import { chartLayoutRequest, drawChart, drawHeading, drawKpis, placeChart, type ChartPlace } from './pdfSections';
import { drawTable } from './pdfTable';
import { drawLine, fitRuns, setFill, textWidth } from './pdfText';

/** pdfkit takes a parsed fontkit font where its typings only name bytes (PDFFontFactory checks for `layout`). */
type PdfFontSource = Parameters<Pdf['registerFont']>[1];

export interface ReportPdfOptions {
  /** The PDF's creation date (tests pass a fixed one). */
  now?: Date;
  /** Who lays the charts out: by default the layout thread, sharing with the writer (chartLayoutThread.ts). */
  layouts?: StartChartLayouts;
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

/**
 * Renders the report as a PDF in memory; resolves with its bytes and page count. In memory: one write to the file
 * afterwards beats pdfkit's many small chunks, and the chunks are taken as pdfkit gives them (no stream in between).
 */
export async function renderReportPdf(doc: ReportDocument, font: (key: FontKey) => ParsedFont, options: ReportPdfOptions = {}): Promise<{ bytes: Buffer; pages: number }> {
  // font: null skips loading pdfkit's default Helvetica metrics, which these PDFs never use.
  const pdf = new PDFDocument({
    size: 'A4', margin: MARGIN, bufferPages: true, font: null as unknown as string,
    info: { Title: doc.title, Creator: 'Reelscope', Producer: 'Reelscope', ...(options.now ? { CreationDate: options.now } : {}) },
  });
  for (const key of neededFonts(doc)) pdf.registerFont(key, font(key) as unknown as PdfFontSource);
  const ctx: Ctx = { pdf, font };
  const chunks: Uint8Array[] = [];
  pdf.on('data', (chunk: Uint8Array) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    pdf.once('end', resolve);
    pdf.once('error', reject);
  });

  const charts = doc.sections.filter((section) => section.kind === 'chart');
  // Charts are laid out (by ECharts, on the layout thread) while the writer sets everything else: each chart's place is
  // known from its size alone, so the flow keeps its place and the chart is drawn into it afterwards.
  const layouts = (options.layouts ?? startChartLayouts)(charts.map((chart) => chartLayoutRequest(chart, contentWidth(pdf))));
  drawHeading(ctx, doc);
  drawKpis(ctx, doc.kpis);
  const places: ChartPlace[] = [];
  for (const section of doc.sections) {
    if (section.kind === 'chart') places.push(placeChart(ctx, section));
    else drawTable(ctx, section);
  }
  // From the last chart back: the thread works from the first, so the writer lays out the ones it has not reached yet
  // instead of waiting for the one it is on.
  for (let index = places.length - 1; index >= 0; index--) drawChart(ctx, places[index]!, await layouts.take(index));
  drawFooters(ctx, doc.title);
  const pages = pdf.bufferedPageRange().count;
  pdf.end();
  await ended;
  return { bytes: Buffer.concat(chunks), pages };
}
