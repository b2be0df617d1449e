import { useAtomValue } from 'jotai';
import { useCallback, useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { GraphType } from '../../../shared/charts/timeSeriesOption';
import { CHART_RANGES, DATE_RANGES, PLATFORMS, type Platform } from '../../../shared/constants';
import type { HomeWidget } from '../../../shared/http/home.schemas';
import { ReportDefinitionSchema, type ReportDefinition } from '../../../shared/http/reports.schemas';
import { DATE_RANGE_LABELS, platformLabel } from '../../../shared/labels';
import { actingIdentityAtom } from '../../app/session/session.atoms';
import { useServices } from '../../app/useServices';
import { useRemoteQuery } from '../../lib/useRemoteQuery';
import { GraphTypeSwitch } from '../../ui/chart';
import { EmptyState, PageHeader } from '../../ui/page';
import { Tabs } from '../../ui/tabs';
import { AddProductButton } from '../products';
import { AddVideosButton } from '../uploads';
import { ReportExportButtons } from '../reports';
import { VideoPopup } from '../videos';
import { fetchHomeOverview, fetchHomeWidget, type HomeParams } from './home.api';
import { HomePanel } from './HomePanel';
import { Benchmark } from './panels/Benchmark';
import { Demographics } from './panels/Demographics';
import { EngagementChart } from './panels/EngagementChart';
import { KpiRow } from './panels/KpiRow';
import { RecentTrending } from './panels/RecentTrending';
import { SentimentView } from './panels/SentimentView';
import { TopProducts } from './panels/TopProducts';
import { WordCloud } from './panels/WordCloud';
import './home.css';

/** Home's figures count the shown videos: a new or edited video, a flag or trash, an analysis ending change them (issue 29). */
const HOME_LIVE = { kinds: ['video', 'flag', 'trash', 'analysis', 'label'] } as const;

type Duration = (typeof DATE_RANGES)[number];
type ChartRange = (typeof CHART_RANGES)[number];
/** The dashboard's window without custom dates (those belong to reports). */
const DURATIONS = DATE_RANGES.filter((range): range is Exclude<Duration, 'custom'> => range !== 'custom');

/** The home overview as a report definition, so it exports through the same figures, PDF and CSV as a report. */
function overviewDefinition(duration: Exclude<Duration, 'custom'>, platform: Platform | '', competitor: string): ReportDefinition {
  return ReportDefinitionSchema.parse({
    type: 'custom', title: 'Home overview', duration,
    metrics: ['kpis', 'engagement', 'sentiment', 'top_products', 'demographics', 'trending', 'creators', 'word_cloud', 'benchmark'],
    filters: { platform: platform ? [platform] : [], competitor_brands: competitor },
  });
}

/** Home (spec §2): the brand or a competitor at a glance, every figure against the period before. */
export function HomeScreen() {
  const who = useAtomValue(actingIdentityAtom);
  return (
    <div className="page home-page">
      <PageHeader title="Home" description="Your brand at a glance: engagement, sentiment, top products and audience, against the period before and against your competitors." />
      <section className="home-shortcuts" aria-label="Shortcuts">
        <Link className="btn btn--small" to="/reports">
          Run report
        </Link>
        <AddProductButton />
        <AddVideosButton className="btn btn--small" />
      </section>
      {who ? (
        <Dashboard who={who} />
      ) : (
        <EmptyState title="Your dashboard is getting ready">Connect a brand to see its engagement, sentiment and audience, and those of its competitors.</EmptyState>
      )}
    </div>
  );
}

function Dashboard({ who }: { who: { brand_id: string; user_id: string } }) {
  const { api } = useServices();
  const panelId = useId();
  const [shownBrand, setShownBrand] = useState(who.brand_id);
  const [duration, setDuration] = useState<Exclude<Duration, 'custom'>>('1y');
  const [platform, setPlatform] = useState<Platform | ''>('');
  const [graphType, setGraphType] = useState<GraphType>('line');
  const [graphStatus, setGraphStatus] = useState<ChartRange>('6m');
  const [openVideo, setOpenVideo] = useState<string | null>(null);

  const params: HomeParams = useMemo(
    () => ({ ...who, duration, ...(platform ? { platform } : {}), ...(shownBrand !== who.brand_id ? { competitors_brands: shownBrand } : {}) }),
    [who, duration, platform, shownBrand],
  );
  const chartParams: HomeParams = useMemo(() => ({ ...params, duration: graphStatus }), [params, graphStatus]);
  const key = JSON.stringify(params);
  const chartKey = JSON.stringify(chartParams);
  const widget = <W extends HomeWidget>(name: W, forChart = false) => () => fetchHomeWidget(api.main, name, forChart ? chartParams : params);

  const overview = useRemoteQuery(key, useCallback(() => fetchHomeOverview(api.main, params), [api, params]), HOME_LIVE);
  const engagement = useRemoteQuery(chartKey, widget('engagement', true), HOME_LIVE);
  const sentiment = useRemoteQuery(key, widget('sentiment'), HOME_LIVE);
  const products = useRemoteQuery(key, widget('top_products'), HOME_LIVE);
  const demographics = useRemoteQuery(key, widget('demographics'), HOME_LIVE);
  const trending = useRemoteQuery(key, widget('recent_trending'), HOME_LIVE);
  const words = useRemoteQuery(key, widget('word_cloud'), HOME_LIVE);
  const benchmark = useRemoteQuery(key, widget('benchmark'), HOME_LIVE);

  const brands = overview.state.phase === 'success' ? overview.state.body.brands : [{ id: who.brand_id, name: 'My Brand', competitor: false }];
  const tabs = brands.map((brand) => ({ value: brand.id, label: brand.competitor ? brand.name : 'My Brand' }));
  const chartTools = (
    <div className="home-panel__tools">
      <GraphTypeSwitch value={graphType} onChange={setGraphType} />
      <label className="toolbar-field toolbar-field--inline">
        <span>Period</span>
        <select className="select" value={graphStatus} onChange={(event) => setGraphStatus(event.target.value as ChartRange)}>
          {CHART_RANGES.map((range) => <option key={range} value={range}>{DATE_RANGE_LABELS[range]}</option>)}
        </select>
      </label>
    </div>
  );

  return (
    <>
      <Tabs label="Whose figures" items={tabs} value={shownBrand} onChange={setShownBrand} panelId={panelId} />
      <div id={panelId} role="tabpanel" className="home-dashboard">
        <div className="home-toolbar">
          <label className="toolbar-field">
            <span>Period</span>
            <select className="select" value={duration} onChange={(event) => setDuration(event.target.value as typeof duration)}>
              {DURATIONS.map((range) => <option key={range} value={range}>{DATE_RANGE_LABELS[range]}</option>)}
            </select>
          </label>
          <label className="toolbar-field">
            <span>Platform</span>
            <select className="select" value={platform} onChange={(event) => setPlatform(event.target.value as Platform | '')}>
              <option value="">All platforms</option>
              {PLATFORMS.map((value) => <option key={value} value={value}>{platformLabel(value)}</option>)}
            </select>
          </label>
          <div className="home-toolbar__exports">
            <ReportExportButtons who={who} title="Home overview" definition={overviewDefinition(duration, platform, shownBrand === who.brand_id ? '' : shownBrand)} />
          </div>
        </div>
        <HomePanel id="home-overview" title="Brand overview" what="the overview" state={overview.state} onRetry={overview.reload} wide>
          {(body) => <KpiRow kpis={body.kpis} />}
        </HomePanel>
        <HomePanel title="Engagement over time" what="the engagement" state={engagement.state} onRetry={engagement.reload} tools={chartTools} wide
          isEmpty={(body) => body.totals.views.current === 0 && body.buckets.every((bucket) => bucket.videos === 0)} emptyText="No video in this period.">
          {(body) => <EngagementChart body={body} type={graphType} />}
        </HomePanel>
        <HomePanel title="Sentiment" what="the sentiment" state={sentiment.state} onRetry={sentiment.reload} isEmpty={(body) => body.split.positive.current === null} emptyText="No transcript in this period yet.">
          {(body) => <SentimentView body={body} type={graphType} />}
        </HomePanel>
        <HomePanel title="Top products" what="the top products" state={products.state} onRetry={products.reload} isEmpty={(body) => body.products.length === 0} emptyText="No product was mentioned in this period.">
          {(body) => <TopProducts body={body} />}
        </HomePanel>
        <HomePanel title="Audience" what="the audience" state={demographics.state} onRetry={demographics.reload} wide>
          {(body) => <Demographics body={body} />}
        </HomePanel>
        <HomePanel id="home-trending" title="Recent and trending" what="recent and trending videos" state={trending.state} onRetry={trending.reload} isEmpty={(body) => body.recent.length === 0} emptyText="No video in this period.">
          {(body) => <RecentTrending body={body} onOpenVideo={setOpenVideo} />}
        </HomePanel>
        <HomePanel id="home-word-cloud" title="Word cloud" what="the word cloud" state={words.state} onRetry={words.reload} isEmpty={(body) => body.terms.length === 0} emptyText="No transcript in this period yet.">
          {(body) => <WordCloud body={body} period={duration} />}
        </HomePanel>
        <HomePanel title="Competitor benchmark" what="the benchmark" state={benchmark.state} onRetry={benchmark.reload} wide>
          {(body) => <Benchmark body={body} />}
        </HomePanel>
      </div>
      {openVideo && <VideoPopup videoId={openVideo} onClose={() => setOpenVideo(null)} />}
    </>
  );
}
