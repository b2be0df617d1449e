/**
 * A report chart drawn straight into the PDF from ECharts' own display list: the same option the report screen uses,
 * laid out by ECharts (server-side, no animation), each path and label then drawn by pdfkit as vectors. Why not
 * ECharts' SVG string through svg-to-pdfkit: that parsed back what ECharts had just written, about 11 ms a chart
 * (issue 12's PDF bench). Labels go through the report's text drawing (any script, right-to-left in visual order).
 */
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent } from 'echarts/components';
import type { EChartsCoreOption } from 'echarts/core';
import { LegacyGridContainLabel } from 'echarts/features';
import { init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import type { ReportChart } from '../../../shared/reports/reportDocument';
import { reportChartOption } from '../../../shared/charts/reportChartOption';
import type { ChartColours } from '../../../shared/charts/timeSeriesOption';
import type { Ctx } from '../transcriptExport/pdfWriter';
import { axisValue } from './format';
import { drawLine, lineTopForCentre, setFill } from './pdfText';
import { pathCommands, type PathProxyLike } from './chartPaths';
import { paintOf } from './chartPaint';

// The report options keep labels inside the grid with `containLabel`, which ECharts 6 moved to a feature.
use([LineChart, BarChart, PieChart, GridComponent, LegendComponent, AriaComponent, LegacyGridContainLabel, SVGRenderer]);

/** Print colours: dark text on white, and six series colours that stay apart in greyscale too. */
export const PRINT_COLOURS: ChartColours = {
  text: '#1f2933',
  grid: '#e4e7eb',
  palette: ['#2563eb', '#f97316', '#059669', '#db2777', '#7c3aed', '#ca8a04'],
};

type Matrix = [number, number, number, number, number, number];

/** What is read of a zrender element (its typings do not export the display list's element classes). */
interface Drawn {
  type: string;
  invisible?: boolean;
  ignore?: boolean;
  transform?: Matrix | null;
  style: Record<string, unknown>;
  shape?: unknown;
  path?: PathProxyLike;
  createPathProxy?: () => void;
  buildPath?: (ctx: PathProxyLike, shape: unknown) => void;
}

interface ZrLike { storage: { getDisplayList: (update: boolean) => Drawn[] } }

const FONT_SIZE = /(\d+(?:\.\d+)?)px/;
const num = (value: unknown, fallback: number): number => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

function drawPath(ctx: Ctx, el: Drawn): void {
  if (!el.buildPath || !el.createPathProxy) return;
  if (!el.path) el.createPathProxy();
  const proxy = el.path;
  if (!proxy) return;
  proxy.beginPath();
  el.buildPath(proxy, el.shape);
  const { pdf } = ctx;
  const opacity = num(el.style.opacity, 1);
  const fill = paintOf(el.style.fill, opacity * num(el.style.fillOpacity, 1));
  const stroke = paintOf(el.style.stroke, opacity * num(el.style.strokeOpacity, 1));
  const width = num(el.style.lineWidth, 1);
  if (!fill && (!stroke || width <= 0)) return;
  pathCommands(proxy, pdf);
  if (fill) pdf.fillColor(fill.color).fillOpacity(fill.opacity);
  if (stroke) {
    pdf.strokeColor(stroke.color).strokeOpacity(stroke.opacity).lineWidth(width);
    const dash = el.style.lineDash;
    if (Array.isArray(dash) && typeof dash[0] === 'number') pdf.dash(dash[0], { space: typeof dash[1] === 'number' ? dash[1] : dash[0] });
    else pdf.undash();
  }
  if (fill && stroke && width > 0) pdf.fillAndStroke();
  else if (fill) pdf.fill();
  else pdf.stroke();
}

function drawLabel(ctx: Ctx, el: Drawn, room: number): void {
  const text = el.style.text;
  if (typeof text !== 'string' || text.trim() === '') return;
  const paint = paintOf(el.style.fill ?? '#000', num(el.style.opacity, 1));
  if (!paint) return;
  const font = typeof el.style.font === 'string' ? el.style.font : '';
  const size = num(el.style.fontSize, Number(FONT_SIZE.exec(font)?.[1] ?? 12));
  const bold = /bold|[6-9]00/.test(`${font} ${String(el.style.fontWeight ?? '')}`);
  const x = num(el.style.x, 0);
  const baseline = el.style.textBaseline;
  // zrender's y is the text's top, middle or bottom; the line is placed by its centre.
  const centre = num(el.style.y, 0) + (baseline === 'top' ? size / 2 : baseline === 'bottom' ? -size / 2 : 0);
  const align = el.style.textAlign === 'center' || el.style.textAlign === 'middle' ? 'center' : el.style.textAlign === 'right' || el.style.textAlign === 'end' ? 'right' : 'left';
  const left = align === 'left' ? x : align === 'right' ? x - room : x - room / 2;
  ctx.pdf.fillOpacity(paint.opacity);
  // Paths set fills directly and each element's restore() undoes its own: the recorded fill is not to be trusted here.
  ctx.fill = undefined;
  setFill(ctx, paint.color);
  drawLine(ctx, text, { x: left, y: lineTopForCentre(ctx, centre, size), width: room, size, base: bold ? 'latinBold' : 'latin', align });
}

/**
 * Draws the chart in the box (points), laid out at `pixels` wide as on screen and scaled to the box: the same
 * proportions of text to plot as the report screen.
 */
export function drawChartVectors(ctx: Ctx, chart: ReportChart, box: { x: number; y: number; width: number; height: number }, pixels: number): void {
  const { tooltip: _tooltip, ...option } = reportChartOption(chart, { colours: PRINT_COLOURS, valueLabel: axisValue });
  const scale = box.width / pixels;
  const instance = init(null, null, { renderer: 'svg', ssr: true, width: pixels, height: Math.round(box.height / scale) });
  const { pdf } = ctx;
  try {
    instance.setOption({ ...option, animation: false } as EChartsCoreOption);
    const zr = instance.getZr() as unknown as ZrLike;
    pdf.save();
    pdf.translate(box.x, box.y).scale(scale);
    for (const el of zr.storage.getDisplayList(true)) {
      if (el.invisible || el.ignore) continue;
      pdf.save();
      if (el.transform) pdf.transform(...el.transform);
      if (el.type === 'tspan') drawLabel(ctx, el, pixels);
      else drawPath(ctx, el);
      pdf.restore();
    }
    pdf.restore();
  } finally {
    instance.dispose();
    // The labels set fills as they went: the next text sets its own.
    ctx.fill = undefined;
    pdf.fillOpacity(1).strokeOpacity(1).undash();
  }
}
