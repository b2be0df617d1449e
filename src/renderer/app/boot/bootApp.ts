import { host } from '../../host/hostClient';
import { HOST_UNAVAILABLE_MESSAGE, HostCallError } from '../../host/hostCallError';
import type { AppStore } from '../appStore';
import { layoutPrefsAtom } from '../layout/layoutPrefs.atoms';
import { createAppServices } from '../services';
import { authPhaseAtom, tokensAtom } from '../session/session.atoms';
import { restoreSession } from '../session/sessionActions';
import { backendInfoAtom, bootAtom, servicesAtom, settingsAtom } from './boot.atoms';

/**
 * Start-up: settings and back-end location from the host, then secrets.getToken; with tokens the
 * session is rebuilt from GET /jwt_api/session, without them the person goes to /login.
 */
export async function bootApp(store: AppStore): Promise<void> {
  const client = host();
  try {
    const [settings, backend] = await Promise.all([client.invoke('settings.get'), client.invoke('backend.info')]);
    store.set(settingsAtom, settings);
    store.set(layoutPrefsAtom, settings.layout);
    store.set(backendInfoAtom, backend);
    store.set(servicesAtom, createAppServices(store, backend));
  } catch (error) {
    const message =
      error instanceof HostCallError && error.code === 'unavailable'
        ? error.message
        : `${HOST_UNAVAILABLE_MESSAGE} (${error instanceof Error ? error.message : String(error)})`;
    store.set(bootAtom, { phase: 'hostUnavailable', message });
    return;
  }

  const tokens = await client.invoke('secrets.getToken').catch(() => null);
  if (!tokens) {
    store.set(authPhaseAtom, 'signedOut');
    store.set(bootAtom, { phase: 'ready' });
    return;
  }
  store.set(tokensAtom, tokens);
  store.set(authPhaseAtom, 'restoring');
  store.set(bootAtom, { phase: 'ready' });
  await restoreSession(store);
}
