import { useMemo } from 'react';
import type { GraphType } from '../../../../shared/charts/timeSeriesOption';
import type { SentimentWidget } from '../../../../shared/http/home.schemas';
import { formatPercent } from '../../../lib/format';
import { KpiCard, TimeSeriesChart } from '../../../ui/chart';
import { bucketLabel } from './bucketLabel';

/** The sentiment split with its change, and the positive and negative trend per bucket. */
export function SentimentView({ body, type }: { body: SentimentWidget; type: GraphType }) {
  const categories = useMemo(() => body.trend.map((point) => bucketLabel(point.start, body.unit)), [body]);
  const series = useMemo(
    () => [
      { name: 'Positive', values: body.trend.map((point) => point.positive) },
      { name: 'Negative', values: body.trend.map((point) => point.negative) },
    ],
    [body],
  );
  const { positive, negative, neutral } = body.split;
  return (
    <>
      <div className="home-kpis home-kpis--compact">
        <KpiCard label="Positive" value={positive.current} previous={positive.previous} format={formatPercent} />
        <KpiCard label="Neutral" value={neutral.current} previous={neutral.previous} format={formatPercent} />
        <KpiCard label="Negative" value={negative.current} previous={negative.previous} format={formatPercent} higherIsBetter={false} />
      </div>
      <TimeSeriesChart categories={categories} series={series} type={type} valueLabel={formatPercent} height={240} description={`Positive and negative sentiment of ${body.brand.name} per ${body.unit}`} />
    </>
  );
}
