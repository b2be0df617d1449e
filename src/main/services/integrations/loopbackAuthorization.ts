import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oidc from 'openid-client';
import { HostError } from '../../../shared/ipc/handlers';
import type { ProviderConfig } from '../../../shared/ipc/integrations.schemas';

/** How long the browser has to come back to the loopback address before the flow gives up. */
export const CALLBACK_TIMEOUT_MS = 5 * 60_000;
const PROVIDER_TIMEOUT_S = 15;

export interface PendingAuthorization {
  authorizationUrl: string;
  /** Resolves with the tokens once the browser comes back and the code is exchanged; rejects with what went wrong. */
  result: Promise<{ tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers; config: oidc.Configuration }>;
  cancel(): void;
}

const PAGE = (text: string) => `<!doctype html><meta charset="utf-8"><title>Reelscope</title><body style="font:16px system-ui;margin:3em">${text}</body>`;

/** Loopback issuers (a provider run on this machine, as tests do) are reached over http; every other over https. */
function isLoopback(issuer: URL): boolean {
  return issuer.hostname === '127.0.0.1' || issuer.hostname === 'localhost' || issuer.hostname === '[::1]';
}

/**
 * Starts an authorization as RFC 8252 asks of a native app: a one-use HTTP listener on 127.0.0.1 (any free port) as
 * the redirect, PKCE (S256) and state, the provider found by OpenID discovery; the caller opens the address in the
 * system browser. The code is exchanged here (a public client: no secret exists to leak).
 */
export async function beginLoopbackAuthorization(provider: ProviderConfig, timeoutMs = CALLBACK_TIMEOUT_MS): Promise<PendingAuthorization> {
  const issuer = new URL(provider.issuer);
  let config: oidc.Configuration;
  try {
    config = await oidc.discovery(issuer, provider.clientId, undefined, oidc.None(), {
      timeout: PROVIDER_TIMEOUT_S,
      ...(isLoopback(issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
    });
  } catch (error) {
    throw new HostError('failed', `The sign-in provider at ${issuer.host} did not answer (${error instanceof Error ? error.message : String(error)}). Check its address in Settings.`);
  }
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  // RFC 8252 §7.3: only the port of a loopback redirect varies; the path is the one the client registered.
  const path = '/callback';

  let settle: ((url: URL) => void) | null = null;
  let fail: ((error: Error) => void) | null = null;
  const callback = new Promise<URL>((resolve, reject) => { settle = resolve; fail = reject; });
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== path) {
      response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE('Not found.'));
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      .end(PAGE('You can close this tab and go back to Reelscope.'));
    settle?.(new URL(`${redirectUri}${url.search}`));
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', () => resolve()));
  const redirectUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  const timer = setTimeout(() => fail?.(new HostError('failed', 'The sign-in did not come back within 5 minutes. Try again.')), timeoutMs);
  const close = () => {
    clearTimeout(timer);
    server.close();
    server.closeAllConnections();
  };

  const authorizationUrl = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri, scope: provider.scope, state,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256',
  }).href;

  const result = (async () => {
    try {
      const returned = await callback;
      const tokens = await oidc.authorizationCodeGrant(config, returned, { pkceCodeVerifier: verifier, expectedState: state });
      return { tokens, config };
    } catch (error) {
      throw error instanceof HostError ? error : new HostError('failed', describe(error));
    } finally {
      close();
    }
  })();
  // The caller may never wait for it (a window closed mid-flow); its rejection is then nobody's to handle.
  result.catch(() => undefined);
  return { authorizationUrl, result, cancel: () => fail?.(new HostError('failed', 'The sign-in was cancelled.')) };
}

/** What a person can act on, from openid-client's errors (a provider's refusal, a wrong state, a reused code). */
function describe(error: unknown): string {
  if (error instanceof oidc.AuthorizationResponseError) return `The provider refused the sign-in: ${error.error_description ?? error.error}.`;
  if (error instanceof oidc.ResponseBodyError) return `The provider refused the code: ${error.error_description ?? error.error}.`;
  const message = error instanceof Error ? error.message : String(error);
  const cause = String((error as { cause?: { message?: unknown } } | null)?.cause?.message ?? '');
  if (/"state"/.test(`${message} ${cause}`)) return 'The sign-in came back with another state than it left with; it was not accepted. Try again.';
  return `The sign-in failed: ${message}${cause ? ` (${cause})` : ''}.`;
}
