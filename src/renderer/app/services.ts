import axios from 'axios';
import type { ApolloClient } from '@apollo/client';
import { TokenPairSchema } from '../../shared/http/auth.schemas';
import type { BackendInfo, StoredTokens } from '../../shared/ipc/contract';
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

/** PUT /jwt_api/session {refresh_token}: sent without the interceptor, so it can never recurse. */
export async function requestTokenRefresh(mainUrl: string, refreshToken: string): Promise<StoredTokens> {
  const response = await axios.put(`${mainUrl}/session`, { refresh_token: refreshToken }, { timeout: 15000 });
  const pair = TokenPairSchema.parse(response.data);
  return { jwt: pair.jwt, refreshToken: pair.refresh_token };
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
    requestRefresh: (refreshToken) => requestTokenRefresh(backend.urls.main, refreshToken),
    onRefreshed: (tokens) => void keepTokens(store, tokens),
    onRefreshFailed: (error) => {
      if (axios.isAxiosError(error) && !error.response) {
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
