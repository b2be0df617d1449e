import axios from 'axios';
import { ROLE_VIP_INFLUENCER } from '../../../shared/constants';
import type { Brand, Session } from '../../../shared/domain/session';
import type { SessionResponse } from '../../../shared/http/auth.schemas';
import { SessionGetResponseSchema, SessionResponseSchema } from '../../../shared/http/auth.schemas';
import { host } from '../../host/hostClient';
import { toFailure } from '../../lib/httpFailure';
import { pushBannerAtom } from '../../ui/banner/banner.atoms';
import type { AppStore } from '../appStore';
import { servicesAtom, settingsAtom } from '../boot/boot.atoms';
import { keepTokens } from '../services';
import { authPhaseAtom, sessionAtom } from './session.atoms';
import { signOut } from './signOut';

/** Spec §4/§6: only a user who is not vip_influencer and completed registration gets a session. */
export type Acceptance = 'accepted' | 'vip' | 'incomplete';

export function acceptanceOf(session: Pick<Session, 'roles' | 'currentUser'>): Acceptance {
  if (session.roles.includes(ROLE_VIP_INFLUENCER)) return 'vip';
  if (!session.currentUser.registration_completed) return 'incomplete';
  return 'accepted';
}

function sessionPart(response: SessionResponse): Session {
  const { jwt: _jwt, refresh_token: _refresh, expires_in: _expires, ...session } = response;
  return session;
}

/** Records the brand and user ids the web original kept in the bId and uId cookies. */
async function saveMarkers(store: AppStore, session: Session): Promise<void> {
  try {
    const settings = await host().invoke('settings.update', {
      markers: { bId: session.currentBrand?._id ?? null, uId: session.currentUser._id },
    });
    store.set(settingsAtom, settings);
  } catch (error) {
    store.set(pushBannerAtom, error instanceof Error ? error.message : String(error), 'error');
  }
}

/** Stores an accepted session: tokens to memory and host, markers bId/uId, session atom. */
export async function storeSignedInSession(store: AppStore, response: SessionResponse): Promise<void> {
  const session = sessionPart(response);
  await keepTokens(store, { jwt: response.jwt, refreshToken: response.refresh_token });
  await saveMarkers(store, session);
  store.set(sessionAtom, session);
  store.set(authPhaseAtom, 'signedIn');
}

/**
 * Rebuilds the session from the tokens in memory (GET /jwt_api/session). A 401 is handled by the
 * interceptor (refresh, or sign-out); an unreachable server leaves the phase as it is and the
 * server-down modal calls this again once the back end answers.
 */
export async function restoreSession(store: AppStore): Promise<void> {
  const services = store.get(servicesAtom);
  if (!services) return;
  try {
    const response = await services.api.main.get('/session');
    const session = SessionGetResponseSchema.parse(response.data);
    if (acceptanceOf(session) !== 'accepted') throw new Error('This account cannot use the brand dashboard.');
    store.set(sessionAtom, session);
    store.set(authPhaseAtom, 'signedIn');
  } catch (error) {
    if (axios.isAxiosError(error) && !error.response) return;
    if (axios.isAxiosError(error) && error.response?.status === 401) return;
    store.set(pushBannerAtom, toFailure(error).error, 'error');
    await signOut(store, { revoke: false });
  }
}

/** Brand switch: PUT /jwt_api/session {brand_id}; new tokens saved and markers bId/uId updated. */
export async function switchBrand(store: AppStore, brand: Brand): Promise<void> {
  const services = store.get(servicesAtom);
  if (!services) return;
  try {
    const response = await services.api.main.put('/session', { brand_id: brand._id, brand_name: brand.name });
    await storeSignedInSession(store, SessionResponseSchema.parse(response.data));
    store.set(pushBannerAtom, `Now viewing ${brand.name}`, 'success');
  } catch (error) {
    store.set(pushBannerAtom, toFailure(error).error, 'error');
  }
}
