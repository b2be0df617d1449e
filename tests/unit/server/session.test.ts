import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { SessionSchema } from '../../../src/shared/domain/session';
import { SessionResponseSchema } from '../../../src/shared/http/auth.schemas';
import { MESSAGES } from '../../../src/shared/messages';
import { TOKEN_SETTINGS } from '../../../src/server/auth/tokenSettings';
import { buildApp } from '../../../src/server/app';
import { LIVE_CHANGES_PATH } from '../../../src/shared/http/liveChanges.schemas';
import { createTestUser, send, signIn, startTestApp, WEB_ORIGIN } from './support/testServer';
import type { TestApp, TestUser } from './support/testServer';

describe('session routes', () => {
  let t: TestApp;
  let maya: TestUser;
  let other: TestUser;
  beforeEach(async () => {
    t = await startTestApp();
    maya = await createTestUser(t.sql, {
      email: 'maya@example.com',
      brands: [
        { name: 'Lumina', competitors: ['Glow Co'] },
        { name: 'Trailforge', competitors: ['Summit', 'Ridge'] },
      ],
    });
    other = await createTestUser(t.sql, { email: 'other@example.com', brands: [{ name: 'Elsewhere' }] });
  });
  afterEach(() => t.close());

  it('GET /session answers the bearer\'s session', async () => {
    const { jwt } = await signIn(t.app, maya);
    const response = await send(t.app, 'GET', '/jwt_api/session', undefined, jwt);
    expect(response.statusCode).toBe(200);
    const session = SessionSchema.parse(response.json());
    expect(session.currentUser._id).toBe(maya.id);
    expect(session.currentBrand?.name).toBe('Lumina');
    expect(response.body).not.toContain('password');
  });

  it('GET /session without a bearer answers 401', async () => {
    const response = await send(t.app, 'GET', '/jwt_api/session');
    expect(response.statusCode).toBe(401);
    expect(response.json().statusCode).toBe(401);
  });

  it('rotates the refresh token: the new pair works, the old token is spent', async () => {
    const first = await signIn(t.app, maya);
    const rotated = await send(t.app, 'PUT', '/jwt_api/session', { refresh_token: first.refresh_token });
    expect(rotated.statusCode).toBe(200);
    const second = SessionResponseSchema.parse(rotated.json());
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await send(t.app, 'GET', '/jwt_api/session', undefined, second.jwt)).statusCode).toBe(200);
    expect((await send(t.app, 'PUT', '/jwt_api/session', { refresh_token: second.refresh_token })).statusCode).toBe(200);
  });

  it('treats reuse of a spent refresh token after the grace as theft and revokes every token of the user', async () => {
    const first = await signIn(t.app, maya);
    const second = (await send(t.app, 'PUT', '/jwt_api/session', { refresh_token: first.refresh_token })).json();
    t.clock.advance(TOKEN_SETTINGS.refreshReuseGraceMs + 1);
    const reuse = await send(t.app, 'PUT', '/jwt_api/session', { refresh_token: first.refresh_token });
    expect(reuse.statusCode).toBe(401);
    // The legitimate holder of the newest token must sign in again too.
    expect((await send(t.app, 'PUT', '/jwt_api/session', { refresh_token: second.refresh_token })).statusCode).toBe(401);
  });

  it('answers the same client retrying a rotation within the grace with another pair of the same session', async () => {
    const first = await signIn(t.app, maya);
    const second = SessionResponseSchema.parse((await send(t.app, 'PUT', '/jwt_api/session', { refresh_token: first.refresh_token })).json());
    t.clock.advance(TOKEN_SETTINGS.refreshReuseGraceMs - 1_000);
    const retry = await send(t.app, 'PUT', '/jwt_api/session', { refresh_token: first.refresh_token });
    expect(retry.statusCode).toBe(200);
    const third = SessionResponseSchema.parse(retry.json());
    expect(third.currentUser._id).toBe(maya.id);
    expect(third.currentBrand?.name).toBe('Lumina');
    expect((await send(t.app, 'GET', '/jwt_api/session', undefined, third.jwt)).statusCode).toBe(200);
    // Neither the first rotation's pair nor the retry's is revoked: both windows stay signed in.
    expect((await send(t.app, 'PUT', '/jwt_api/session', { refresh_token: second.refresh_token })).statusCode).toBe(200);
    expect((await send(t.app, 'PUT', '/jwt_api/session', { refresh_token: third.refresh_token })).statusCode).toBe(200);
  });

  it('gives no grace to a spent token once its session was signed out', async () => {
    const first = await signIn(t.app, maya);
    const second = (await send(t.app, 'PUT', '/jwt_api/session', { refresh_token: first.refresh_token })).json();
    expect((await send(t.app, 'POST', '/jwt_api/logout', { refresh_token: second.refresh_token })).statusCode).toBe(200);
    expect((await send(t.app, 'PUT', '/jwt_api/session', { refresh_token: first.refresh_token })).statusCode).toBe(401);
  });

  it('refuses an unknown refresh token and one older than 30 days', async () => {
    expect((await send(t.app, 'PUT', '/jwt_api/session', { refresh_token: 'not-a-token' })).statusCode).toBe(401);
    const { refresh_token } = await signIn(t.app, maya);
    t.clock.advance(30 * 24 * 60 * 60 * 1000 + 1);
    expect((await send(t.app, 'PUT', '/jwt_api/session', { refresh_token })).statusCode).toBe(401);
  });

  it('switches to another own brand: new session, competitors and a jwt carrying bid', async () => {
    const { jwt } = await signIn(t.app, maya);
    const response = await send(t.app, 'PUT', '/jwt_api/session', { brand_id: maya.brandIds[1], brand_name: 'Trailforge' }, jwt);
    expect(response.statusCode).toBe(200);
    const session = SessionResponseSchema.parse(response.json());
    expect(session.currentBrand?.name).toBe('Trailforge');
    expect(session.competitors.map((brand) => brand.name)).toEqual(['Ridge', 'Summit']);
    expect(decodeJwt(session.jwt).bid).toBe(maya.brandIds[1]);
    // The rotated refresh token keeps the chosen brand.
    const refreshed = (await send(t.app, 'PUT', '/jwt_api/session', { refresh_token: session.refresh_token })).json();
    expect(refreshed.currentBrand.name).toBe('Trailforge');
  });

  it('answers 404 when switching to another user\'s brand or to a competitor', async () => {
    const { jwt } = await signIn(t.app, maya);
    expect((await send(t.app, 'PUT', '/jwt_api/session', { brand_id: other.brandIds[0] }, jwt)).statusCode).toBe(404);
    expect((await send(t.app, 'PUT', '/jwt_api/session', { brand_id: maya.competitorIds[0] }, jwt)).statusCode).toBe(404);
  });

  it('refreshes even when the client sends its expired jwt along', async () => {
    const { jwt, refresh_token } = await signIn(t.app, maya);
    t.clock.advance(16 * 60 * 1000);
    const response = await send(t.app, 'PUT', '/jwt_api/session', { refresh_token }, jwt);
    expect(response.statusCode).toBe(200);
  });

  it('answers a brand switch with an expired jwt with the session-expired 401', async () => {
    const { jwt } = await signIn(t.app, maya);
    t.clock.advance(16 * 60 * 1000);
    const response = await send(t.app, 'PUT', '/jwt_api/session', { brand_id: maya.brandIds[1] }, jwt);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(MESSAGES.sessionExpired);
  });

  it('answers 401 to a brand switch without a bearer', async () => {
    expect((await send(t.app, 'PUT', '/jwt_api/session', { brand_id: maya.brandIds[1] })).statusCode).toBe(401);
  });

  it('POST /logout revokes the refresh token', async () => {
    const { refresh_token } = await signIn(t.app, maya);
    expect((await send(t.app, 'POST', '/jwt_api/logout', { refresh_token })).statusCode).toBe(200);
    expect((await send(t.app, 'PUT', '/jwt_api/session', { refresh_token })).statusCode).toBe(401);
  });

  it('ends the access token with its sign-out on every instance: reads, writes and a new change stream are refused at once', async () => {
    // A second instance on the same database, as a team server runs them behind its balancer.
    const other = await buildApp({ sql: t.sql, jwtSecret: t.secret, now: t.clock.now, allowedOrigins: [WEB_ORIGIN] });
    try {
      const signedOut = await signIn(t.app, maya);
      const elsewhere = await signIn(t.app, maya);
      const renewed = SessionResponseSchema.parse((await send(t.app, 'PUT', '/jwt_api/session', { refresh_token: elsewhere.refresh_token })).json());
      const bases = [await t.app.listen({ host: '127.0.0.1', port: 0 }), await other.listen({ host: '127.0.0.1', port: 0 })];
      const streamStatus = async (base: string, jwt: string): Promise<number> => {
        const leave = new AbortController();
        const response = await fetch(`${base}/jwt_api${LIVE_CHANGES_PATH}`, { headers: { authorization: `Bearer ${jwt}` }, signal: leave.signal });
        leave.abort();
        return response.status;
      };
      const answers = async (app: typeof other, base: string, jwt: string) => [
        (await send(app, 'GET', '/jwt_api/session', undefined, jwt)).statusCode,
        (await send(app, 'PUT', '/jwt_api/session', { brand_id: maya.brandIds[1] }, jwt)).statusCode,
        await streamStatus(base, jwt),
      ];
      for (const [i, app] of [t.app, other].entries()) expect(await answers(app, bases[i]!, signedOut.jwt)).toEqual([200, 200, 200]);

      expect((await send(t.app, 'POST', '/jwt_api/logout', { refresh_token: signedOut.refresh_token })).statusCode).toBe(200);
      for (const [i, app] of [t.app, other].entries()) {
        expect(await answers(app, bases[i]!, signedOut.jwt)).toEqual([401, 401, 401]);
        expect((await send(app, 'GET', '/jwt_api/session', undefined, signedOut.jwt)).json().message).toBe(MESSAGES.sessionExpired);
        // The person's other sign-in goes on, and a renewal is not an end: the token it replaced works until it expires.
        expect((await send(app, 'GET', '/jwt_api/session', undefined, renewed.jwt)).statusCode).toBe(200);
        expect((await send(app, 'GET', '/jwt_api/session', undefined, elsewhere.jwt)).statusCode).toBe(200);
      }
    } finally {
      await other.close();
    }
  });

  it('serves 50 concurrent authenticated requests', async () => {
    const { jwt } = await signIn(t.app, maya);
    const responses = await Promise.all(Array.from({ length: 50 }, () => send(t.app, 'GET', '/jwt_api/session', undefined, jwt)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
    expect(new Set(responses.map((response) => response.json().currentUser._id))).toEqual(new Set([maya.id]));
  });
});
