import { atom } from 'jotai';
import type { AxiosInstance } from 'axios';
import type { VideoListItem, VideoListResponse } from '../../../../shared/http/videos.schemas';
import { actingIdentityAtom } from '../../../app/session/session.atoms';
import { toFailure } from '../../../lib/httpFailure';
import { createRemoteListSlice } from '../../../lib/remoteSlice';
import { fetchVideoList } from '../videos.api';
import { initialListState, toListQuery } from './videoFilters.query';
import type { SelectedVideo, SelectionKind, VideoListState } from './videoList.types';

/** Spec §3 video list state; lives in the app store, so it survives opening a detail and coming back. */
export const videoListStateAtom = atom<VideoListState>(initialListState());

/** Changes the list state; anything but an explicit page change goes back to page 1. */
export const patchListStateAtom = atom(null, (get, set, patch: Partial<VideoListState>) => {
  const page = patch.page ?? 1;
  set(videoListStateAtom, { ...get(videoListStateAtom), ...patch, page });
});

/** The acting brand and user (one atom for every screen). */
export const identityAtom = actingIdentityAtom;

/** The list query of the current state, or null without a brand. */
export const listQueryAtom = atom<Record<string, string> | null>((get) => {
  const who = get(identityAtom);
  return who ? toListQuery(get(videoListStateAtom), who) : null;
});

/** The video list slice (spec §4 remote slice: idle, loading, success, failure; replace or append). */
export const videoListSlice = createRemoteListSlice<VideoListResponse, VideoListItem>({
  items: (body) => body.videos,
  withItems: (body, videos) => ({ ...body, videos }),
});

/** The last page that loaded: kept on screen (dimmed) while the next one loads, and the source of filter options. */
export const lastListBodyAtom = atom<VideoListResponse | null>(null);
/** The query the shown page answers; a remount with the same query does not reload. */
export const loadedQueryKeyAtom = atom<string | null>(null);

let latestRequest = 0;

/** Loads the page for the current state; an answer to an older request is dropped, never shown. */
export const loadVideoListAtom = atom(null, async (get, set, main: AxiosInstance, options: { force?: boolean; quiet?: boolean } = {}) => {
  const params = get(listQueryAtom);
  if (!params) return;
  const key = JSON.stringify(params);
  if (!options.force && key === get(loadedQueryKeyAtom) && get(videoListSlice.state).phase === 'success') return;
  const request = ++latestRequest;
  // quiet (a live change): the shown page stays, with no loading state, until the answer replaces it.
  if (!options.quiet) set(videoListSlice.start);
  try {
    const response = await fetchVideoList(main, params);
    if (request !== latestRequest) return;
    set(videoListSlice.succeed, response.data, response.status);
    set(lastListBodyAtom, response.data);
    set(loadedQueryKeyAtom, key);
    const { totalPages } = response.data.data;
    // After videos left the list (trash, delete), the last page can be past the end: show the new last page.
    if (response.data.videos.length === 0 && get(videoListStateAtom).page > Math.max(1, totalPages)) {
      set(patchListStateAtom, { page: Math.max(1, totalPages) });
    }
  } catch (error) {
    if (request !== latestRequest) return;
    set(videoListSlice.fail, toFailure(error, 'load'));
    set(loadedQueryKeyAtom, null);
  }
});

const NO_SELECTIONS: Record<SelectionKind, Record<string, SelectedVideo>> = {
  favorites: {}, flagged: {}, delete: {}, restore: {}, download: {}, publish: {},
};

/** Which selection list the checkboxes fill (check mode), or null when not checking. */
export const checkModeAtom = atom<SelectionKind | null>(null);
/** The six selection lists, keyed by video id. */
export const selectionsAtom = atom<Record<SelectionKind, Record<string, SelectedVideo>>>(NO_SELECTIONS);

/** Ends every check mode and empties every selection list (closing a dialog after success, changing tab). */
export const clearSelectionsAtom = atom(null, (_get, set) => {
  set(checkModeAtom, null);
  set(selectionsAtom, NO_SELECTIONS);
});

/** Replaces one selection list. */
export const setSelectionAtom = atom(null, (get, set, kind: SelectionKind, entries: Record<string, SelectedVideo>) => {
  set(selectionsAtom, { ...get(selectionsAtom), [kind]: entries });
});

/** Changes loaded rows in place (e.g. unfavorited videos stay in the current tab, spec §4). */
export const patchRowsAtom = atom(null, (get, set, ids: readonly string[], patch: Partial<VideoListItem>) => {
  const wanted = new Set(ids);
  const body = get(lastListBodyAtom);
  if (!body) return;
  for (const row of body.videos) if (wanted.has(row._id)) set(videoListSlice.replaceItem, { ...row, ...patch });
  set(lastListBodyAtom, { ...body, videos: body.videos.map((row) => (wanted.has(row._id) ? { ...row, ...patch } : row)) });
});
