/**
 * A report chart as SVG, drawn by ECharts' server-side renderer from the same option the report screen uses, so the
 * printed chart is the one on screen. Only the chart types and components report options use are loaded.
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
import type { FontKey } from '../transcriptExport/scripts';
import { fontsFor, isRtlParagraph, splitRuns } from '../transcriptExport/scripts';
import { axisValue } from './format';

// The report options keep labels inside the grid with `containLabel`, which ECharts 6 moved to a feature.
use([LineChart, BarChart, PieChart, GridComponent, LegendComponent, AriaComponent, LegacyGridContainLabel, SVGRenderer]);

/** Print colours: dark text on white, and six series colours that stay apart in greyscale too. */
export const PRINT_COLOURS: ChartColours = {
  text: '#1f2933',
  grid: '#e4e7eb',
  palette: ['#2563eb', '#f97316', '#059669', '#db2777', '#7c3aed', '#ca8a04'],
};

/** The font-family prefix that tells `chartFont` which embedded font a text element needs. */
const FAMILY_PREFIX = 'reelscope-';

const TEXT_ELEMENT = /<text\b([^>]*)>([^<]*)<\/text>/g;
const FONT_FAMILY = /font-family:[^;"]*/;

/** The one embedded font a chart text needs: svg-to-pdfkit sets each text element in a single font. */
function fontOfText(text: string): FontKey | null {
  const fonts = fontsFor(text.replace(/&[a-z#0-9]+;/gi, ' '));
  for (const key of ['cjk', 'arabic', 'hebrew', 'devanagari'] as const) if (fonts.has(key)) return key;
  return null;
}

/** svg-to-pdfkit sizes a root with width and height by those, ignoring its viewport: without them it scales the viewBox. */
const ROOT_SIZE = /^<svg width="[\d.]+" height="[\d.]+"/;

/**
 * Right-to-left text in visual order. fontkit reverses the letters of a right-to-left run, but pdfkit hands it one
 * word (with its trailing space) at a time, so the words would come out in logical order, glued together. The
 * words and runs are reversed here, and the element gets a word spacing, which makes svg-to-pdfkit set each word and
 * each space on its own.
 */
function visualOrder(text: string): string {
  const runs = splitRuns(text).map((run) => (run.dir === 'rtl' ? run.text.trim().split(/ +/).reverse().join(' ') : run.text.trim()));
  return (isRtlParagraph(text) ? runs.reverse() : runs).join(' ');
}

/** Marks each text element in a script other than Latin/Greek/Cyrillic with the font it needs. */
function markFonts(svg: string): string {
  return svg.replace(TEXT_ELEMENT, (whole, attributes: string, text: string) => {
    const key = fontOfText(text);
    if (!key) return whole;
    const marked = FONT_FAMILY.test(attributes) ? attributes.replace(FONT_FAMILY, `font-family:${FAMILY_PREFIX}${key}`) : `${attributes} font-family="${FAMILY_PREFIX}${key}"`;
    if (key === 'arabic' || key === 'hebrew') return `<text${marked} word-spacing="0.01">${visualOrder(text)}</text>`;
    return `<text${marked}>${text}</text>`;
  });
}

/** svg-to-pdfkit's fontCallback: the registered font for an SVG font family (Noto Sans unless marked). */
export function chartFont(family: string, bold: boolean): FontKey {
  const marked = family.replace(/['"]/g, '').trim();
  if (marked.startsWith(FAMILY_PREFIX)) return marked.slice(FAMILY_PREFIX.length) as FontKey;
  return bold ? 'latinBold' : 'latin';
}

/** The chart drawn at `width` × `height` SVG pixels; the ECharts instance lives only for this call. */
export function chartSvg(chart: ReportChart, width: number, height: number): string {
  // A page has no pointer: the screen's tooltip is left out (and its component never loaded).
  const { tooltip: _tooltip, ...option } = reportChartOption(chart, { colours: PRINT_COLOURS, valueLabel: axisValue });
  const instance = init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    instance.setOption(option as EChartsCoreOption);
    return markFonts(instance.renderToSVGString()).replace(ROOT_SIZE, '<svg');
  } finally {
    instance.dispose();
  }
}
