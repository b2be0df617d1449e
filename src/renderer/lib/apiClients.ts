import axios from 'axios';
import type { AxiosInstance, InternalAxiosRequestConfig } from 'axios';
import type { ServiceUrls } from '../../shared/ipc/contract';
import type { TokenRefresher } from './tokenRefresh';

/** The four REST services of spec §7, one axios instance each. */
export interface ApiClients {
  main: AxiosInstance;
  second: AxiosInstance;
  metrics: AxiosInstance;
  gateway: AxiosInstance;
}

/** What the one auth interceptor needs from the app. */
export interface AuthWiring {
  refresher: TokenRefresher;
  /** The jwt held in memory (never read from storage here). */
  getAccessToken(): string | null;
  /** A request got no answer at all: the back end is unreachable. */
  onNetworkError(error: unknown): void;
}

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Set on the one retry after a refresh, so a second 401 is not retried again. */
    reelscopeRetried?: boolean;
  }
}

function bearerOf(config: InternalAxiosRequestConfig): string | null {
  const value = config.headers.get('Authorization');
  return typeof value === 'string' && value.startsWith('Bearer ') ? value.slice('Bearer '.length) : null;
}

/**
 * Installs the shared auth behaviour on one instance: bearer, single-flight refresh on 401, retry. With bearer false
 * (the metrics API, authenticated by the brand's API key) the jwt is never sent there and a 401 is just an answer.
 */
export function installAuthInterceptor(instance: AxiosInstance, auth: AuthWiring, { bearer = true } = {}): void {
  if (!bearer) {
    instance.interceptors.response.use(undefined, (error: unknown) => {
      if (axios.isAxiosError(error) && !error.response && !axios.isCancel(error)) auth.onNetworkError(error);
      throw error;
    });
    return;
  }
  instance.interceptors.request.use(async (config) => {
    // Requests made while a refresh runs wait for it, then go out with the new jwt.
    await auth.refresher.settled();
    const jwt = auth.getAccessToken();
    if (jwt) config.headers.set('Authorization', `Bearer ${jwt}`);
    return config;
  });

  instance.interceptors.response.use(undefined, async (error: unknown) => {
    if (axios.isCancel(error)) {
      console.info('[api] request canceled', error.message ?? '');
      throw error;
    }
    if (!axios.isAxiosError(error)) throw error;
    const config = error.config;
    if (!error.response) {
      auth.onNetworkError(error);
      throw error;
    }
    const usedJwt = config ? bearerOf(config) : null;
    // Only a request that carried a bearer can be renewed (a failed sign-in is just a failed sign-in).
    if (error.response.status !== 401 || !config || config.reelscopeRetried || usedJwt === null) throw error;
    await auth.refresher.renew(usedJwt);
    return instance.request({ ...config, reelscopeRetried: true });
  });
}

/** Builds the service clients from the host's backend.info urls, all sharing one auth interceptor. */
export function createApiClients(urls: ServiceUrls, auth: AuthWiring): ApiClients {
  const make = (baseURL: string, bearer = true) => {
    const instance = axios.create({ baseURL, timeout: 30000 });
    installAuthInterceptor(instance, auth, { bearer });
    return instance;
  };
  return { main: make(urls.main), second: make(urls.second), metrics: make(urls.metrics, false), gateway: make(urls.gateway) };
}
