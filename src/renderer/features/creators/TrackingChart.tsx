import { formatDate } from '../../lib/format';
import { useMemo } from 'react';
import ReactECharts from 'echarts-for-react';
import type { DailyTracking } from '../../../shared/domain/creator';

export const METRICS = [
  { key: 'view_count', label: 'Views' },
  { key: 'likes', label: 'Likes' },
  { key: 'comment_count', label: 'Comments' },
  { key: 'total_engagement', label: 'Total engagement' },
  { key: 'sentiment_score', label: 'Sentiment score' },
  { key: 'youtube_dislike_count', label: 'Dislikes' },
  { key: 'videoCount', label: 'Video count' },
] as const satisfies readonly { key: keyof DailyTracking; label: string }[];
export type MetricKey = (typeof METRICS)[number]['key'];

/** The daily tracking records of one metric as a line chart (ECharts, SVG renderer); colours follow the skin. */
export function TrackingChart({ records, metric }: { records: DailyTracking[]; metric: MetricKey }) {
  const label = METRICS.find((entry) => entry.key === metric)?.label ?? metric;
  const option = useMemo(() => {
    const styles = getComputedStyle(document.documentElement);
    const text = styles.getPropertyValue('--text').trim() || styles.color || '#333';
    const accent = styles.getPropertyValue('--accent').trim() || '#4f6bed';
    const grid = styles.getPropertyValue('--border').trim() || '#ddd';
    const rtl = document.documentElement.dir === 'rtl';
    return {
      animation: false,
      aria: { enabled: true, label: { description: `${label} per day` } },
      grid: { left: 56, right: 24, top: 24, bottom: 40 },
      tooltip: { trigger: 'axis' },
      textStyle: { color: text },
      xAxis: { type: 'category', inverse: rtl, data: records.map((record) => formatDate(record.date)), axisLabel: { color: text } },
      yAxis: { type: 'value', position: rtl ? 'right' : 'left', axisLabel: { color: text }, splitLine: { lineStyle: { color: grid } } },
      series: [{ name: label, type: 'line', smooth: true, showSymbol: false, areaStyle: { opacity: 0.12 }, color: accent, data: records.map((record) => record[metric]) }],
    };
  }, [records, metric, label]);
  return <ReactECharts option={option} opts={{ renderer: 'svg' }} notMerge style={{ height: 320, width: '100%' }} />;
}
