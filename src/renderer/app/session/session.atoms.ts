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
