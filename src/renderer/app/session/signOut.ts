import { host } from '../../host/hostClient';
import { pushBannerAtom } from '../../ui/banner/banner.atoms';
import type { AppStore } from '../appStore';
import { replaceAppStore } from '../appStore';
import { servicesAtom } from '../boot/boot.atoms';
import { tokensAtom } from './session.atoms';

export interface SignOutOptions {
  /** Shown on the sign-in page afterwards (e.g. the session expired). */
  notice?: string;
  /** Revoke the refresh token on the back end (skipped when it was just refused anyway). */
  revoke?: boolean;
}

let signingOut: Promise<void> | null = null;

/**
 * Signs out (spec §4): revokes the refresh token, lets the host clear tokens, ids and markers,
 * then replaces the whole jotai store so no state survives; the fresh app boots to /login.
 */
export function signOut(store: AppStore, options: SignOutOptions = {}): Promise<void> {
  signingOut ??= run(store, options).finally(() => {
    signingOut = null;
  });
  return signingOut;
}

async function run(store: AppStore, { notice, revoke = true }: SignOutOptions): Promise<void> {
  const tokens = store.get(tokensAtom);
  const services = store.get(servicesAtom);
  if (revoke && tokens && services) {
    await services.api.main
      .post('/logout', { refresh_token: tokens.refreshToken }, { reelscopeRetried: true })
      .catch(() => undefined);
  }
  await host()
    .invoke('session.logout')
    .catch(() => undefined);
  replaceAppStore((fresh) => {
    if (notice) fresh.set(pushBannerAtom, notice, 'info');
  });
  if (typeof window !== 'undefined') window.location.hash = '#/login';
}
