import { useEffect } from 'react';
import { useSetAtom } from 'jotai';
import { useSearchParams } from 'react-router-dom';
import { VIDEO_TABS } from '../../../../shared/constants';
import { patchListStateAtom } from './videoList.atoms';
import type { VideoTab } from './videoList.types';

/** The address of a list searched from elsewhere (a word of the home word cloud): `/videos?search=…&in=transcript&tab=…`. */
export function videosSearchPath(search: string, options: { inTranscripts?: boolean; tab?: VideoTab } = {}): string {
  const params = new URLSearchParams({ search });
  if (options.inTranscripts) params.set('in', 'transcript');
  if (options.tab) params.set('tab', options.tab);
  return `/videos?${params.toString()}`;
}

const isTab = (value: string | null): value is VideoTab => VIDEO_TABS.some((tab) => tab === value);

/**
 * Applies a search the address carries to the list (then takes it out of the address, so going back and forth does
 * not apply it again over what the person typed since).
 */
export function useSearchFromAddress(): void {
  const [params, setParams] = useSearchParams();
  const patch = useSetAtom(patchListStateAtom);
  const search = params.get('search');
  const scope = params.get('in');
  const tab = params.get('tab');
  useEffect(() => {
    if (search === null) return;
    patch({ search: search.slice(0, 200), searchIn: scope === 'transcript' ? 'transcript' : 'title', ...(isTab(tab) ? { tab } : {}) });
    setParams({}, { replace: true });
  }, [search, scope, tab, patch, setParams]);
}
