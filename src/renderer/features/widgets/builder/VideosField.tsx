import { useState } from 'react';
import { MIN_VIDEOS_FOR_CAROUSEL } from '../../../../shared/constants';
import type { MetricsApi, Who } from '../widgets.api';
import type { BuilderForm, BuilderVideo } from './builderForm';
import { OrderedVideos } from './OrderedVideos';
import { ProductTagDialog } from './ProductTagDialog';
import { VideoPickerDialog } from './VideoPickerDialog';

interface Props { who: Who; calls: MetricsApi; form: BuilderForm; onChange: (videos: BuilderVideo[]) => void; problem: string | null }

/** The carousel's videos in order: add from the brand's playable videos, move, remove, and tag each with products. */
export function VideosField({ who, calls, form, onChange, problem }: Props) {
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
        <OrderedVideos videos={videos} onChange={onChange}
          detail={(video) => (video.products.length === 0 ? 'No product tagged' : video.products.map((p) => p.title).join(', '))}
          actions={(video) => <button type="button" className="btn btn--small" onClick={() => setTagging(video)} aria-label={`Tag products on ${video.title}`}>Products</button>} />
      )}
      {picking && <VideoPickerDialog who={who} chosen={videos.map((v) => v.video_id)} onClose={() => setPicking(false)}
        onAdd={(added) => { onChange([...videos, ...added]); setPicking(false); }} />}
      {tagging && <ProductTagDialog api={calls} videoTitle={tagging.title} tags={tagging.products} onClose={() => setTagging(null)}
        onSave={(products) => { onChange(videos.map((v) => (v.video_id === tagging.video_id ? { ...v, products } : v))); setTagging(null); }} />}
    </section>
  );
}
