import { OWN_STORAGE_PLATFORM, type Platform } from '../../shared/constants';
import { MEDIA_URL_PREFIX } from '../../shared/domain/workspace';
import type { Prng } from './prng';

/** The bundled demo videos, copied into the media folder by the seed. */
export const DEMO_MEDIA_FILES = ['reelscope-demo-1.mp4', 'reelscope-demo-2.mp4', 'reelscope-demo-3.webm', 'reelscope-demo-4.webm'] as const;
export const THUMBNAIL_COUNT = 12;

/** Where a video lives: its page, embed and (for locally playable platforms) the media file. */
export interface VideoLocation {
  video_url: string;
  video_embedded_url: string;
  tiktok_id: string | null;
  media_file: string | null;
}

/** Platforms whose videos the demo plays and downloads from the local media folder (spec §5 download rule). */
export function hasLocalMedia(platform: Platform): boolean {
  return platform === OWN_STORAGE_PLATFORM || platform === 'GoogleDrive';
}

/** Public URL of one of the bundled thumbnails (1-based). */
export function thumbnailUrl(index: number): string {
  return `${MEDIA_URL_PREFIX}/thumbs/thumb-${String(index).padStart(2, '0')}.jpg`;
}

/** Plausible, never-fetched URLs per platform; own storage and Google Drive point at a bundled media file. */
export function makeLocation(rng: Prng, platform: Platform, videoId: string, handle: string, slug: string): VideoLocation {
  const media = hasLocalMedia(platform) ? rng.pick(DEMO_MEDIA_FILES) : null;
  switch (platform) {
    case 'Youtube': {
      const id = rng.token(11);
      return { video_url: `https://www.youtube.com/watch?v=${id}`, video_embedded_url: `https://www.youtube.com/embed/${id}`, tiktok_id: null, media_file: null };
    }
    case 'Tiktok': {
      const id = `7${rng.token(18, '0123456789')}`;
      return { video_url: `https://www.tiktok.com/${handle}/video/${id}`, video_embedded_url: `https://www.tiktok.com/embed/v2/${id}`, tiktok_id: id, media_file: null };
    }
    case 'Instagram': {
      const id = rng.token(11);
      return { video_url: `https://www.instagram.com/reel/${id}/`, video_embedded_url: `https://www.instagram.com/reel/${id}/embed`, tiktok_id: null, media_file: null };
    }
    case 'Dropbox': {
      const id = rng.token(15, 'abcdefghijklmnopqrstuvwxyz0123456789');
      const url = `https://www.dropbox.com/s/${id}/${slug}.mp4`;
      return { video_url: `${url}?dl=0`, video_embedded_url: `${url}?raw=1`, tiktok_id: null, media_file: null };
    }
    case 'AWS_S3_Swirl': {
      const url = `https://swirl-videos.s3.amazonaws.com/videos/${videoId}.mp4`;
      return { video_url: url, video_embedded_url: url, tiktok_id: null, media_file: null };
    }
    case 'GoogleDrive': {
      const id = rng.token(33);
      return { video_url: `https://drive.google.com/file/d/${id}/view`, video_embedded_url: `https://drive.google.com/file/d/${id}/preview`, tiktok_id: null, media_file: media };
    }
    default: {
      const url = `${MEDIA_URL_PREFIX}/${media ?? DEMO_MEDIA_FILES[0]}`;
      return { video_url: url, video_embedded_url: url, tiktok_id: null, media_file: media };
    }
  }
}
