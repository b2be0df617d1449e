import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { MESSAGES } from '../../../src/shared/messages';
import { createTestUser, send, signIn, startTestApp } from './support/testServer';
import type { TestApp, TestUser } from './support/testServer';

describe('access jwt verification', () => {
  let t: TestApp;
  let maya: TestUser;
  beforeEach(async () => {
    t = await startTestApp();
    maya = await createTestUser(t.sql, { email: 'maya@example.com', brands: [{ name: 'Lumina' }] });
  });
  afterEach(() => t.close());

  const seconds = () => Math.floor(t.clock.now().getTime() / 1000);
  const token = (overrides: { iss?: string; aud?: string; exp?: number; secret?: Uint8Array } = {}) =>
    new SignJWT({ bid: maya.brandIds[0] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(maya.id)
      .setIssuer(overrides.iss ?? 'reelscope-embedded')
      .setAudience(overrides.aud ?? 'reelscope-desktop')
      .setIssuedAt(seconds())
      .setExpirationTime(overrides.exp ?? seconds() + 600)
      .sign(overrides.secret ?? t.secret);
  const getSession = (jwt: string) => send(t.app, 'GET', '/jwt_api/session', undefined, jwt);

  it('accepts a well-formed token (the control case)', async () => {
    expect((await getSession(await token())).statusCode).toBe(200);
  });

  it('refuses alg none', async () => {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: maya.id, iss: 'reelscope-embedded', aud: 'reelscope-desktop', exp: seconds() + 600 })}.`;
    expect((await getSession(unsigned)).statusCode).toBe(401);
  });

  it('refuses a token signed with another secret', async () => {
    expect((await getSession(await token({ secret: new Uint8Array(64).fill(7) }))).statusCode).toBe(401);
  });

  it('refuses a wrong issuer or audience', async () => {
    expect((await getSession(await token({ iss: 'someone-else' }))).statusCode).toBe(401);
    expect((await getSession(await token({ aud: 'reelscope-web' }))).statusCode).toBe(401);
  });

  it('refuses an expired token with the session-expired message', async () => {
    const response = await getSession(await token({ exp: seconds() - 1 }));
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(MESSAGES.sessionExpired);
  });

  it('expires a signed-in jwt after 15 minutes on the server clock', async () => {
    const { jwt } = await signIn(t.app, maya);
    t.clock.advance(14 * 60 * 1000);
    expect((await getSession(jwt)).statusCode).toBe(200);
    t.clock.advance(60 * 1000 + 1000);
    expect((await getSession(jwt)).json().message).toBe(MESSAGES.sessionExpired);
  });

  it('refuses a malformed authorization header', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/jwt_api/session', headers: { authorization: 'Basic abc' } });
    expect(response.statusCode).toBe(401);
  });
});
