import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { backendInfoAtom } from '../../../app/boot/boot.atoms';
import { resolveMediaUrl } from '../../../ui/player/playerSource';
import { moved } from './builderForm';
import { VideoThumb } from '../../../ui/thumb';

interface Item { video_id: string; title: string; thumbnail_url: string | null }

interface Props<T extends Item> {
  videos: readonly T[];
  onChange: (videos: T[]) => void;
  /** A line under the title (the carousel shows its product tags). */
  detail?: (video: T) => ReactNode;
  /** Buttons before the ordering ones (the carousel's Products). */
  actions?: (video: T) => ReactNode;
}

/** An ordered list of videos with move up, move down and remove: a carousel's and a playlist's. */
export function OrderedVideos<T extends Item>({ videos, onChange, detail, actions }: Props<T>) {
  const origin = useAtomValue(backendInfoAtom)?.origin ?? '';
  return (
    <ol className="widget-videos">
      {videos.map((video, index) => (
        <li key={video.video_id} className="widget-video">
          <VideoThumb src={video.thumbnail_url && resolveMediaUrl(video.thumbnail_url, origin)} title={video.title} />
          <div className="widget-video__text">
            <span className="widget-video__title">{index + 1}. {video.title}</span>
            {detail && <span className="field__hint">{detail(video)}</span>}
          </div>
          <div className="widget-video__actions">
            {actions?.(video)}
            <button type="button" className="btn btn--small" disabled={index === 0} onClick={() => onChange(moved(videos, index, -1))} aria-label={`Move ${video.title} up`}>↑</button>
            <button type="button" className="btn btn--small" disabled={index === videos.length - 1} onClick={() => onChange(moved(videos, index, 1))} aria-label={`Move ${video.title} down`}>↓</button>
            <button type="button" className="btn btn--small" onClick={() => onChange(videos.filter((v) => v !== video))} aria-label={`Remove ${video.title}`}>Remove</button>
          </div>
        </li>
      ))}
    </ol>
  );
}
