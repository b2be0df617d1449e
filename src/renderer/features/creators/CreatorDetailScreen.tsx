import { MessageCreatorButton } from '../chat';
import { formatDate, formatDecimal, formatNumber } from '../../lib/format';
import { DATE_RANGE_LABELS, platformLabel } from '../../../shared/labels';
import { useRefetchOnReturn } from '../../lib/reconnect';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Link, useParams } from 'react-router-dom';
import { AGE_RANGES, CHART_RANGES } from '../../../shared/constants';
import type { CreatorDetailResponse } from '../../../shared/http/creators.schemas';
import { countLabel, formatCount } from '../../../shared/rules/formatting';
import { useServices } from '../../app/useServices';
import { toFailure } from '../../lib/httpFailure';
import { FormAlert } from '../../ui/form';
import { resolveMediaUrl } from '../../ui/player';
import { EmptyState, PageHeader } from '../../ui/page';
import { VideoPopup } from '../videos/popup';
import { EditCreatorDialog } from './EditCreatorDialog';
import type { ChartRange, CreatorBrands, CreatorDemographics, CreatorProducts, CreatorVideos, DailyTrackings } from './creators.api';
import {
  fetchCreator, fetchCreatorBrands, fetchCreatorDemographics, fetchCreatorNote, fetchCreatorProducts, fetchCreatorVideos,
  fetchDailyTrackings, saveCreatorNote,
} from './creators.api';
import { creatorIdentityAtom } from './creatorList.atoms';
import type { MetricKey } from './TrackingChart';
import { METRICS, TrackingChart } from './TrackingChart';
import './creators.css';

const percent = (share: number) => `${Math.round(share * 100)}%`;

interface Extras {
  videos: CreatorVideos | null;
  products: CreatorProducts | null;
  brands: CreatorBrands | null;
  demographics: CreatorDemographics | null;
}

