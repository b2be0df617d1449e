import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { HomeVideo, RecentTrendingWidget } from '../../../../shared/http/home.schemas';
import { platformLabel } from '../../../../shared/labels';
import { useServices } from '../../../app/useServices';
import { formatCount, formatDate } from '../../../lib/format';
import { resolveMediaUrl } from '../../../ui/player';
import { Tabs } from '../../../ui/tabs';
import { VideoThumb } from '../../../ui/thumb';

type Shown = 'videos' | 'creators';
const TABS = [{ value: 'videos', label: 'Videos' }, { value: 'creators', label: 'Creators' }] as const;

/** Newest and most watched videos (a click opens the popup) and the most watched creators (a click opens the creator). */
export function RecentTrending({ body, onOpenVideo }: { body: RecentTrendingWidget; onOpenVideo: (videoId: string) => void }) {
  const [shown, setShown] = useState<Shown>('videos');
  const panelId = useId();
  const { backend } = useServices();
  const video = (entry: HomeVideo) => (
    <li key={entry._id} className="home-item">
      <VideoThumb className="home-item__thumb" src={entry.thumbnail_url && resolveMediaUrl(entry.thumbnail_url, backend.origin)} title={entry.title} platform={entry.platform} />
      <span className="home-item__text">
        <button type="button" className="link-button home-item__title" dir="auto" onClick={() => onOpenVideo(entry._id)}>
          {entry.title}
        </button>
        <span className="home-item__meta">
          {platformLabel(entry.platform)} · {entry.creator_name ?? 'Unknown creator'} · {formatCount(entry.views)} views · {formatDate(entry.created_at)}
        </span>
      </span>
    </li>
  );
  return (
    <>
      <Tabs label="Recent and trending" items={TABS} value={shown} onChange={setShown} panelId={panelId} />
      <div id={panelId} role="tabpanel" className="home-trending">
        {shown === 'videos' ? (
          <div className="home-trending__columns">
            <div>
              <h3>Newest</h3>
              <ul className="home-list">{body.recent.map(video)}</ul>
            </div>
            <div>
              <h3>Most watched</h3>
              <ul className="home-list">{body.trending.map(video)}</ul>
            </div>
          </div>
        ) : body.creators.length === 0 ? (
          <p className="home-panel__empty">No creator posted in this period.</p>
        ) : (
          <ul className="home-list">
            {body.creators.map((creator) => (
              <li key={creator._id} className="home-item">
                {creator.picture ? <img className="home-item__avatar" src={resolveMediaUrl(creator.picture, backend.origin)} alt="" /> : <span className="home-item__avatar" />}
                <span className="home-item__text">
                  <Link className="home-item__title" dir="auto" to={`/creators/${creator._id}`}>
                    {creator.name}
                  </Link>
                  <span className="home-item__meta">
                    {formatCount(creator.views)} views · {creator.videos} {creator.videos === 1 ? 'video' : 'videos'}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
