import { OWN_STORAGE_PLATFORM, VIDEO_MIME_MAP } from '../constants';

/** The platforms whose videos the back end keeps as files: downloadable (spec §5) and playable in a widget. */
export const DOWNLOADABLE_PLATFORMS = [OWN_STORAGE_PLATFORM, 'GoogleDrive'] as const;
const DOWNLOADABLE = new Set<string>(DOWNLOADABLE_PLATFORMS);

/** Download is allowed only for own-storage and Google Drive videos (spec §5). */
export function canDownload(platform: string): boolean {
  return DOWNLOADABLE.has(platform);
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