function Card({ title, children, wide }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <section className="creator-card" aria-label={title} style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

/** Shares largest first, or in `order` (age buckets read youngest to oldest) with unknown buckets after. */
function Shares({ shares, order }: { shares: Record<string, number>; order?: readonly string[] }) {
  const byShare = Object.entries(shares).sort((a, b) => b[1] - a[1]);
  const entries = order ? [...order.filter((key) => key in shares).map((key) => [key, shares[key] ?? 0] as const), ...byShare.filter(([key]) => !order.includes(key))] : byShare;
  if (entries.length === 0) return <p>No data yet.</p>;
  return (
    <dl>
      {entries.map(([bucket, share]) => (
        <div key={bucket} style={{ display: 'contents' }}>
          <dt><bdi>{bucket}</bdi></dt>
          <dd>{percent(share)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Creator detail (issue 6 item 5). Every failing call shows its error instead of an empty section. */
export function CreatorDetailScreen() {
  const { id = '' } = useParams();
  const { api, backend } = useServices();
  const who = useAtomValue(creatorIdentityAtom);
  const [detail, setDetail] = useState<CreatorDetailResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [extras, setExtras] = useState<Extras>({ videos: null, products: null, brands: null, demographics: null });
  const [extraErrors, setExtraErrors] = useState<string[]>([]);
  const [range, setRange] = useState<ChartRange>('1m');
  const [metric, setMetric] = useState<MetricKey>('view_count');
  const [tracking, setTracking] = useState<DailyTrackings | null>(null);
  const [trackingError, setTrackingError] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [noteState, setNoteState] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [editing, setEditing] = useState(false);
  const [openVideo, setOpenVideo] = useState<string | null>(null);
  // Back from a server outage, what failed is read again (a note being typed is not overwritten when nothing failed).
  const [retry, setRetry] = useState(0);
  useRefetchOnReturn(() => (error !== null || extraErrors.length > 0 || trackingError !== null) && setRetry((n) => n + 1));

  useEffect(() => {
    if (!who) return;
    fetchCreator(api.main, id, who).then(
      (next) => {
        setDetail(next);
        setError(null);
      },
      (failure: unknown) => setError(toFailure(failure).error || 'The creator could not be loaded.'),
    );
    const failures: string[] = [];
    const fail = (what: string) => (failure: unknown) => {
      failures.push(`${what}: ${toFailure(failure).error}`);
      setExtraErrors([...failures]);
    };
    void fetchCreatorVideos(api.main, id, who).then((videos) => setExtras((e) => ({ ...e, videos })), fail('Videos'));
    void fetchCreatorProducts(api.main, id, who).then((products) => setExtras((e) => ({ ...e, products })), fail('Products'));
    void fetchCreatorBrands(api.main, id, who).then((brands) => setExtras((e) => ({ ...e, brands })), fail('Associated brands'));
    void fetchCreatorDemographics(api.main, id, who).then((demographics) => setExtras((e) => ({ ...e, demographics })), fail('Demographics'));
    void fetchCreatorNote(api.main, id, who).then((answer) => setNote(answer.note?.content ?? ''), fail('Note'));
  }, [api.main, id, who, retry]);

  useEffect(() => {
    if (!who) return;
    let live = true;
    fetchDailyTrackings(api.main, id, who, range)
      .then((answer) => {
        if (!live) return;
        setTracking(answer);
        setTrackingError(null);
      })
      .catch((failure: unknown) => live && setTrackingError(toFailure(failure).error || 'The tracking records could not be loaded.'));
    return () => {
      live = false;
    };
  }, [api.main, id, who, range, retry]);

  const saveNote = async () => {
    if (!who) return;
    try {
      await saveCreatorNote(api.main, id, who, note);
      setNoteState({ tone: 'success', text: note.trim() === '' ? 'Note removed.' : 'Note saved.' });
    } catch (failure) {
      setNoteState({ tone: 'error', text: toFailure(failure).error || 'The note could not be saved.' });
    }
  };

  if (error && !detail) {
    return (
      <div className="page creator-detail">
        <PageHeader title="Creator" description="Statistics, videos, products, audience demographics and sentiment for one creator." />
        <FormAlert tone="error">Could not load the creator: {error}</FormAlert>
        <p><Link to="/creators">Back to creators</Link></p>
      </div>
    );
  }
  if (!detail) {
    return (
      <div className="page creator-detail">
        <div role="status"><span className="spinner" aria-hidden="true" /> Loading the creator…</div>
      </div>
    );
  }

  const creator = detail.influencer;
  const stats = detail.statistics;
  const videoList = (title: string, items: CreatorVideos['trending']) => (
    <Card title={title}>
      {items.length === 0 ? <p>No videos.</p> : (
        <ul className="creator-detail__videos">
          {items.map((video) => (
            <li key={video._id}>
              <button type="button" className="creator-detail__video-link" onClick={() => setOpenVideo(video._id)}><bdi>{video.title}</bdi></button>{' '}
              <bdi>· {formatCount(video.views)} views</bdi>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );

  return (
    <div className="page creator-detail">
      <PageHeader title={creator.name} description={<><bdi>{creator.handle}</bdi> · <bdi>{platformLabel(creator.platform)}</bdi> · <bdi>{creator.manufacturerName}</bdi>{creator.is_competitor ? ' (competitor)' : ''}</>} />
      <div className="creators-controls">
        <Link to="/creators" className="btn">Back to creators</Link>
        {!creator.is_competitor && <button type="button" className="btn" onClick={() => setEditing(true)}>Edit creator</button>}
        <MessageCreatorButton creatorId={creator._id} name={creator.name} />
      </div>
      {error && <FormAlert tone="error">{error}</FormAlert>}
      {extraErrors.map((text) => <FormAlert key={text} tone="error">{text}</FormAlert>)}
      <div className="creator-detail__grid">
        <Card title="Statistics">
          <dl>
            <dt>Subscribers</dt><dd>{formatCount(stats.subscribers)}</dd>
            <dt>Videos</dt><dd>{formatNumber(stats.video_count)}</dd>
            <dt>Total views</dt><dd>{formatCount(stats.total_views)}</dd>
            <dt>Total likes</dt><dd>{formatCount(stats.total_likes)}</dd>
            <dt>Total comments</dt><dd>{formatCount(stats.total_comments)}</dd>
            <dt>Country</dt><dd><bdi>{creator.country || '—'}</bdi></dd>
            <dt>Email</dt><dd><bdi>{creator.email ?? '—'}</bdi></dd>
            <dt>Verified</dt><dd>{creator.reelscopeVerified ? 'Yes' : 'No'}</dd>
            <dt>Last tracked</dt><dd>{stats.last_tracked_on ? formatDate(stats.last_tracked_on) : '—'}</dd>
          </dl>
        </Card>
        <Card title="Engagement index">
          <dl>
            <dt>Average views per video</dt><dd>{formatCount(Math.round(detail.engagementIndex.average_views_per_video))}</dd>
            <dt>Average engagement index</dt><dd>{formatDecimal(detail.engagementIndex.average_engagement_index)}</dd>
            <dt>Influencer performance index</dt><dd>{formatDecimal(detail.engagementIndex.influencer_performance_index)}</dd>
          </dl>
        </Card>
        <Card title="Sentiment">
          <dl>
            <dt>Positive</dt><dd>{percent(detail.sentiment.positive)}</dd>
            <dt>Negative</dt><dd>{percent(detail.sentiment.negative)}</dd>
            <dt>Neutral</dt><dd>{percent(detail.sentiment.neutral)}</dd>
          </dl>
        </Card>
        <Card title="Categories">
          <p>{detail.categories.length > 0 ? detail.categories.join(', ') : 'None yet.'}</p>
        </Card>
        <Card title="Daily tracking" wide>
          <div className="creator-detail__metrics">
            <label className="creators-controls__field">
              <span>Chart range</span>
              <select className="select" value={range} onChange={(event) => setRange(event.target.value as ChartRange)}>
                {CHART_RANGES.map((value) => <option key={value} value={value}>{DATE_RANGE_LABELS[value]}</option>)}
              </select>
            </label>
            <fieldset className="filter-group">
              <legend className="filter-group__legend">Metric</legend>
              <div className="filter-group__options filter-group__options--inline">
                {METRICS.map((entry) => (
                  <label key={entry.key} className="filter-option">
                    <input type="radio" name="creator-metric" checked={metric === entry.key} onChange={() => setMetric(entry.key)} />
                    <span className="filter-option__label">{entry.label}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          </div>
          {trackingError && <FormAlert tone="error">Could not load the tracking records: {trackingError}</FormAlert>}
          <div className="creator-detail__chart" data-testid="creator-chart">
            {tracking && (tracking.records.length === 0 ? <p>No tracking records in this range.</p> : <TrackingChart records={tracking.records} metric={metric} />)}
          </div>
        </Card>
        {extras.videos && (
          <>
            {videoList('Trending videos', extras.videos.trending)}
            {videoList('Recent videos', extras.videos.recent)}
            {videoList('Sponsored videos', extras.videos.sponsored)}
          </>
        )}
        <Card title="Products">
          {!extras.products ? <p>Loading…</p> : extras.products.products.length === 0 ? <p>No products yet.</p> : (
            <ul className="creator-detail__videos">
              {extras.products.products.map((product) => (
                <li key={product._id}><Link to={`/products/${product._id}`}><bdi>{product.name}</bdi></Link> <bdi>· {countLabel(product.videos, 'video')}</bdi></li>
              ))}
            </ul>
          )}
        </Card>
        <Card title="Associated brands">
          {!extras.brands ? <p>Loading…</p> : extras.brands.brands.length === 0 ? <p>None yet.</p> : (
            <ul className="creator-detail__videos">
              {extras.brands.brands.map((brand) => <li key={brand._id}><bdi>{brand.name}</bdi> <bdi>· {countLabel(brand.videos, 'video')}</bdi></li>)}
            </ul>
          )}
        </Card>
        <Card title="Age">{extras.demographics ? <Shares shares={extras.demographics.age} order={AGE_RANGES} /> : <p>Loading…</p>}</Card>
        <Card title="Ethnicity">{extras.demographics ? <Shares shares={extras.demographics.ethnicity} /> : <p>Loading…</p>}</Card>
        <Card title="Gender">{extras.demographics ? <Shares shares={extras.demographics.gender} /> : <p>Loading…</p>}</Card>
        <Card title="Pictures" wide>
          {detail.pictures.length === 0 ? <p>No pictures.</p> : (
            <div className="creator-detail__pictures">
              {detail.pictures.map((src) => <img key={src} src={resolveMediaUrl(src, backend.origin)} alt="" loading="lazy" />)}
            </div>
          )}
        </Card>
        <Card title="Notes" wide>
          <label className="field">
            <span className="field__label">Note</span>
            <textarea className="input creator-detail__note" value={note} maxLength={10000} onChange={(event) => setNote(event.target.value)} />
          </label>
          <button type="button" className="btn" onClick={() => void saveNote()}>Save note</button>
          {noteState && <FormAlert tone={noteState.tone}>{noteState.text}</FormAlert>}
        </Card>
      </div>
      {editing && who && (
        <EditCreatorDialog
          creator={creator}
          categories={detail.categories}
          onClose={() => setEditing(false)}
          onSaved={(next) => {
            setDetail(next);
            setEditing(false);
          }}
        />
      )}
      {openVideo && <VideoPopup videoId={openVideo} onClose={() => setOpenVideo(null)} />}
      {!who && <EmptyState icon="plug" title="No brand connected"><p>Connect a brand to see creators.</p></EmptyState>}
    </div>
  );
}
