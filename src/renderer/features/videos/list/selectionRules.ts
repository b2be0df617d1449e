import type { VideoListItem } from '../../../../shared/http/videos.schemas';
import { downloadRefusal } from '../../../../shared/rules/videos';
import type { SelectedVideo, SelectionKind } from './videoList.types';

/** Why a row cannot go into a selection list, or null when it can. */
export function selectBlocker(kind: SelectionKind, row: Pick<VideoListItem, 'platform' | 'is_competitor'>): string | null {
  if (kind === 'publish' && row.is_competitor) return 'Only your own videos can be published to the app';
  if (kind === 'download') return downloadRefusal(row.platform);
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
