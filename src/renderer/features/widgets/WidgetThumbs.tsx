import { useAtomValue } from 'jotai';
import type { Widget } from '../../../shared/http/widgets.schemas';
import { backendInfoAtom } from '../../app/boot/boot.atoms';
import { resolveMediaUrl } from '../../ui/player/playerSource';
import { VideoThumb } from '../../ui/thumb';

/** The first videos of a widget as a strip of thumbnails in its aspect. */
export function WidgetThumbs({ videos, ratio }: { videos: Widget['videos']; ratio: Widget['activeRatio'] }) {
  const origin = useAtomValue(backendInfoAtom)?.origin ?? '';
  return (
    <div className={`widget-thumbs widget-thumbs--${ratio.toLowerCase()}`} aria-hidden="true">
      {videos.slice(0, 5).map((video) => (
        <VideoThumb key={video.video_id} src={video.thumbnail_url && resolveMediaUrl(video.thumbnail_url, origin)} title={video.title} lazy />
      ))}
    </div>
  );
}
