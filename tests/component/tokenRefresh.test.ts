// @vitest-environment node
// Node environment: the clients talk to a real loopback HTTP server through Node's own HTTP stack and fetch.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gql } from '@apollo/client';
import { MESSAGES } from '../../src/shared/messages';
import type { BackendInfo } from '../../src/shared/ipc/contract';
import { appStore, replaceAppStore } from '../../src/renderer/app/appStore';
import { createAppServices } from '../../src/renderer/app/services';
import { serverDownAtom } from '../../src/renderer/app/serverDown/serverDown.atoms';
import { sessionAtom, tokensAtom } from '../../src/renderer/app/session/session.atoms';
import { servicesAtom } from '../../src/renderer/app/boot/boot.atoms';
import { bannerMessagesAtom } from '../../src/renderer/ui/banner/banner.atoms';
import type { FakeHost } from './support/fakeHost';
import { installFakeHost } from './support/fakeHost';
import type { LoopbackServer } from './support/loopbackServer';
import { startLoopbackServer } from './support/loopbackServer';

const OLD = { jwt: 'access-old', refreshToken: 'refresh-old' };
const NEW = { jwt: 'access-new', refresh_token: 'refresh-new', expires_in: 900 };

function backendFor(origin: string): BackendInfo {
  return {
    mode: 'embedded',
    origin,
    urls: {
      main: `${origin}/jwt_api`,
      second: `${origin}/second`,
      metrics: `${origin}/metrics`,
      gateway: `${origin}/gateway`,
      graphql: `${origin}/graphql`,
    },
    dataDir: null,
    state: 'running',
    error: null,
  };
}

let server: LoopbackServer;
let host: FakeHost;
let refreshAccepted = true;
const refreshes = () => server.requests.filter((r) => r.method === 'PUT' && r.path === '/jwt_api/session');

beforeEach(async () => {
  refreshAccepted = true;
  server = await startLoopbackServer((request) => {
    if (request.method === 'PUT' && request.path === '/jwt_api/session') {
      // Slow on purpose: every other request fails with 401 while this refresh is still running.
      if (!refreshAccepted) return { status: 401, delayMs: 40, body: { statusCode: 401, error: 'Unauthorized', message: 'Invalid refresh token' } };
      const ok = (request.body as { refresh_token?: string }).refresh_token === OLD.refreshToken;
      return ok ? { status: 200, body: NEW, delayMs: 40 } : { status: 401, body: { message: 'Invalid refresh token' } };
    }
    const authorized = request.headers.authorization === `Bearer ${NEW.jwt}`;
    if (!authorized) return { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Expired' } };
    if (request.path === '/graphql') return { status: 200, body: { data: { ping: 'pong' } } };
    return { status: 200, body: { path: request.path } };
  });
  host = installFakeHost(server.origin);
  // The host keeps the same pair as the window (it stored it at sign-in); it runs the refresh for every window.
  host.tokens = OLD;
  const store = replaceAppStore();
  store.set(tokensAtom, OLD);
  store.set(sessionAtom, null);
  store.set(servicesAtom, createAppServices(store, backendFor(server.origin)));
});

afterEach(async () => {
  await server.close();
});

function services() {
  const value = appStore().get(servicesAtom);
  if (!value) throw new Error('services missing');
  return value;
}

describe('single-flight token refresh', () => {
  it('fifty requests failing with 401 at once cause exactly one refresh, then all fifty succeed', async () => {
    const { api } = services();
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => api.main.get(`/items/${i}`)));

    expect(results.map((r) => r.status)).toEqual(Array.from({ length: 50 }, () => 200));
    expect(results[49]?.data).toEqual({ path: '/jwt_api/items/49' });
    expect(refreshes()).toHaveLength(1);
    expect(appStore().get(tokensAtom)).toEqual({ jwt: NEW.jwt, refreshToken: NEW.refresh_token });
    expect(host.tokens).toEqual({ jwt: NEW.jwt, refreshToken: NEW.refresh_token });
    expect(host.callsTo('session.refresh')).toEqual([{ refreshToken: OLD.refreshToken }]);
  });

  it('requests on different services share the same refresh; the metrics API (brand API key) never gets the jwt', async () => {
    const { api } = services();
    const results = await Promise.all([api.main.get('/a'), api.second.get('/b'), api.gateway.get('/d')]);
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(refreshes()).toHaveLength(1);
    // Its 401 (a rotated key) is an answer to show, not a reason to renew the session.
    await expect(api.metrics.get('/c')).rejects.toMatchObject({ response: { status: 401 } });
    expect(server.requests.find((r) => r.path === '/metrics/c')?.headers.authorization).toBeUndefined();
    expect(refreshes()).toHaveLength(1);
  });

  it('Apollo 401s and axios 401s wait for one shared refresh', async () => {
    const { api, apollo } = services();
    const query = gql`
      query Ping {
        ping
      }
    `;
    const [rest, graph] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, (_, i) => api.main.get(`/rest/${i}`))),
      Promise.all(Array.from({ length: 10 }, () => apollo.query<{ ping: string }>({ query, fetchPolicy: 'no-cache' }))),
    ]);
    expect(rest.every((r) => r.status === 200)).toBe(true);
    expect(graph.map((r) => r.data?.ping)).toEqual(Array.from({ length: 10 }, () => 'pong'));
    expect(refreshes()).toHaveLength(1);
  });

  it('a refused refresh signs out: host logout, whole state reset, session-expired message', async () => {
    refreshAccepted = false;
    const before = appStore();
    const { api } = services();
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => api.main.get(`/items/${i}`)));

    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    expect(refreshes()).toHaveLength(1);
    await expect.poll(() => host.callsTo('session.logout').length).toBe(1);
    await expect.poll(() => appStore() !== before).toBe(true);
    const fresh = appStore();
    expect(fresh.get(tokensAtom)).toBeNull();
    expect(fresh.get(servicesAtom)).toBeNull();
    expect(fresh.get(bannerMessagesAtom).map((m) => m.text)).toEqual([MESSAGES.sessionExpired]);
  });
});

describe('unreachable back end', () => {
  it('a request that gets no answer flags the server as down', async () => {
    await server.close();
    const { api } = services();
    await expect(api.main.get('/anything')).rejects.toThrow();
    expect(appStore().get(serverDownAtom)).toBe(true);
  });
});
