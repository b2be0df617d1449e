import { randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import { HostError } from '../../../shared/ipc/handlers';
import { GOOGLE_UNAVAILABLE, INTEGRATION_LABELS, type IntegrationConnected, type IntegrationPlatform } from '../../../shared/ipc/integrations.schemas';
import type { SecretStore } from '../ports';
import type { SettingsService } from '../settings.service';
import { beginLoopbackAuthorization, CALLBACK_TIMEOUT_MS, type PendingAuthorization } from './loopbackAuthorization';

export interface IntegrationsDeps {
  settings: SettingsService;
  keychain: SecretStore | null;
  log: (message: string) => void;
  /** How long a flow waits for the browser (tests shorten it). */
  timeoutMs?: number;
}

type Flow = { pending: PendingAuthorization; platform: IntegrationPlatform | 'Google'; brandId: string; clientId: string; scope: string };
type StoredTokens = { access_token: string; refresh_token?: string; scope?: string; issuer: string; client_id: string };

/** The keychain account of one brand's connection to one platform. */
export const integrationAccount = (brandId: string, platform: IntegrationPlatform) => `integration:${brandId}:${platform}`;

/**
 * Integrations in the host (issue 17): begin opens a loopback authorization (the renderer opens its address in the
 * system browser), complete waits for it and keeps the tokens in the OS keychain only, disconnect revokes them at the
 * provider when it can and forgets them. Without a keychain nothing is connected: a token must not sit in a file.
 */
export function createIntegrations(deps: IntegrationsDeps) {
  const flows = new Map<string, Flow>();
  const keychain = (): SecretStore => {
    if (!deps.keychain) throw new HostError('unavailable', 'Integrations keep their tokens in the system keychain, and none is available here. Unlock or install one, then try again.');
    return deps.keychain;
  };

  return {
    async begin({ platform, brandId }: { platform: IntegrationPlatform; brandId: string }) {
      keychain();
      const provider = deps.settings.get().integrations.providers[platform];
      if (!provider) throw new HostError('unavailable', `${INTEGRATION_LABELS[platform]} is not set up on this workspace: give its sign-in provider under Settings → Integrations.`);
      const pending = await beginLoopbackAuthorization(provider, deps.timeoutMs ?? CALLBACK_TIMEOUT_MS);
      const flowId = randomBytes(12).toString('hex');
      flows.set(flowId, { pending, platform, brandId, clientId: provider.clientId, scope: provider.scope });
      void pending.result.finally(() => setTimeout(() => flows.delete(flowId), 60_000)).catch(() => undefined);
      return { flowId, authorizationUrl: pending.authorizationUrl };
    },

    /** "Sign up with Google": the same loopback flow against the configured Google provider. */
    async googleBegin() {
      const provider = deps.settings.get().integrations.google;
      if (!provider) throw new HostError('unavailable', GOOGLE_UNAVAILABLE);
      const pending = await beginLoopbackAuthorization(provider, deps.timeoutMs ?? CALLBACK_TIMEOUT_MS);
      const flowId = randomBytes(12).toString('hex');
      flows.set(flowId, { pending, platform: 'Google', brandId: '', clientId: provider.clientId, scope: provider.scope });
      return { flowId, authorizationUrl: pending.authorizationUrl };
    },

    /** The Google flow's ID token, for the back end to check; nothing of it is kept here. */
    async googleComplete({ flowId }: { flowId: string }): Promise<{ id_token: string }> {
      const flow = flows.get(flowId);
      if (!flow || flow.platform !== 'Google') throw new HostError('bad_input', 'This sign-in is no longer running. Start it again.');
      const { tokens } = await flow.pending.result;
      flows.delete(flowId);
      if (!tokens.id_token) throw new HostError('failed', 'Google answered without an ID token; ask for the openid scope.');
      return { id_token: tokens.id_token };
    },

    async complete({ flowId }: { flowId: string }): Promise<IntegrationConnected> {
      const flow = flows.get(flowId);
      if (!flow || flow.platform === 'Google') throw new HostError('bad_input', 'This sign-in is no longer running. Start it again.');
      const { tokens, config } = await flow.pending.result;
      flows.delete(flowId);
      const stored: StoredTokens = {
        access_token: tokens.access_token, ...(tokens.refresh_token ? { refresh_token: tokens.refresh_token } : {}), ...(tokens.scope ? { scope: tokens.scope } : {}),
        issuer: config.serverMetadata().issuer, client_id: flow.clientId,
      };
      try {
        await keychain().set(integrationAccount(flow.brandId, flow.platform), JSON.stringify(stored));
      } catch (error) {
        deps.log(`keychain write of an integration failed: ${String(error)}`);
        throw new HostError('unavailable', 'The system keychain is locked, so the connection could not be kept. Unlock it and connect again.');
      }
      const account = String(tokens.claims()?.sub ?? tokens.claims()?.email ?? 'connected account');
      return { platform: flow.platform as IntegrationPlatform, clientId: flow.clientId, account, scope: tokens.scope ?? flow.scope };
    },

    cancel({ flowId }: { flowId: string }): null {
      flows.get(flowId)?.pending.cancel();
      flows.delete(flowId);
      return null;
    },

    /** Revokes at the provider when it offers revocation (best effort: it may be gone), then forgets the tokens. */
    async disconnect({ platform, brandId }: { platform: IntegrationPlatform; brandId: string }): Promise<null> {
      const store = keychain();
      const account = integrationAccount(brandId, platform);
      const raw = await store.get(account).catch(() => null);
      const provider = deps.settings.get().integrations.providers[platform];
      if (raw && provider) {
        try {
          const stored = JSON.parse(raw) as StoredTokens;
          const issuer = new URL(stored.issuer);
          const loopback = issuer.hostname === '127.0.0.1' || issuer.hostname === 'localhost';
          const config = await oidc.discovery(issuer, stored.client_id, undefined, oidc.None(), { timeout: 10, ...(loopback ? { execute: [oidc.allowInsecureRequests] } : {}) });
          if (config.serverMetadata().revocation_endpoint) await oidc.tokenRevocation(config, stored.refresh_token ?? stored.access_token);
        } catch (error) {
          deps.log(`revoking an integration at its provider failed (forgotten here all the same): ${String(error)}`);
        }
      }
      await store.delete(account);
      return null;
    },
  };
}
export type Integrations = ReturnType<typeof createIntegrations>;
