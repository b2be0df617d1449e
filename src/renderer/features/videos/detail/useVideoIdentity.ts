import { useAtomValue } from 'jotai';
import { identityAtom } from '../list/videoList.atoms';
import type { Identity } from '../videos.api';

/** brand_id and user_id of the session (cookies bId, uId of the original); null without a brand. */
export function useVideoIdentity(): Identity | null {
  return useAtomValue(identityAtom);
}
