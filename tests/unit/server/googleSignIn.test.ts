// Google itself cannot be reached from these machines: the test publishes an OpenID provider's discovery document and
// key set from a loopback server and signs ID tokens with that key, as Google would.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send, startTestApp, type TestApp } from './support/testServer';
import { firstValue } from './support/testEngine';

const CLIENT_ID = 'reelscope-web.apps.example';
let server: Server;
let issuer = '';
let key: CryptoKey;
let stranger: CryptoKey;
let t: TestApp;

const token = (claims: Record<string, unknown>, options: { signer?: CryptoKey; audience?: string; issuer?: string; expires?: string } = {}) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).setIssuer(options.issuer ?? issuer).setAudience(options.audience ?? CLIENT_ID)
    .setSubject(String(claims.sub ?? 'google-1')).setIssuedAt().setExpirationTime(options.expires ?? '5m').sign(options.signer ?? key);

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  key = pair.privateKey;
  ({ privateKey: stranger } = await generateKeyPair('RS256'));
  const publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  server = createServer((request, response) => {
    if (request.url === '/.well-known/openid-configuration') return response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks` }));
    if (request.url === '/jwks') return response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [publicJwk] }));
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.REELSCOPE_GOOGLE_ISSUER = issuer;
  process.env.REELSCOPE_GOOGLE_CLIENT_ID = CLIENT_ID;
  t = await startTestApp();
});
afterAll(async () => {
  delete process.env.REELSCOPE_GOOGLE_ISSUER;
  delete process.env.REELSCOPE_GOOGLE_CLIENT_ID;
  await t?.close();
  server?.close();
});

describe('Google sign-up with an OpenID Connect ID token', () => {
  it('creates the brand manager and the first brand, and signs the same person in again later', async () => {
    const first = await send(t.app, 'POST', '/jwt_api/login/sign_up_with_google', { id_token: await token({ sub: 'g-42', email: 'ana@shop.example', email_verified: true, given_name: 'Ana', family_name: 'Silva' }), brand_name: 'Ana Skin' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ currentUser: { first_name: 'Ana' }, currentBrand: { name: 'Ana Skin' } });
    expect(first.json().jwt).toBeTruthy();
    const again = await send(t.app, 'POST', '/jwt_api/login/sign_up_with_google', { id_token: await token({ sub: 'g-42', email: 'ana@shop.example', email_verified: true }) });
    expect(again.statusCode).toBe(200);
    expect(again.json().currentUser._id).toBe(first.json().currentUser._id);
    expect(await firstValue(t.sql, "SELECT COUNT(*) FROM users WHERE email = 'ana@shop.example'")).toBe(1);
  });

  it('refuses a token signed by another key, for another client, from another issuer, expired, or with an unverified email', async () => {
    const claims = { sub: 'g-7', email: 'bo@shop.example', email_verified: true };
    for (const idToken of [
      await token(claims, { signer: stranger }),
      await token(claims, { audience: 'someone-else' }),
      await token(claims, { issuer: 'https://accounts.evil.example' }),
      await token(claims, { expires: '-1m' }),
      await token({ ...claims, email_verified: false }),
    ]) {
      const response = await send(t.app, 'POST', '/jwt_api/login/sign_up_with_google', { id_token: idToken });
      expect([response.statusCode, response.json().message]).toEqual([401, 'Google could not confirm this sign-in. Try again.']);
    }
    expect(await firstValue(t.sql, "SELECT COUNT(*) FROM users WHERE email = 'bo@shop.example'")).toBe(0);
  });
});
