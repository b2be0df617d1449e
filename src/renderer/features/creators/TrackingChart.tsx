import { formatDate } from '../../lib/format';
import { useMemo } from 'react';
import { TimeSeriesChart } from '../../ui/chart';
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

/** The daily tracking records of one metric as an area chart in the skin's colours. */
export function TrackingChart({ records, metric }: { records: DailyTracking[]; metric: MetricKey }) {
  const label = METRICS.find((entry) => entry.key === metric)?.label ?? metric;
  const categories = useMemo(() => records.map((record) => formatDate(record.date)), [records]);
  const series = useMemo(() => [{ name: label, values: records.map((record) => record[metric]) }], [records, metric, label]);
  return <TimeSeriesChart categories={categories} series={series} type="area" description={`${label} per day`} />;
}
