import { useAtomValue } from 'jotai';
import { useCallback, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { DATE_RANGES } from '../../../../shared/constants';
import { DATE_RANGE_LABELS } from '../../../../shared/labels';
import type { GraphType } from '../../../../shared/charts/timeSeriesOption';
import type { MetricsResponse, MetricsTotals, Widget } from '../../../../shared/http/widgets.schemas';
import { formatCount } from '../../../../shared/rules/formatting';
import { actingIdentityAtom } from '../../../app/session/session.atoms';
import { useServices } from '../../../app/useServices';
import { formatDate, formatPercent } from '../../../lib/format';
import { useRemoteQuery } from '../../../lib/useRemoteQuery';
import { GraphTypeSwitch, KpiCard, TimeSeriesChart } from '../../../ui/chart';
import { SelectField, WindowFields } from '../../../ui/form';
import { EmptyState, PageHeader } from '../../../ui/page';
import { RemoteView } from '../../../ui/remote';
import { metricsApi, type MetricsApi, type Who } from '../widgets.api';
import '../widgets.css';

type Range = (typeof DATE_RANGES)[number];
const RANGE_OPTIONS = DATE_RANGES.map((value) => ({ value, label: DATE_RANGE_LABELS[value] }));
const duration = (ms: number) => (ms < 60 ? `${ms} s` : ms < 3600 ? `${Math.floor(ms / 60)} min ${ms % 60} s` : `${(ms / 3600).toFixed(1)} h`);
const KPIS: { key: keyof MetricsTotals; label: string; format: (value: number) => string }[] = [
  { key: 'impressions', label: 'Impressions', format: formatCount },
  { key: 'views', label: 'Views', format: formatCount },
  { key: 'viewers', label: 'Viewers', format: formatCount },
  { key: 'engagement_rate', label: 'Engagement rate', format: formatPercent },
  { key: 'watch_seconds', label: 'Watch time', format: duration },
  { key: 'product_clicks', label: 'Product clicks', format: formatCount },
  { key: 'cta_clicks', label: 'Call-to-action clicks', format: formatCount },
];

/** Widget analytics (issue 16): what shoppers saw, played and clicked, for the widget or one of its videos, over a range of §9. */
export function WidgetAnalyticsScreen() {
  const who = useAtomValue(actingIdentityAtom);
  const { id = '' } = useParams();
  const { api } = useServices();
  const calls = useMemo(() => (who ? metricsApi(api, who) : null), [api, who]);
  if (!who || !calls) return <div className="page"><EmptyState title="No brand yet">Connect a brand to see widget analytics.</EmptyState></div>;
  return <Analytics who={who} calls={calls} id={id} />;
}

function Analytics({ who, calls, id }: { who: Who; calls: MetricsApi; id: string }) {
  const widget = useRemoteQuery(`widget|${who.brand_id}|${id}`, useCallback(() => calls.widget(id), [calls, id]));
  const title = widget.state.phase === 'success' ? widget.state.body.title : 'Widget';
  return (
    <div className="page widget-analytics">
      <PageHeader title={`${title} — analytics`} description="Impressions count a widget seen on a page; views count plays in its player; engagement is viewers per impression."
        actions={<><Link className="btn" to="/widgets">Back to widgets</Link><Link className="btn" to={`/widgets/${id}`}>Edit widget</Link></>} />
      <RemoteView state={widget.state} what="the widget" onRetry={widget.reload}>
        {(body) => <Panels calls={calls} widget={body} />}
      </RemoteView>
    </div>
  );
}

function Panels({ calls, widget }: { calls: MetricsApi; widget: Widget }) {
  const [range, setRange] = useState<Range>('3m');
  const [dates, setDates] = useState<{ start: string | null; end: string | null }>({ start: null, end: null });
  const [videoId, setVideoId] = useState('');
  const [graph, setGraph] = useState<GraphType>('line');
  const query = useMemo(() => ({
    widget_id: widget._id, duration: range, ...(videoId ? { video_id: videoId } : {}),
    ...(range === 'custom' && dates.start ? { start_date: dates.start } : {}), ...(range === 'custom' && dates.end ? { end_date: dates.end } : {}),
  }), [widget._id, range, videoId, dates]);
  const metrics = useRemoteQuery(`widget-metrics|${JSON.stringify(query)}`, useCallback(() => calls.metrics(query), [calls, query]));
  const videoOptions = [{ value: '', label: 'Whole widget' }, ...widget.videos.map((v) => ({ value: v.video_id, label: v.title }))];
  const titleOf = (video: string) => widget.videos.find((v) => v.video_id === video)?.title ?? video;
  return (
    <>
      <div className="analytics-toolbar">
        <WindowFields label="Date range" value={range} options={RANGE_OPTIONS} onChange={setRange}
          dates={{ start: dates.start, end: dates.end, startLabel: 'From', endLabel: 'To' }} onDates={setDates} />
        <SelectField label="Show" value={videoId} options={videoOptions} onChange={setVideoId} />
        <GraphTypeSwitch value={graph} onChange={setGraph} />
      </div>
      <RemoteView state={metrics.state} what="the widget's analytics" onRetry={metrics.reload}>
        {(body) => <Figures body={body} graph={graph} subject={videoId ? titleOf(videoId) : widget.title} what={videoId ? 'video' : 'widget'} titleOf={titleOf} onVideo={setVideoId} />}
      </RemoteView>
    </>
  );
}

interface FiguresProps { body: MetricsResponse; graph: GraphType; subject: string; what: 'widget' | 'video'; titleOf: (id: string) => string; onVideo: (id: string) => void }

function Figures({ body, graph, subject, what, titleOf, onVideo }: FiguresProps) {
  const categories = body.series.map((point) => formatDate(point.date));
  const counts = [
    { name: 'Impressions', values: body.series.map((p) => p.impressions) },
    { name: 'Views', values: body.series.map((p) => p.views) },
    { name: 'Product clicks', values: body.series.map((p) => p.product_clicks) },
    { name: 'Call-to-action clicks', values: body.series.map((p) => p.cta_clicks) },
  ];
  const engagement = [{ name: 'Engagement rate', values: body.series.map((p) => p.engagement_rate) }];
  const empty = body.totals.impressions === 0 && body.totals.views === 0;
  return (
    <>
      <div className="home-kpis" role="group" aria-label="Totals against the previous period">
        {KPIS.map(({ key, label, format }) => <KpiCard key={key} label={label} value={body.totals[key]} previous={body.previous ? body.previous[key] : null} format={format} />)}
      </div>
      {empty && <p className="empty-note" role="status">No shopper has seen this {what} in this range yet: embed its snippet on a page, or choose a longer range.</p>}
      <section className="card" aria-labelledby="widget-activity">
        <h2 className="card__title" id="widget-activity">Activity of {subject}, per {body.unit}</h2>
        <TimeSeriesChart categories={categories} series={counts} type={graph} description={`Impressions, views, product clicks and call-to-action clicks of ${subject} per ${body.unit}`} height={300} />
      </section>
      <section className="card" aria-labelledby="widget-engagement">
        <h2 className="card__title" id="widget-engagement">Engagement rate (viewers ÷ impressions)</h2>
        <TimeSeriesChart categories={categories} series={engagement} type={graph} valueLabel={formatPercent} description={`Engagement rate of ${subject} per ${body.unit}`} height={240} />
      </section>
      <section className="card" aria-labelledby="widget-per-video">
        <h2 className="card__title" id="widget-per-video">Per video</h2>
        <div className="home-table-scroll"><table className="home-table">
          <thead><tr><th scope="col">Video</th><th scope="col">Impressions</th><th scope="col">Views</th><th scope="col">Engagement</th><th scope="col">Watch time</th><th scope="col">Product clicks</th><th scope="col">CTA clicks</th></tr></thead>
          <tbody>
            {body.per_video.map((row) => (
              <tr key={row.video_id}>
                <th scope="row"><button type="button" className="link-button" onClick={() => onVideo(row.video_id)}>{titleOf(row.video_id)}</button></th>
                <td>{formatCount(row.impressions)}</td><td>{formatCount(row.views)}</td><td>{formatPercent(row.engagement_rate)}</td>
                <td>{duration(row.watch_seconds)}</td><td>{formatCount(row.product_clicks)}</td><td>{formatCount(row.cta_clicks)}</td>
              </tr>
            ))}
          </tbody>
        </table></div>
      </section>
    </>
  );
}
