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
  /** Drawn against a second axis on the other side (a series of another order of magnitude, e.g. likes beside views). */
  secondary?: boolean;
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
  const secondAxis = series.some((entry) => entry.secondary);
  const axisLabel = { color: colours.text, ...(valueLabel ? { formatter: valueLabel } : {}) };
  // With two value axes a reader cannot tell which scale is whose: each axis is named after its series.
  const axisName = (secondary: boolean) => (secondAxis ? {
    name: series.filter((entry) => Boolean(entry.secondary) === secondary).map((entry) => entry.name).join(' · '),
    nameLocation: 'end', nameGap: 12, nameTextStyle: { color: colours.text, align: (rtl ? !secondary : secondary) ? 'right' : 'left' },
  } : {});
  return {
    animation: false,
    aria: { enabled: true, label: { description } },
    color: [...colours.palette],
    grid: { left: rtl && !secondAxis ? 24 : 56, right: rtl || secondAxis ? 56 : 24, top: (several ? 40 : 24) + (secondAxis ? 24 : 0), bottom: 40 },
    tooltip: { trigger: 'axis' },
    legend: several ? { top: 0, align: rtl ? 'right' : 'auto', textStyle: { color: colours.text } } : undefined,
    textStyle: { color: colours.text },
    xAxis: { type: 'category', inverse: rtl, boundaryGap: type === 'bar', data: [...categories], axisLabel: { color: colours.text } },
    yAxis: [
      { type: 'value', position: rtl ? 'right' : 'left', axisLabel, ...axisName(false), splitLine: { lineStyle: { color: colours.grid } } },
      ...(secondAxis ? [{ type: 'value', position: rtl ? 'left' : 'right', axisLabel, ...axisName(true), splitLine: { show: false } }] : []),
    ],
    series: series.map((entry) => ({
      name: entry.name,
      type: type === 'bar' ? 'bar' : 'line',
      yAxisIndex: secondAxis && entry.secondary ? 1 : 0,
      // Monotone smoothing: a curve never swings past its points (no dip below zero between two buckets).
      smooth: type !== 'bar',
      smoothMonotone: 'x',
      showSymbol: categories.length <= 12,
      ...(type === 'area' ? { areaStyle: { opacity: 0.18 } } : {}),
      data: [...entry.values],
    })),
  };
}
