import { OWN_STORAGE_PLATFORM, PLAYER_SIZES } from '../../../shared/constants';
import type { Platform } from '../../../shared/constants';
import { videoMimeType } from '../../../shared/rules/videos';
import { resolveMediaUrl } from '../../../shared/rules/mediaUrl';

export { resolveMediaUrl };

/** What the player needs to know about a video (a subset of the list row / detail). */
export interface PlayableVideo {
  title: string;
  platform: Platform;
  video_url: string;
  video_embedded_url: string | null;
  tiktok_id: string | null;
  /** Signed local media path (relative to the back end), when the back end holds the file. */
  playable_url?: string | null;
}

export interface FrameSize {
  width: number;
  height: number;
}

/** How one video is played: an embed frame of its platform, or an HTML5 <video>. */
export type PlayerSource =
  | { kind: 'youtube'; src: string; pageUrl: string; site: 'YouTube' }
  | { kind: 'tiktok'; src: string; pageUrl: string; site: 'TikTok'; size: FrameSize }
  | { kind: 'instagram'; src: string; pageUrl: string; site: 'Instagram'; size: FrameSize }
  | { kind: 'html5'; src: string; mime: string | null };

const FILE_PLATFORMS = new Set<string>([OWN_STORAGE_PLATFORM, 'AWS_S3_Swirl', 'GoogleDrive', 'Dropbox']);

/** The YouTube video id of a watch, share, shorts or embed URL. */
export function youtubeId(url: string): string | null {
  const match = /(?:youtube(?:-nocookie)?\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/)|youtu\.be\/)([A-Za-z0-9_-]{6,})/.exec(url);
  return match?.[1] ?? null;
}

function youtubeSource(video: PlayableVideo): PlayerSource {
  const id = youtubeId(video.video_embedded_url ?? '') ?? youtubeId(video.video_url);
  // enablejsapi lets the page seek the player through postMessage.
  const src = id ? `https://www.youtube.com/embed/${id}?enablejsapi=1&rel=0` : (video.video_embedded_url ?? video.video_url);
  return { kind: 'youtube', src, pageUrl: video.video_url, site: 'YouTube' };
}

function tiktokSource(video: PlayableVideo): PlayerSource {
  const id = video.tiktok_id ?? /\/video\/(\d+)/.exec(video.video_url)?.[1] ?? '';
  return { kind: 'tiktok', src: `https://www.tiktok.com/embed/v2/${id}`, pageUrl: video.video_url, site: 'TikTok', size: PLAYER_SIZES.embedded };
}

function instagramSource(video: PlayableVideo): PlayerSource {
  const base = video.video_url.split(/[?#]/)[0] ?? video.video_url;
  const src = video.video_embedded_url ?? `${base.endsWith('/') ? base : `${base}/`}embed`;
  return { kind: 'instagram', src, pageUrl: video.video_url, site: 'Instagram', size: PLAYER_SIZES.instagram };
}

/**
 * Chooses the player by platform (spec §2): YouTube iframe, TikTok embed by tiktok_id, Instagram embed, and an
 * HTML5 <video> for file sources (own storage, Google Drive, Dropbox), typed by the MIME map of spec §5.
 * A local signed copy (playable_url) is preferred for file sources: it plays offline and supports seeking.
 */
export function choosePlayer(video: PlayableVideo, origin: string): PlayerSource {
  switch (video.platform) {
    case 'Youtube':
      return youtubeSource(video);
    case 'Tiktok':
      return tiktokSource(video);
    case 'Instagram':
      return instagramSource(video);
    default: {
      const raw = FILE_PLATFORMS.has(video.platform) && video.playable_url ? video.playable_url : video.video_url;
      const src = resolveMediaUrl(raw, origin);
      return { kind: 'html5', src, mime: videoMimeType(raw) };
    }
  }
}

/**
 * The file a source plays, without the signature and expiry of its URL: a refresh of a video's data mints a new
 * signed URL for the same file, which must not count as a new source (the player would restart).
 */
export function sourceIdentity(source: PlayerSource): string {
  if (source.kind !== 'html5') return source.src;
  const query = source.src.indexOf('?');
  return query === -1 ? source.src : source.src.slice(0, query);
}
