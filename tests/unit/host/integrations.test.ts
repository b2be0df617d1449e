// The platforms' public sign-in servers cannot be reached from these machines: each test starts a real OpenID
// Connect provider (the npm package oidc-provider) on loopback and plays the browser against it with fetch.
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import Provider from 'oidc-provider';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEYCHAIN_SERVICE } from '../../../src/shared/constants';
import { createKeytarSecretStore } from '../../../src/main/adapters/keytarSecretStore';
import { createAtomicFile } from '../../../src/main/adapters/nodeAtomicFile';
import { createIntegrations, integrationAccount } from '../../../src/main/services/integrations/integrations.service';
import { GOOGLE_UNAVAILABLE } from '../../../src/shared/ipc/integrations.schemas';
import { systemClock } from '../../../src/main/services/ports';
import { createSettingsService } from '../../../src/main/services/settings.service';
import { useTempDir } from './helpers';

const CLIENT_ID = 'reelscope-desktop';
const BRAND = 'brand-under-test';
const tempDir = useTempDir();
let stopProvider: () => Promise<void> = async () => undefined;
let issuer = '';

async function freePort(): Promise<number> {
  const probe = createHttpServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => probe.once('listening', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

beforeEach(async () => {
  const port = await freePort();
  issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [{
      client_id: CLIENT_ID, application_type: 'native', token_endpoint_auth_method: 'none',
      redirect_uris: ['http://127.0.0.1/callback'], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'],
    }],
    pkce: { required: () => true },
    features: { revocation: { enabled: true }, devInteractions: { enabled: true } },
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ sub: id }) }),
  });
  const server = provider.listen(port, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  stopProvider = () => new Promise((resolve) => server.close(() => resolve()));
});
afterEach(async () => stopProvider());

/** Follows redirects and submits the provider's login and consent forms as a person in a browser would; answers the last URL. */
async function playBrowser(start: string, login = 'maya'): Promise<string> {
  const jar = new Map<string, string>();
  let url = start;
  let init: RequestInit = {};
  for (let step = 0; step < 20; step++) {
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at).trim(), pair.slice(at + 1));
    }
    if (response.status >= 300 && response.status < 400) {
      url = new URL(response.headers.get('location')!, url).href;
      init = {};
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt) return url;
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
    init = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: prompt === 'login' ? `prompt=login&login=${login}&password=anything` : 'prompt=consent' };
  }
  throw new Error('the provider never sent the browser back');
}

async function setUp(options: { keychain?: boolean; timeoutMs?: number } = {}) {
  const settings = createSettingsService({ file: createAtomicFile(join(tempDir(), 'settings.json')), clock: systemClock });
  await settings.load();
  await settings.update({ integrations: { providers: { Shopify: { issuer, clientId: CLIENT_ID, scope: 'openid offline_access' } } } });
  const keychain = options.keychain === false ? null : await createKeytarSecretStore(KEYCHAIN_SERVICE);
  const integrations = createIntegrations({ settings, keychain, log: () => undefined, timeoutMs: options.timeoutMs });
  return { integrations, keychain, settings };
}

