import { DEFAULT_VIDEO_SORT } from '../../../../shared/constants';
import { VideoFiltersSchema } from '../../../../shared/http/videos.schemas';
import type { VideoFilters, VideoFiltersInput } from '../../../../shared/http/videos.schemas';
import { allDates, initialList } from '../../../lib/listState';
import type { Identity } from '../videos.api';
import type { VideoListState } from './videoList.types';

/** Filters with every family empty (after the schema's defaults). */
export function emptyFilters(): VideoFilters {
  return VideoFiltersSchema.parse({});
}

/** The list state the screen opens with: My Videos, created_at descending, page 1 (spec §3). */
export function initialListState(): VideoListState {
  return { ...initialList('My Videos', DEFAULT_VIDEO_SORT), ...allDates(), filters: emptyFilters(), searchIn: 'title' };
}

/** Only the families that filter: empty lists, blank text and null choices are left out. */
export function compactFilters(filters: VideoFilters): VideoFiltersInput {
  const out: VideoFiltersInput = {};
  const lists = ['platform', 'scene', 'pov', 'influencer', 'category', 'product', 'brand', 'audio_labels', 'language'] as const;
  for (const key of lists) if (filters[key].length > 0) out[key] = [...filters[key]] as never;
  const { demographic, brand_safety: safety, note, sponsored, topic, views } = filters;
  if (note.values.length > 0 || note.text.trim() !== '') out.note = { values: [...note.values], text: note.text.trim() };
  if (demographic.age_range.length + demographic.ethnicity.length + demographic.gender.length > 0) out.demographic = { ...demographic };
  if (safety.visual_content.length + safety.foul_language.length > 0) out.brand_safety = { ...safety };
  if (views && views.value !== null) out.views = { radio: views.radio, value: views.value };
  if (sponsored.sponsorship !== null || sponsored.sponsored_by.length > 0) out.sponsored = { ...sponsored };
  if (topic.topics.length + topic.subTopics.length > 0) out.topic = { ...topic };
  return out;
}

/** How many families filter right now (shown on the Filters button). */
export function activeFamilyCount(filters: VideoFilters): number {
  return Object.keys(compactFilters(filters)).length;
}

/**
 * The GET /videos (and get_video_ids) query for a list state: identity, tab, search, sort, paging, dates, and the
 * filters as one JSON string, sent only when some family filters. A custom range without both dates is not sent.
 */
export function toListQuery(state: VideoListState, who: Identity): Record<string, string> {
  const query: Record<string, string> = {
    brand_id: who.brand_id,
    user_id: who.user_id,
    tab: state.tab,
    sort: state.sort,
    desc: String(state.desc),
    page: String(state.page),
    per_page: String(state.perPage),
  };
  const search = state.search.trim();
  if (search !== '') {
    query.search = search;
    if (state.searchIn !== 'title') query.search_in = state.searchIn;
  }
  if (state.date === 'custom') {
    if (state.startDate !== '' && state.endDate !== '') {
      query.date = 'custom';
      query.start_date = state.startDate;
      query.end_date = state.endDate;
    }
  } else if (state.date !== 'all_dates') {
    query.date = state.date;
  }
  const filters = compactFilters(state.filters);
  if (Object.keys(filters).length > 0) query.filters = JSON.stringify(filters);
  return query;
}
