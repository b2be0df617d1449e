import type { BackendInfo, HostBridge, IpcChannel, IpcEnvelope, SecretStatus, StoredTokens } from '../../../src/shared/ipc/contract';
import type { Settings } from '../../../src/shared/ipc/settings.schemas';
import { DEFAULT_SETTINGS } from '../../../src/shared/ipc/settings.schemas';
import { createHostClient, installHostClient } from '../../../src/renderer/host/hostClient';
import { HostError } from '../../../src/shared/ipc/handlers';
import { createSessionRefresher } from '../../../src/main/services/sessionRefresh.service';

/**
 * A small stand-in for the host bridge. The real one exists only inside Electron (preload) or behind
 * the web host, so component tests use this fake at that boundary; everything on the renderer side of
 * it (host client, envelopes, validation) is the real code.
 */
export interface FakeHost {
  calls: { channel: IpcChannel; input: unknown }[];
  settings: Settings;
  tokens: StoredTokens | null;
  callsTo(channel: IpcChannel): unknown[];
}

export function installFakeHost(backendOrigin = 'http://127.0.0.1:9'): FakeHost {
  const status: SecretStatus = { storage: 'memory', persistent: false, warning: null };
  const state: FakeHost = {
    calls: [],
    settings: structuredClone(DEFAULT_SETTINGS),
    tokens: null,
    callsTo: (channel) => state.calls.filter((call) => call.channel === channel).map((call) => call.input),
  };
  const backendInfo = (): BackendInfo => ({
    mode: 'embedded',
    origin: backendOrigin,
    urls: {
      main: `${backendOrigin}/jwt_api`,
      second: `${backendOrigin}/second`,
      metrics: `${backendOrigin}/metrics`,
      gateway: `${backendOrigin}/gateway`,
      graphql: `${backendOrigin}/graphql`,
    },
    dataDir: null,
    state: 'running',
    error: null,
  });
  // The host's real single-flight refresh, over this fake's token store (the back end is the test's loopback server).
  const sessionRefresh = createSessionRefresher({
    backend: backendInfo,
    secrets: {
      get: async () => state.tokens,
      set: async (tokens) => {
        state.tokens = tokens;
        return status;
      },
    },
    now: () => Date.now(),
  });
  const answer = (channel: IpcChannel, input: unknown): unknown => {
    switch (channel) {
      case 'app.info':
        return { name: 'Reelscope', version: '0.0.0-test', platform: 'linux', runtime: 'web' };
      case 'backend.info':
        return backendInfo();
      case 'settings.get':
        return state.settings;
      case 'settings.update': {
        const patch = input as Partial<Record<'layout' | 'markers' | 'backend', object>>;
        state.settings = {
          ...state.settings,
          layout: { ...state.settings.layout, ...patch.layout },
          markers: { ...state.settings.markers, ...patch.markers },
          backend: { ...state.settings.backend, ...patch.backend },
        };
        return state.settings;
      }
      case 'secrets.status':
        return status;
      case 'secrets.getToken':
        return state.tokens;
      case 'secrets.setToken':
        state.tokens = input as StoredTokens;
        return status;
      case 'secrets.clear':
        state.tokens = null;
        return null;
      case 'session.logout':
        state.tokens = null;
        state.settings = { ...state.settings, markers: { ...state.settings.markers, bId: null, uId: null } };
        return state.settings;
      case 'session.refresh':
        return sessionRefresh.renew((input as { refreshToken: string }).refreshToken);
    }
  };
  const bridge: HostBridge = {
    invoke: (async (channel: IpcChannel, input?: unknown) => {
      state.calls.push({ channel, input });
      try {
        return { ok: true, value: await answer(channel, input) } as IpcEnvelope<unknown>;
      } catch (error) {
        if (error instanceof HostError) return { ok: false, error: { code: error.code, message: error.message } } as IpcEnvelope<unknown>;
        throw error;
      }
    }) as HostBridge['invoke'],
    on: () => () => undefined,
  };
  installHostClient(createHostClient(bridge, 'web'));
  return state;
}
