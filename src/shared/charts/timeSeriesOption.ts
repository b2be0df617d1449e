/**
 * The ECharts option of a time series (engagement, sentiment, tracking): one builder for the screens and the report
 * exports, so a chart in a PDF is the chart on screen. Plain data only (no DOM), colours given by the caller.
 */

export const GRAPH_TYPES = ['line', 'bar', 'area'] as const;
export type GraphType = (typeof GRAPH_TYPES)[number];

export interface ChartColours {
  text: string;
  grid: string;
  /** Series colours in order; reused when there are more series. */
  palette: readonly string[];
}

export interface TimeSeries {
  name: string;
  values: readonly (number | null)[];
}

export interface TimeSeriesInput {
  /** Axis labels, already formatted for the reader (dates, weeks). */
  categories: readonly string[];
  series: readonly TimeSeries[];
  type: GraphType;
  colours: ChartColours;
  /** What the chart shows, for screen readers (ECharts' aria description). */
  description: string;
  rtl?: boolean;
  /** Formats axis values (compact counts, percentages). */
  valueLabel?: (value: number) => string;
}

/** An ECharts option (the subset we use) for `input`. */
export function timeSeriesOption(input: TimeSeriesInput): Record<string, unknown> {
  const { categories, series, type, colours, description, rtl = false, valueLabel } = input;
  const several = series.length > 1;
  return {
    animation: false,
    aria: { enabled: true, label: { description } },
    color: [...colours.palette],
    grid: { left: rtl ? 24 : 56, right: rtl ? 56 : 24, top: several ? 40 : 24, bottom: 40 },
    tooltip: { trigger: 'axis' },
    legend: several ? { top: 0, textStyle: { color: colours.text } } : undefined,
    textStyle: { color: colours.text },
    xAxis: { type: 'category', inverse: rtl, boundaryGap: type === 'bar', data: [...categories], axisLabel: { color: colours.text } },
    yAxis: {
      type: 'value',
      position: rtl ? 'right' : 'left',
      axisLabel: { color: colours.text, ...(valueLabel ? { formatter: valueLabel } : {}) },
      splitLine: { lineStyle: { color: colours.grid } },
    },
    series: series.map((entry) => ({
      name: entry.name,
      type: type === 'bar' ? 'bar' : 'line',
      smooth: type !== 'bar',
      showSymbol: categories.length <= 12,
      ...(type === 'area' ? { areaStyle: { opacity: 0.18 } } : {}),
      data: [...entry.values],
    })),
  };
}
