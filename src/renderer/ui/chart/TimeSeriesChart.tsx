import { useMemo } from 'react';
import ReactECharts from 'echarts-for-react';
import { timeSeriesOption, type GraphType, type TimeSeries } from '../../../shared/charts/timeSeriesOption';
import { chartColours, isRtl } from './chartColours';

export interface TimeSeriesChartProps {
  categories: readonly string[];
  series: readonly TimeSeries[];
  type?: GraphType;
  /** What the chart shows, read to screen-reader users. */
  description: string;
  valueLabel?: (value: number) => string;
  height?: number;
}

/** A time series drawn with ECharts (SVG renderer) in the skin's colours, mirrored right to left. */
export function TimeSeriesChart({ categories, series, type = 'line', description, valueLabel, height = 320 }: TimeSeriesChartProps) {
  const option = useMemo(
    () => timeSeriesOption({ categories, series, type, description, valueLabel, colours: chartColours(), rtl: isRtl() }),
    [categories, series, type, description, valueLabel],
  );
  return <ReactECharts option={option} opts={{ renderer: 'svg' }} notMerge style={{ height, width: '100%' }} />;
}
