import { useAtomValue } from 'jotai';
import type { Widget } from '../../../shared/http/widgets.schemas';
import { backendInfoAtom } from '../../app/boot/boot.atoms';
import { resolveMediaUrl } from '../../ui/player/playerSource';

/** The first videos of a widget as a strip of thumbnails in its aspect. */
export function WidgetThumbs({ videos, ratio }: { videos: Widget['videos']; ratio: Widget['activeRatio'] }) {
  const origin = useAtomValue(backendInfoAtom)?.origin ?? '';
  return (
    <div className={`widget-thumbs widget-thumbs--${ratio.toLowerCase()}`} aria-hidden="true">
      {videos.slice(0, 5).map((video) => (video.thumbnail_url
        ? <img key={video.video_id} src={resolveMediaUrl(video.thumbnail_url, origin)} alt="" loading="lazy" />
        : <span key={video.video_id} className="widget-thumbs__blank" />))}
    </div>
  );
}
