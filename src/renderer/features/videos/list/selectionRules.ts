import { OWN_STORAGE_PLATFORM } from '../../../../shared/constants';
import type { VideoListItem } from '../../../../shared/http/videos.schemas';
import { MESSAGES } from '../../../../shared/messages';
import { canDownload } from '../../../../shared/rules/videos';
import type { SelectedVideo, SelectionKind } from './videoList.types';

/** Why a row cannot go into a selection list, or null when it can. */
export function selectBlocker(kind: SelectionKind, row: Pick<VideoListItem, 'platform' | 'is_competitor'>): string | null {
  if (kind === 'publish' && row.is_competitor) return 'Only your own videos can be published to the app';
  if (kind === 'download' && !canDownload(row.platform)) {
    if (row.platform === 'Youtube' || row.platform === 'Tiktok') return MESSAGES.downloadUnsupported;
    return `Only ${OWN_STORAGE_PLATFORM} and GoogleDrive videos can be downloaded`;
  }
  return null;
}

/** What a selection list keeps of a row. */
export function toSelected(row: VideoListItem): SelectedVideo {
  return { video_id: row._id, manufacturer_ids: row.manufacturer_ids, is_competitor: row.is_competitor, platform: row.platform, title: row.title };
}

/** Splits a selection into own and competitor videos: each group goes with its own competitors flag (spec §6). */
export function byOwnership(selected: readonly SelectedVideo[]): { own: SelectedVideo[]; competitors: SelectedVideo[] } {
  return { own: selected.filter((entry) => !entry.is_competitor), competitors: selected.filter((entry) => entry.is_competitor) };
}
