import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { MIN_VIDEOS_FOR_CAROUSEL } from '../../../../shared/constants';
import { backendInfoAtom } from '../../../app/boot/boot.atoms';
import { resolveMediaUrl } from '../../../ui/player/playerSource';
import type { MetricsApi, Who } from '../widgets.api';
import { moved, type BuilderForm, type BuilderVideo } from './builderForm';
import { ProductTagDialog } from './ProductTagDialog';
import { VideoPickerDialog } from './VideoPickerDialog';

interface Props { who: Who; calls: MetricsApi; form: BuilderForm; onChange: (videos: BuilderVideo[]) => void; problem: string | null }

/** The carousel's videos in order: add from the brand's playable videos, move, remove, and tag each with products. */
export function VideosField({ who, calls, form, onChange, problem }: Props) {
  const origin = useAtomValue(backendInfoAtom)?.origin ?? '';
  const [picking, setPicking] = useState(false);
  const [tagging, setTagging] = useState<BuilderVideo | null>(null);
  const videos = form.videos;
  return (
    <section className="card" aria-labelledby="widget-videos">
      <div className="card__header">
        <h2 className="card__title" id="widget-videos">Videos <span className="field__hint">({videos.length}, at least {MIN_VIDEOS_FOR_CAROUSEL})</span></h2>
        <button type="button" className="btn" onClick={() => setPicking(true)}>Choose videos</button>
      </div>
      {problem && <p className="field__error" role="alert">{problem}</p>}
      {videos.length === 0 ? <p className="empty-note">No video yet: add at least {MIN_VIDEOS_FOR_CAROUSEL} for a first carousel.</p> : (
        <ol className="widget-videos">
          {videos.map((video, index) => (
            <li key={video.video_id} className="widget-video">
              {video.thumbnail_url ? <img src={resolveMediaUrl(video.thumbnail_url, origin)} alt="" /> : <span className="picker-item__blank" />}
              <div className="widget-video__text">
                <span className="widget-video__title">{index + 1}. {video.title}</span>
                <span className="field__hint">{video.products.length === 0 ? 'No product tagged' : video.products.map((p) => p.title).join(', ')}</span>
              </div>
              <div className="widget-video__actions">
                <button type="button" className="btn btn--small" onClick={() => setTagging(video)} aria-label={`Tag products on ${video.title}`}>Products</button>
                <button type="button" className="btn btn--small" disabled={index === 0} onClick={() => onChange(moved(videos, index, -1))} aria-label={`Move ${video.title} up`}>↑</button>
                <button type="button" className="btn btn--small" disabled={index === videos.length - 1} onClick={() => onChange(moved(videos, index, 1))} aria-label={`Move ${video.title} down`}>↓</button>
                <button type="button" className="btn btn--small" onClick={() => onChange(videos.filter((v) => v !== video))} aria-label={`Remove ${video.title}`}>Remove</button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {picking && <VideoPickerDialog who={who} chosen={videos.map((v) => v.video_id)} onClose={() => setPicking(false)}
        onAdd={(added) => { onChange([...videos, ...added]); setPicking(false); }} />}
      {tagging && <ProductTagDialog api={calls} videoTitle={tagging.title} tags={tagging.products} onClose={() => setTagging(null)}
        onSave={(products) => { onChange(videos.map((v) => (v.video_id === tagging.video_id ? { ...v, products } : v))); setTagging(null); }} />}
    </section>
  );
}
