import { DEFAULT_CREATOR_SORT } from '../../../shared/constants';
import type { CREATOR_TABS } from '../../../shared/constants';
import type { COUNT_RADIO, CREATOR_SORTS, CreatorFiltersInput } from '../../../shared/http/creators.schemas';
import { allDates, initialList, type DatedListState, type DateRange, type ListState } from '../../lib/listState';
import type { Identity } from './creators.api';

export type { DateRange };

export type CreatorTab = (typeof CREATOR_TABS)[number];
export type CreatorSort = (typeof CREATOR_SORTS)[number];
export type CountRadio = (typeof COUNT_RADIO)[number];

/** Spec §3 creator list state. */
export interface CreatorListState extends ListState<CreatorTab, CreatorSort>, DatedListState {
  trending: boolean;
  validEmail: boolean;
  reelscopeVerified: boolean;
  country: string[];
  subscribers: { radio: CountRadio; value: number | null };
  videos: { radio: CountRadio; value: number | null };
}

export function initialCreatorListState(): CreatorListState {
  return {
    ...initialList('My Creators', DEFAULT_CREATOR_SORT),
    ...allDates(),
    trending: false,
    validEmail: false,
    reelscopeVerified: false,
    country: [],
    subscribers: { radio: 'gte', value: null },
    videos: { radio: 'gte', value: null },
  };
}

/** The patch that removes every filter and the search (tab, sort, page size and dates stay); back to page 1. */
export function clearedCreatorFilters(): Partial<CreatorListState> {
  const initial = initialCreatorListState();
  return {
    search: '', page: 1, trending: false, validEmail: false, reelscopeVerified: false, country: [],
    subscribers: initial.subscribers, videos: initial.videos,
  };
}

/** How many filter families narrow the list (country, subscribers, videos, the two flags, trending). */
export function activeCreatorFilters(state: CreatorListState): number {
  return [state.country.length > 0, state.subscribers.value !== null, state.videos.value !== null, state.validEmail, state.reelscopeVerified, state.trending]
    .filter(Boolean).length;
}

/** The GET /influencers query of a state (also the CSV export's query): only what filters is sent. */
export function toCreatorQuery(state: CreatorListState, who: Identity, paging = true): Record<string, string> {
  const query: Record<string, string> = { ...who, tab: state.tab, sort: state.sort, desc: String(state.desc), date: state.date };
  if (paging) {
    query.page = String(state.page);
    query.per_page = String(state.perPage);
  }
  if (state.search.trim() !== '') query.search = state.search.trim();
  if (state.date === 'custom') {
    if (state.startDate) query.start_date = state.startDate;
    if (state.endDate) query.end_date = state.endDate;
  }
  if (state.trending) query.trending = 'true';
  if (state.validEmail) query.validEmail = 'true';
  if (state.reelscopeVerified) query.reelscopeVerified = 'true';
  const filters: CreatorFiltersInput = {};
  if (state.country.length > 0) filters.country = [...state.country];
  if (state.subscribers.value !== null) filters.subscribers = { ...state.subscribers };
  if (state.videos.value !== null) filters.videos = { ...state.videos };
  if (Object.keys(filters).length > 0) query.filters = JSON.stringify(filters);
  return query;
}
