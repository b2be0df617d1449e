/**
 * A report chart laid out by ECharts (server-side, no animation) and read back from zrender's display list as plain
 * data: paths as drawing commands with their paint, labels as text with their place. Plain data so the layout can run
 * on a thread of its own (chartLayoutThread.ts) while the PDF writer sets the tables; chartPdf.ts draws it. The
 * option is the report screen's own (reportChartOption), so a printed chart is the chart on screen.
 */
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent } from 'echarts/components';
import type { EChartsCoreOption } from 'echarts/core';
import { init, use } from 'echarts/core';
import { LegacyGridContainLabel } from 'echarts/features';
import { SVGRenderer } from 'echarts/renderers';
import { reportChartOption } from '../../../shared/charts/reportChartOption';
import type { ChartColours } from '../../../shared/charts/timeSeriesOption';
import type { ReportChart } from '../../../shared/reports/reportDocument';
import { paintOf, type Paint } from './chartPaint';
import { PATH_OPS, pathCommands, type PathProxyLike } from './chartPaths';
import { axisValue } from './format';

// The report options keep labels inside the grid with `containLabel`, which ECharts 6 moved to a feature.
use([LineChart, BarChart, PieChart, GridComponent, LegendComponent, AriaComponent, LegacyGridContainLabel, SVGRenderer]);

/** Print colours: dark text on white, and six series colours that stay apart in greyscale too. */
export const PRINT_COLOURS: ChartColours = {
  text: '#1f2933',
  grid: '#e4e7eb',
  palette: ['#2563eb', '#f97316', '#059669', '#db2777', '#7c3aed', '#ca8a04'],
};

export type Matrix = [number, number, number, number, number, number];

/** A chart to lay out, `width` × `height` pixels as on screen. */
export interface ChartLayoutRequest {
  chart: ReportChart;
  width: number;
  height: number;
}

export interface DrawnPath {
  kind: 'path';
  transform: Matrix | null;
  fill: Paint | null;
  stroke: Paint | null;
  lineWidth: number;
  /** Dash and gap lengths, or null for a solid line. */
  dash: [number, number] | null;
  /** The path as PATH_OPS codes, each followed by its numbers (arcs already turned into curves). */
  commands: number[];
}

export interface DrawnLabel {
  kind: 'label';
  transform: Matrix | null;
  text: string;
  paint: Paint;
  size: number;
  bold: boolean;
  /** The anchor: x at the label's alignment side, `centre` the middle of its line. */
  x: number;
  centre: number;
  align: 'left' | 'right' | 'center';
}

export type DrawnItem = DrawnPath | DrawnLabel;

/** What is read of a zrender element (its typings do not export the display list's element classes). */
interface Element {
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

interface ZrLike { storage: { getDisplayList: (update: boolean) => Element[] } }

const FONT_SIZE = /(\d+(?:\.\d+)?)px/;
const num = (value: unknown, fallback: number): number => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
const transformOf = (el: Element): Matrix | null => (el.transform ? [...el.transform] : null);

/** The path commands as numbers: the recorder pdfkit's replay reads back (chartPdf.replayPath). */
function recordPath(proxy: PathProxyLike): number[] {
  const commands: number[] = [];
  pathCommands(proxy, {
    moveTo: (x, y) => commands.push(PATH_OPS.move, x, y),
    lineTo: (x, y) => commands.push(PATH_OPS.line, x, y),
    bezierCurveTo: (x1, y1, x2, y2, x, y) => commands.push(PATH_OPS.cubic, x1, y1, x2, y2, x, y),
    quadraticCurveTo: (x1, y1, x, y) => commands.push(PATH_OPS.quadratic, x1, y1, x, y),
    rect: (x, y, w, h) => commands.push(PATH_OPS.rect, x, y, w, h),
    closePath: () => commands.push(PATH_OPS.close),
  });
  return commands;
}

function readPath(el: Element): DrawnPath | null {
  if (!el.buildPath || !el.createPathProxy) return null;
  if (!el.path) el.createPathProxy();
  const proxy = el.path;
  if (!proxy) return null;
  proxy.beginPath();
  el.buildPath(proxy, el.shape);
  const opacity = num(el.style.opacity, 1);
  const fill = paintOf(el.style.fill, opacity * num(el.style.fillOpacity, 1));
  const stroke = paintOf(el.style.stroke, opacity * num(el.style.strokeOpacity, 1));
  const lineWidth = num(el.style.lineWidth, 1);
  if (!fill && (!stroke || lineWidth <= 0)) return null;
  const dash = el.style.lineDash;
  const dashed = Array.isArray(dash) && typeof dash[0] === 'number' ? ([dash[0], typeof dash[1] === 'number' ? dash[1] : dash[0]] as [number, number]) : null;
  return { kind: 'path', transform: transformOf(el), fill, stroke: lineWidth > 0 ? stroke : null, lineWidth, dash: dashed, commands: recordPath(proxy) };
}

function readLabel(el: Element): DrawnLabel | null {
  const text = el.style.text;
  if (typeof text !== 'string' || text.trim() === '') return null;
  const paint = paintOf(el.style.fill ?? '#000', num(el.style.opacity, 1));
  if (!paint) return null;
  const font = typeof el.style.font === 'string' ? el.style.font : '';
  const size = num(el.style.fontSize, Number(FONT_SIZE.exec(font)?.[1] ?? 12));
  const bold = /bold|[6-9]00/.test(`${font} ${String(el.style.fontWeight ?? '')}`);
  const baseline = el.style.textBaseline;
  // zrender's y is the text's top, middle or bottom; the line is placed by its centre.
  const centre = num(el.style.y, 0) + (baseline === 'top' ? size / 2 : baseline === 'bottom' ? -size / 2 : 0);
  const textAlign = el.style.textAlign;
  const align = textAlign === 'center' || textAlign === 'middle' ? 'center' : textAlign === 'right' || textAlign === 'end' ? 'right' : 'left';
  return { kind: 'label', transform: transformOf(el), text, paint, size, bold, x: num(el.style.x, 0), centre, align };
}

/** Lays the chart out as on the report screen (print colours, no tooltip) and reads what ECharts drew. */
export function layoutChart({ chart, width, height }: ChartLayoutRequest): DrawnItem[] {
  const { tooltip: _tooltip, ...option } = reportChartOption(chart, { colours: PRINT_COLOURS, valueLabel: axisValue });
  const instance = init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    instance.setOption({ ...option, animation: false } as EChartsCoreOption);
    const items: DrawnItem[] = [];
    for (const el of (instance.getZr() as unknown as ZrLike).storage.getDisplayList(true)) {
      if (el.invisible || el.ignore) continue;
      const item = el.type === 'tspan' ? readLabel(el) : readPath(el);
      if (item) items.push(item);
    }
    return items;
  } finally {
    instance.dispose();
  }
}
