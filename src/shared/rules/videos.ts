import { OWN_STORAGE_PLATFORM, VIDEO_MIME_MAP } from '../constants';
import { platformLabel } from '../labels';
import { MESSAGES } from '../messages';

/** The platforms whose videos the back end keeps as files: downloadable (spec §5) and playable in a widget. */
export const DOWNLOADABLE_PLATFORMS = [OWN_STORAGE_PLATFORM, 'GoogleDrive'] as const;
const DOWNLOADABLE = new Set<string>(DOWNLOADABLE_PLATFORMS);

/** Download is allowed only for own-storage and Google Drive videos (spec §5). */
export function canDownload(platform: string): boolean {
  return DOWNLOADABLE.has(platform);
}

/**
 * Why a video of this platform cannot be downloaded, or null when it can: spec §5's hover text for YouTube and TikTok
 * (and only for them), and for every other platform a sentence that names it and where the video can be saved.
 */
export function downloadRefusal(platform: string): string | null {
  if (canDownload(platform)) return null;
  if (platform === 'Youtube' || platform === 'Tiktok') return MESSAGES.downloadUnsupported;
  return `Only videos uploaded to Reelscope or from Google Drive can be downloaded; save this one from ${platformLabel(platform)}.`;
}

/** MIME type of a video file by its extension, or null when it is not a recognised video. */
export function videoMimeType(fileNameOrUrl: string): string | null {
  const path = fileNameOrUrl.split(/[?#]/)[0] ?? '';
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  return VIDEO_MIME_MAP[ext] ?? null;
}

export interface TranscriptLine {
  start_time: number;
  content: string;
}

/** Case-insensitive substring search on transcript content (spec §5); an empty query matches every line. */
export function searchTranscript<T extends TranscriptLine>(lines: readonly T[], query: string): T[] {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return [...lines];
  return lines.filter((line) => line.content.toLocaleLowerCase().includes(needle));
}
