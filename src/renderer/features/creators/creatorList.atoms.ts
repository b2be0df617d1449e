import { atom } from 'jotai';
import type { AxiosInstance } from 'axios';
import type { CreatorListItem, CreatorListResponse } from '../../../shared/http/creators.schemas';
import { actingIdentityAtom } from '../../app/session/session.atoms';
import { toFailure } from '../../lib/httpFailure';
import { createRemoteListSlice } from '../../lib/remoteSlice';
import { fetchCreatorList } from './creators.api';
import type { CreatorListState } from './creatorList.state';
import { initialCreatorListState, toCreatorQuery } from './creatorList.state';

/** Lives in the app store, so it survives opening a detail and coming back. */
export const creatorListStateAtom = atom<CreatorListState>(initialCreatorListState());

/** Changes the list state; anything but an explicit page change goes back to page 1. */
export const patchCreatorListAtom = atom(null, (get, set, patch: Partial<CreatorListState>) => {
  set(creatorListStateAtom, { ...get(creatorListStateAtom), ...patch, page: patch.page ?? 1 });
});

/** The acting brand and user (one atom for every screen). */
export const creatorIdentityAtom = actingIdentityAtom;

export const creatorQueryAtom = atom<Record<string, string> | null>((get) => {
  const who = get(creatorIdentityAtom);
  return who ? toCreatorQuery(get(creatorListStateAtom), who) : null;
});

export const creatorListSlice = createRemoteListSlice<CreatorListResponse, CreatorListItem>({
  items: (body) => body.influencers,
  withItems: (body, influencers) => ({ ...body, influencers }),
});

/** The last page that loaded: kept on screen while the next one loads. */
export const lastCreatorBodyAtom = atom<CreatorListResponse | null>(null);

let latestRequest = 0;

export const loadCreatorListAtom = atom(null, async (get, set, main: AxiosInstance) => {
  const params = get(creatorQueryAtom);
  if (!params) return;
  const request = ++latestRequest;
  set(creatorListSlice.start);
  try {
    const response = await fetchCreatorList(main, params);
    if (request !== latestRequest) return;
    set(creatorListSlice.succeed, response.data, response.status);
    set(lastCreatorBodyAtom, response.data);
  } catch (error) {
    if (request !== latestRequest) return;
    set(creatorListSlice.fail, toFailure(error, 'load'));
  }
});

/** A checked creator (check mode): what contacting needs. */
export interface SelectedCreator {
  _id: string;
  name: string;
  email: string | null;
  valid_email: boolean;
}

export const creatorCheckModeAtom = atom(false);
export const creatorSelectionAtom = atom<Record<string, SelectedCreator>>({});