describe('integrations signed in the RFC 8252 way', () => {
  it('connects through the system browser and a loopback redirect with PKCE and state; the tokens live only in the keychain; disconnect revokes and forgets', async () => {
    const { integrations, keychain, settings } = await setUp();
    const { flowId, authorizationUrl } = await integrations.begin({ platform: 'Shopify', brandId: BRAND });
    const asked = new URL(authorizationUrl);
    expect(asked.origin).toBe(issuer);
    expect(asked.searchParams.get('code_challenge_method')).toBe('S256');
    expect(asked.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(asked.searchParams.get('state')).toBeTruthy();
    expect(asked.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);

    const back = await playBrowser(authorizationUrl);
    expect(back).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback\?code=/);
    const connected = await integrations.complete({ flowId });
    expect(connected).toEqual({ platform: 'Shopify', clientId: CLIENT_ID, account: 'maya', scope: expect.stringContaining('openid') });
    const stored = JSON.parse((await keychain!.get(integrationAccount(BRAND, 'Shopify')))!) as { access_token: string; refresh_token?: string };
    expect(stored.access_token.length).toBeGreaterThan(20);
    expect(JSON.stringify(settings.get())).not.toContain(stored.access_token);

    const userinfo = () => fetch(`${issuer}/me`, { headers: { authorization: `Bearer ${stored.access_token}` } }).then((r) => r.status);
    expect(await userinfo()).toBe(200);

    await integrations.disconnect({ platform: 'Shopify', brandId: BRAND });
    expect(await userinfo()).toBe(401);
    expect(await keychain!.get(integrationAccount(BRAND, 'Shopify'))).toBeNull();
  });

  it('refuses a callback that does not name the provider that answered (a mix-up), keeping nothing', async () => {
    const { integrations } = await setUp();
    const flow = await integrations.begin({ platform: 'Shopify', brandId: BRAND });
    const asked = new URL(flow.authorizationUrl);
    await fetch(`${asked.searchParams.get('redirect_uri')}?code=made-up&state=${asked.searchParams.get('state')}`);
    await expect(integrations.complete({ flowId: flow.flowId })).rejects.toThrow('response parameter "iss" (issuer) missing');
  });

  it('refuses a callback with a wrong state, a provider error, and a code replayed into another sign-in; nothing is kept', async () => {
    const { integrations, keychain } = await setUp();
    const callbackOf = (authorizationUrl: string) => new URL(authorizationUrl).searchParams.get('redirect_uri')!;

    const wrong = await integrations.begin({ platform: 'Shopify', brandId: BRAND });
    await fetch(`${callbackOf(wrong.authorizationUrl)}?code=made-up&state=not-the-one&iss=${encodeURIComponent(issuer)}`);
    await expect(integrations.complete({ flowId: wrong.flowId })).rejects.toThrow('The sign-in came back with another state than it left with; it was not accepted. Try again.');

    const refused = await integrations.begin({ platform: 'Shopify', brandId: BRAND });
    const state = new URL(refused.authorizationUrl).searchParams.get('state');
    await fetch(`${callbackOf(refused.authorizationUrl)}?error=access_denied&error_description=the+person+said+no&state=${state}&iss=${encodeURIComponent(issuer)}`);
    await expect(integrations.complete({ flowId: refused.flowId })).rejects.toThrow('The provider refused the sign-in: the person said no.');

    const first = await integrations.begin({ platform: 'Shopify', brandId: BRAND });
    const code = new URL(await playBrowser(first.authorizationUrl)).searchParams.get('code');
    await integrations.complete({ flowId: first.flowId });
    await integrations.disconnect({ platform: 'Shopify', brandId: BRAND });
    const second = await integrations.begin({ platform: 'Shopify', brandId: BRAND });
    await fetch(`${callbackOf(second.authorizationUrl)}?code=${code}&state=${new URL(second.authorizationUrl).searchParams.get('state')}&iss=${encodeURIComponent(issuer)}`);
    await expect(integrations.complete({ flowId: second.flowId })).rejects.toThrow(/refused the code/);
    expect(await keychain!.get(integrationAccount(BRAND, 'Shopify'))).toBeNull();
  });

  it('says so when the provider does not answer, the browser never comes back, no provider is set up, or no keychain exists', async () => {
    const { integrations, settings } = await setUp({ timeoutMs: 300 });
    const silent = await integrations.begin({ platform: 'Shopify', brandId: BRAND });
    await expect(integrations.complete({ flowId: silent.flowId })).rejects.toThrow('The sign-in did not come back within 5 minutes. Try again.');
    await expect(integrations.begin({ platform: 'Youtube', brandId: BRAND })).rejects.toThrow('YouTube is not set up on this workspace');
    await settings.update({ integrations: { providers: { Shopify: { issuer: `http://127.0.0.1:${await freePort()}`, clientId: CLIENT_ID, scope: 'openid' } } } });
    await expect(integrations.begin({ platform: 'Shopify', brandId: BRAND })).rejects.toThrow(/did not answer/);
    const { integrations: noKeychain } = await setUp({ keychain: false });
    await expect(noKeychain.begin({ platform: 'Shopify', brandId: BRAND })).rejects.toThrow(/system keychain/);
  });

  it('"Sign up with Google" runs the same flow and hands over only the ID token; without a Google provider it says so plainly', async () => {
    const { integrations, settings } = await setUp();
    await expect(integrations.googleBegin()).rejects.toThrow(GOOGLE_UNAVAILABLE);
    await settings.update({ integrations: { google: { issuer, clientId: CLIENT_ID, scope: 'openid' } } });
    const flow = await integrations.googleBegin();
    await playBrowser(flow.authorizationUrl, 'ana');
    const { id_token } = await integrations.googleComplete({ flowId: flow.flowId });
    const claims = JSON.parse(Buffer.from(id_token.split('.')[1]!, 'base64url').toString()) as { sub: string; iss: string; aud: string };
    expect(claims).toMatchObject({ sub: 'ana', iss: issuer, aud: CLIENT_ID });
  });
});
