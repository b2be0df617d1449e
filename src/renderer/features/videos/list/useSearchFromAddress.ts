import { useEffect } from 'react';
import { useSetAtom } from 'jotai';
import { useSearchParams } from 'react-router-dom';
import { DATE_RANGES, PLATFORMS, VIDEO_TABS, type Platform } from '../../../../shared/constants';
import { emptyFilters } from './videoFilters.query';
import { patchListStateAtom } from './videoList.atoms';
import type { VideoListState, VideoTab } from './videoList.types';
import { VIDEO_SEARCH_SCOPES, type VideoSearchScope } from '../../../../shared/http/videoList.schemas';

type Period = Exclude<(typeof DATE_RANGES)[number], 'custom'>;

/** Where a search from elsewhere looks: its tab, and the window it was made in (Home's period, platform and brand). */
export interface SearchScope {
  inTranscripts?: boolean;
  tab?: VideoTab;
  /** The period (a §9 range without custom dates): the list then shows that window, with no other filter. */
  date?: Period;
  platform?: Platform | null;
  /** A competitor's id: only its videos of the Competition tab. */
  brand?: string | null;
}

/**
 * The address of a list searched from elsewhere (a word of the home word cloud):
 * `/videos?search=…&in=transcript&tab=…&date=…&platform=…&brand=…` (`in`: a search scope, `transcript` or `on_screen`).
 */
export function videosSearchPath(search: string, options: SearchScope = {}): string {
  const params = new URLSearchParams({ search });
  if (options.inTranscripts) params.set('in', 'transcript');
  if (options.tab) params.set('tab', options.tab);
  if (options.date) params.set('date', options.date);
  if (options.platform) params.set('platform', options.platform);
  if (options.brand) params.set('brand', options.brand);
  return `/videos?${params.toString()}`;
}

const scopeOf = (value: string | null): VideoSearchScope => VIDEO_SEARCH_SCOPES.find((scope) => scope === value) ?? 'title';
const isTab = (value: string | null): value is VideoTab => VIDEO_TABS.some((tab) => tab === value);
const isPeriod = (value: string | null): value is Period => value !== 'custom' && DATE_RANGES.some((range) => range === value);
const isPlatform = (value: string | null): value is Platform => PLATFORMS.some((platform) => platform === value);

/**
 * The list state an address asks for. An address naming a period is a whole window (Home's): the list shows it with
 * only its platform and brand as filters, so it holds the videos the window counted, not those of earlier filters.
 */
export function stateFromAddress(params: URLSearchParams): Partial<VideoListState> | null {
  const search = params.get('search');
  if (search === null) return null;
  const tab = params.get('tab');
  const date = params.get('date');
  const patch: Partial<VideoListState> = { search: search.slice(0, 200), searchIn: scopeOf(params.get('in')), ...(isTab(tab) ? { tab } : {}) };
  if (!isPeriod(date)) return patch;
  const platform = params.get('platform');
  const brand = params.get('brand');
  return {
    ...patch, date, startDate: '', endDate: '',
    filters: { ...emptyFilters(), platform: isPlatform(platform) ? [platform] : [], brand: brand ? [brand.slice(0, 100)] : [] },
  };
}

/**
 * Applies a search the address carries to the list (then takes it out of the address, so going back and forth does
 * not apply it again over what the person typed since).
 */
export function useSearchFromAddress(): void {
  const [params, setParams] = useSearchParams();
  const patch = useSetAtom(patchListStateAtom);
  const key = params.toString();
  useEffect(() => {
    const state = stateFromAddress(new URLSearchParams(key));
    if (state === null) return;
    patch(state);
    setParams({}, { replace: true });
  }, [key, patch, setParams]);
}
