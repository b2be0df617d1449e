import { useMemo } from 'react';
import type { GraphType } from '../../../../shared/charts/timeSeriesOption';
import type { EngagementWidget } from '../../../../shared/http/home.schemas';
import { formatCount } from '../../../lib/format';
import { TimeSeriesChart } from '../../../ui/chart';
import { bucketLabel } from './bucketLabel';

/** Views, likes and comments per bucket of the graph's period. */
export function EngagementChart({ body, type }: { body: EngagementWidget; type: GraphType }) {
  const categories = useMemo(() => body.buckets.map((bucket) => bucketLabel(bucket.start, body.unit)), [body]);
  const series = useMemo(
    () => [
      { name: 'Views', values: body.buckets.map((bucket) => bucket.views) },
      { name: 'Likes', values: body.buckets.map((bucket) => bucket.likes), secondary: true },
      { name: 'Comments', values: body.buckets.map((bucket) => bucket.comments), secondary: true },
    ],
    [body],
  );
  return <TimeSeriesChart categories={categories} series={series} type={type} valueLabel={formatCount} description={`Views, likes and comments of ${body.brand.name} per ${body.unit}`} />;
}
