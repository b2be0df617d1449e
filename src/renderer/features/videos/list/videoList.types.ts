import type { Platform, REPORT_REASONS, VIDEO_TABS } from '../../../../shared/constants';
import type { VideoFilters, VideoSearchScope, VideoSort } from '../../../../shared/http/videos.schemas';
import type { DatedListState, DateRange, ListState } from '../../../lib/listState';

export type { DateRange };

export type VideoTab = (typeof VIDEO_TABS)[number];
export type ReportReason = (typeof REPORT_REASONS)[number];

/** Spec §3 video list state: sort, desc, search, page, tab, filters and dates (plus the page size). */
export interface VideoListState extends ListState<VideoTab, VideoSort>, DatedListState {
  filters: VideoFilters;
  /** What the search looks in: titles and creator names, or what is said in the transcripts. */
  searchIn: VideoSearchScope;
}

/** The six selection lists of spec §3 ("selection lists for flagged, favorites, delete, restore, download and publish"). */
export type SelectionKind = 'favorites' | 'flagged' | 'delete' | 'restore' | 'download' | 'publish';

/** One checked video: what any bulk call needs about it. */
export interface SelectedVideo {
  video_id: string;
  manufacturer_ids: string[];
  is_competitor: boolean;
  /** Null when selected through "select all N matching" (the id list carries no platform). */
  platform: Platform | null;
  /** The title, when selected from a row (downloads are saved under it). */
  title?: string;
}
