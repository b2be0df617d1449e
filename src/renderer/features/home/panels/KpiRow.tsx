import type { HomeKpis } from '../../../../shared/http/home.schemas';
import { formatCount, formatPercent } from '../../../lib/format';
import { KpiCard } from '../../../ui/chart';

/** The shown brand's headline figures, each with its change against the previous period. */
export function KpiRow({ kpis }: { kpis: HomeKpis }) {
  return (
    <div className="home-kpis">
      <KpiCard label="Videos" value={kpis.videos.current} previous={kpis.videos.previous} format={formatCount} />
      <KpiCard label="Views" value={kpis.views.current} previous={kpis.views.previous} format={formatCount} />
      <KpiCard label="Likes and comments" value={kpis.likes.current + kpis.comments.current} previous={kpis.likes.previous === null || kpis.comments.previous === null ? null : kpis.likes.previous + kpis.comments.previous} format={formatCount} />
      <KpiCard label="Engagement rate" value={kpis.engagement_rate.current} previous={kpis.engagement_rate.previous} format={formatPercent} />
      <KpiCard label="Positive sentiment" value={kpis.positive.current} previous={kpis.positive.previous} format={formatPercent} />
      <KpiCard label="Negative sentiment" value={kpis.negative.current} previous={kpis.negative.previous} format={formatPercent} higherIsBetter={false} />
    </div>
  );
}
