/** The first page's heading and KPI cards, and chart sections: each chart whole on one page, as vectors. */
import type { ReportChart, ReportDocument, ReportKpi } from '../../../shared/reports/reportDocument';
import type { Ctx } from '../transcriptExport/pdfWriter';
import { paragraph } from '../transcriptExport/pdfWriter';
import { drawText } from '../transcriptExport/textRuns';
import type { ChartLayoutRequest, DrawnItem } from './chartLayout';
import { drawChartVectors } from './chartPdf';
import type { Tone } from './format';
import { formatValue, kpiChangeLine } from './format';
import { contentWidth, ensureRoom, INK, MARGIN, MUTED, rule, SECTION_TITLE_HEIGHT, sectionTitle } from './layout';
import { drawLine, setFill, textWidth } from './pdfText';

/** "2024-05-01 10:00 UTC" for an ISO timestamp; anything else as given. */
function generatedLabel(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Title, the lines saying whose figures over which window with which filters, and when it was made. */
export function drawHeading(ctx: Ctx, doc: ReportDocument): void {
  const { pdf } = ctx;
  pdf.y = MARGIN;
  paragraph(ctx, doc.title, { size: 18, leading: 24, base: 'latinBold', color: INK });
  pdf.y += 4;
  for (const line of doc.lines) paragraph(ctx, line, { size: 9.5, leading: 13, color: MUTED });
  paragraph(ctx, `Generated ${generatedLabel(doc.generated_at)}`, { size: 9.5, leading: 13, color: MUTED });
  pdf.y += 6;
  rule(pdf, pdf.y, '#9aa5b1');
  pdf.y += 14;
}

const KPI_COLUMNS = 3;
const KPI_GAP = 10;
const KPI_HEIGHT = 60;
const TONE_COLOURS: Record<Tone, string> = { good: '#15803d', bad: '#b91c1c', neutral: MUTED };

function drawKpi(ctx: Ctx, kpi: ReportKpi, x: number, y: number, width: number): void {
  const { pdf } = ctx;
  pdf.roundedRect(x, y, width, KPI_HEIGHT, 4).lineWidth(0.6).fillAndStroke('#f8fafc', '#d9dee4');
  ctx.fill = undefined;
  const inner = { x: x + 10, width: width - 20 };
  setFill(ctx, MUTED);
  drawLine(ctx, kpi.label, { ...inner, y: y + 8, size: 8.5 });
  setFill(ctx, INK);
  drawLine(ctx, kpi.current === null ? '—' : formatValue(kpi.current, kpi.format), { ...inner, y: y + 21, size: 16, base: 'latinBold' });
  const change = kpiChangeLine(kpi);
  setFill(ctx, TONE_COLOURS[change.tone]);
  let left = inner.x;
  if (change.arrow) {
    // Noto Sans has no geometric shapes; the CJK face does.
    pdf.font('cjk').fontSize(7.5);
    drawText(pdf, change.arrow, left, y + 43, 7.5);
    left += textWidth(ctx, change.arrow, 7.5, 'cjk') + 3;
  }
  drawLine(ctx, change.text, { x: left, y: y + 42, width: inner.x + inner.width - left, size: 8.5 });
}

/** KPI cards, three to a row. */
export function drawKpis(ctx: Ctx, kpis: readonly ReportKpi[]): void {
  const { pdf } = ctx;
  if (kpis.length === 0) return;
  const width = (contentWidth(pdf) - KPI_GAP * (KPI_COLUMNS - 1)) / KPI_COLUMNS;
  for (let start = 0; start < kpis.length; start += KPI_COLUMNS) {
    ensureRoom(pdf, KPI_HEIGHT);
    kpis.slice(start, start + KPI_COLUMNS).forEach((kpi, column) => drawKpi(ctx, kpi, MARGIN + column * (width + KPI_GAP), pdf.y, width));
    pdf.y += KPI_HEIGHT + KPI_GAP;
  }
  pdf.y += 8;
}

/** ECharts lays the chart out in this many SVG pixels across; the PDF scales it to the content width. */
const CHART_PIXELS = 640;

/** Chart height in points: horizontal bars grow with their categories, the others have one size. */
function chartHeight(chart: ReportChart, width: number): number {
  if (chart.chart === 'donut') return width * 0.5;
  if (chart.chart === 'time') return width * 0.48;
  const band = 14 * chart.series.length + 10;
  return Math.min(560, Math.max(140, chart.categories.length * band + (chart.series.length > 1 ? 64 : 40)));
}

/** What ECharts is asked to lay out for a chart printed `width` points wide: the screen's pixels, same proportions. */
export function chartLayoutRequest(chart: ReportChart, width: number): ChartLayoutRequest {
  return { chart, width: CHART_PIXELS, height: Math.round(chartHeight(chart, width) * (CHART_PIXELS / width)) };
}

/** Where a chart goes: its page and box. */
export interface ChartPlace {
  page: number;
  x: number;
  y: number;
  width: number;
}

/**
 * A chart section's title and the room for its chart, moved to the next page when the two do not fit on this one.
 * The chart is drawn into the place once laid out (drawChart).
 */
export function placeChart(ctx: Ctx, chart: ReportChart): ChartPlace {
  const { pdf } = ctx;
  const width = contentWidth(pdf);
  const height = chartHeight(chart, width);
  ensureRoom(pdf, SECTION_TITLE_HEIGHT + height);
  sectionTitle(ctx, chart.title);
  const range = pdf.bufferedPageRange();
  const place = { page: range.start + range.count - 1, x: MARGIN, y: pdf.y, width };
  pdf.y = place.y + height + 18;
  return place;
}

/** Draws a laid-out chart into its place. */
export function drawChart(ctx: Ctx, place: ChartPlace, items: readonly DrawnItem[]): void {
  const { pdf } = ctx;
  pdf.switchToPage(place.page);
  drawChartVectors(ctx, items, place, CHART_PIXELS);
}
