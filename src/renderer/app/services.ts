import type { ApolloClient } from '@apollo/client';
import type { BackendInfo, StoredTokens } from '../../shared/ipc/contract';
import { HostCallError } from '../host/hostCallError';
import { host } from '../host/hostClient';
import type { ApiClients, AuthWiring } from '../lib/apiClients';
import { createApiClients } from '../lib/apiClients';
import { createApolloClient } from '../lib/apolloClient';
import type { TokenRefresher } from '../lib/tokenRefresh';
import { createTokenRefresher } from '../lib/tokenRefresh';
import { pushBannerAtom } from '../ui/banner/banner.atoms';
import { MESSAGES } from '../../shared/messages';
import type { AppStore } from './appStore';
import { serverDownAtom } from './serverDown/serverDown.atoms';
import { tokensAtom } from './session/session.atoms';
import { signOut } from './session/signOut';

/** Everything that talks to the back end, built once the host has said where it is. */
export interface AppServices {
  backend: BackendInfo;
  api: ApiClients;
  apollo: ApolloClient;
  refresher: TokenRefresher;
}

/**
 * Asks the host to renew the session (issue 26 item 29): every window shares the host's session, so the host runs the
 * one PUT /jwt_api/session for all of them and answers the current pair. A window refreshing on its own would present
 * a refresh token another window already spent, and the back end would end the session for both.
 */
export function requestTokenRefresh(refreshToken: string): Promise<StoredTokens> {
  return host().invoke('session.refresh', { refreshToken });
}

/** The refresh got no answer at all (back end or host down), as opposed to being refused. */
function refreshUnanswered(error: unknown): boolean {
  return error instanceof HostCallError && error.code === 'unavailable';
}

/** Keeps a token pair in memory now and asks the host to store it. */
export function keepTokens(store: AppStore, tokens: StoredTokens): Promise<void> {
  store.set(tokensAtom, tokens);
  return host()
    .invoke('secrets.setToken', tokens)
    .then(() => undefined)
    .catch((error: unknown) => {
      store.set(pushBannerAtom, error instanceof Error ? error.message : String(error), 'error');
    });
}

/** Wires the clients to the store: bearer from memory, one refresh for all, server-down flag, sign-out. */
export function createAppServices(store: AppStore, backend: BackendInfo): AppServices {
  const refresher = createTokenRefresher({
    getTokens: () => store.get(tokensAtom),
    requestRefresh: requestTokenRefresh,
    // The host stored the pair already; this window only keeps it in memory.
    onRefreshed: (tokens) => store.set(tokensAtom, tokens),
    onRefreshFailed: (error) => {
      if (refreshUnanswered(error)) {
        store.set(serverDownAtom, true);
        return;
      }
      void signOut(store, { notice: MESSAGES.sessionExpired, revoke: false });
    },
  });
  const auth: AuthWiring = {
    refresher,
    getAccessToken: () => store.get(tokensAtom)?.jwt ?? null,
    onNetworkError: () => store.set(serverDownAtom, true),
  };
  return {
    backend,
    api: createApiClients(backend.urls, auth),
    apollo: createApolloClient(backend.urls.graphql, auth),
    refresher,
  };
}
