import { atom } from 'jotai';
import type { Session } from '../../../shared/domain/session';
import type { StoredTokens } from '../../../shared/ipc/contract';

/** The jwt and refresh token, held in memory only (the host keeps the stored copy). */
export const tokensAtom = atom<StoredTokens | null>(null);

/** The signed-in session (spec §3), or null. */
export const sessionAtom = atom<Session | null>(null);

/**
 * Where sign-in stands: booting (asking the host), restoring (tokens found, session being rebuilt),
 * signedOut, signedIn.
 */
export type AuthPhase = 'booting' | 'restoring' | 'signedOut' | 'signedIn';
export const authPhaseAtom = atom<AuthPhase>('booting');

/** True from the moment a sign-up stores its session: that navigation continues to onboarding, not to /home. */
export const justSignedUpAtom = atom(false);

/** The acting brand and user (bId, uId) every call carries; null without a brand (the non-brand case). */
export const actingIdentityAtom = atom<{ brand_id: string; user_id: string } | null>((get) => {
  const session = get(sessionAtom);
  if (!session?.currentBrand) return null;
  return { brand_id: session.currentBrand._id, user_id: session.currentUser._id };
});
