/**
 * The ECharts option of a report chart (issue 12): the report screen draws it in the browser and the host draws the
 * same option to SVG for the PDF, so a printed chart is the chart on screen.
 */
import type { ReportChart, ValueFormat } from '../reports/reportDocument';
import { timeSeriesOption, type ChartColours } from './timeSeriesOption';

export interface ReportChartStyle {
  colours: ChartColours;
  rtl?: boolean;
  /** Writes an axis or label value in the chart's format. */
  valueLabel: (value: number, format: ValueFormat) => string;
}

/** An ECharts option (the subset we use) for a report chart. */
export function reportChartOption(chart: ReportChart, style: ReportChartStyle): Record<string, unknown> {
  const { colours, rtl = false } = style;
  const label = (value: number) => style.valueLabel(value, chart.format);
  if (chart.chart === 'time') {
    return timeSeriesOption({ categories: chart.categories, series: chart.series, type: chart.graph, colours, description: chart.description, rtl, valueLabel: label });
  }
  const base = {
    animation: false,
    aria: { enabled: true, label: { description: chart.description } },
    color: [...colours.palette],
    textStyle: { color: colours.text },
  };
  if (chart.chart === 'donut') {
    const values = chart.series[0]?.values ?? [];
    return {
      ...base,
      legend: { bottom: 0, textStyle: { color: colours.text } },
      series: [{
        type: 'pie',
        radius: ['45%', '70%'],
        center: ['50%', '45%'],
        label: { color: colours.text, formatter: (entry: { name: string; value: number }) => `${entry.name}: ${label(entry.value)}` },
        data: chart.categories.map((name, index) => ({ name, value: values[index] ?? 0 })),
      }],
    };
  }
  const several = chart.series.length > 1;
  return {
    ...base,
    legend: several ? { top: 0, textStyle: { color: colours.text } } : undefined,
    // Horizontal bars: long category names (products, age ranges, brands) stay readable.
    grid: { left: rtl ? 24 : 8, right: rtl ? 8 : 40, top: several ? 32 : 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', inverse: rtl, axisLabel: { color: colours.text, formatter: label }, splitLine: { lineStyle: { color: colours.grid } } },
    yAxis: { type: 'category', inverse: true, position: rtl ? 'right' : 'left', data: [...chart.categories], axisLabel: { color: colours.text, width: 160, overflow: 'truncate' } },
    series: chart.series.map((entry) => ({ name: entry.name, type: 'bar', data: [...entry.values], barMaxWidth: 18 })),
  };
}
