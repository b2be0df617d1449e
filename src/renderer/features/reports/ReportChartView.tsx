import { useMemo } from 'react';
import ReactECharts from 'echarts-for-react';
import { reportChartOption } from '../../../shared/charts/reportChartOption';
import type { ReportChart } from '../../../shared/reports/reportDocument';
import { chartColours, isRtl } from '../../ui/chart';
import { formatValue } from './reportValues';

/** One chart of a report, drawn from the same option the PDF prints. */
export function ReportChartView({ chart }: { chart: ReportChart }) {
  const option = useMemo(
    () => reportChartOption(chart, { colours: chartColours(), rtl: isRtl(), valueLabel: (value, format) => formatValue(value, format, true) }),
    [chart],
  );
  const empty = chart.series.every((entry) => entry.values.every((value) => value === null || value === 0));
  const height = chart.chart === 'bars' ? Math.max(160, chart.categories.length * (chart.series.length > 1 ? 30 : 22) + 40) : 300;
  return (
    <figure className="report-chart" aria-label={chart.title}>
      <figcaption className="report-chart__title">{chart.title}</figcaption>
      {empty ? <p className="report-empty">No video in this window.</p> : <ReactECharts option={option} opts={{ renderer: 'svg' }} notMerge style={{ height, width: '100%' }} />}
      <p className="visually-hidden">{chart.description}</p>
    </figure>
  );
}
