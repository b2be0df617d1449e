import { DATE_RANGES, DEFAULT_VIDEO_SORT, VIDEO_SORTS, VIDEO_TABS } from '../../../../shared/constants';
import type { VideoSort } from '../../../../shared/http/videos.schemas';
import { DATE_RANGE_LABELS } from '../../../../shared/labels';
import type { VideoTab } from './videoList.types';

/** The Competition tab is shown as Competitors (spec §2). */
export function tabLabel(tab: VideoTab): string {
  return tab === 'Competition' ? 'Competitors' : tab;
}
export const TAB_ITEMS = VIDEO_TABS.map((value) => ({ value, label: tabLabel(value) }));

export const DATE_ITEMS = DATE_RANGES.map((value) => ({ value, label: DATE_RANGE_LABELS[value] }));

/** One entry of the sort menu: a sort with its direction (only created_at honours desc). */
export interface SortItem {
  id: string;
  label: string;
  sort: VideoSort;
  desc: boolean;
}

const SORT_LABELS: Record<(typeof VIDEO_SORTS)[number], string> = {
  highest_sentiment: 'Highest sentiment',
  lowest_sentiment: 'Lowest sentiment',
  newest_videos: 'Newest videos',
  oldest_videos: 'Oldest videos',
  favorite_videos: 'Favorites first',
};

export const SORT_ITEMS: readonly SortItem[] = [
  { id: `${DEFAULT_VIDEO_SORT}:desc`, label: 'Recently added', sort: DEFAULT_VIDEO_SORT, desc: true },
  { id: `${DEFAULT_VIDEO_SORT}:asc`, label: 'First added', sort: DEFAULT_VIDEO_SORT, desc: false },
  ...VIDEO_SORTS.map((sort) => ({ id: sort, label: SORT_LABELS[sort], sort, desc: true })),
];

/** The sort menu entry of a list state. */
export function sortItemId(sort: VideoSort, desc: boolean): string {
  if (sort === DEFAULT_VIDEO_SORT) return `${sort}:${desc ? 'desc' : 'asc'}`;
  return sort;
}
