import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionResponseSchema } from '../../../src/shared/http/auth.schemas';
import { MESSAGES } from '../../../src/shared/messages';
import { REGISTRATION_INCOMPLETE_CODE, ROLE_VIP_INFLUENCER } from '../../../src/shared/constants';
import { createTestUser, send, signIn, startTestApp } from './support/testServer';
import type { TestApp, TestUser } from './support/testServer';

describe('POST /jwt_api/login', () => {
  let t: TestApp;
  let maya: TestUser;

  beforeEach(async () => {
    t = await startTestApp();
    maya = await createTestUser(t.sql, {
      email: 'maya@example.com',
      firstName: 'Maya',
      brands: [
        { name: 'Lumina', competitors: ['Glow Co', 'Radiant'] },
        { name: 'Trailforge', competitors: ['Summit'] },
      ],
    });
  });
  afterEach(() => t.close());

  it('answers the full session with tokens for a brand manager', async () => {
    const response = await send(t.app, 'POST', '/jwt_api/login', { email: 'maya@example.com', password: maya.password });
    expect(response.statusCode).toBe(200);
    const session = SessionResponseSchema.parse(response.json());
    expect(session.currentUser).toEqual({ _id: maya.id, registration_completed: true, email: 'maya@example.com', first_name: 'Maya', last_name: 'User' });
    expect(session.roles).toEqual(['brand_manager']);
    expect(session.brands.map((brand) => brand.name)).toEqual(['Lumina', 'Trailforge']);
    expect(session.currentBrand?.name).toBe('Lumina');
    expect(session.competitors.map((brand) => brand.name)).toEqual(['Glow Co', 'Radiant']);
    expect(session.jwt.split('.')).toHaveLength(3);
    expect(session.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.expires_in).toBe(900);
    expect(session.lastSignInAt).toBe(t.clock.now().toISOString());
  });

  it('matches the email case-insensitively and records the sign-in time', async () => {
    const response = await send(t.app, 'POST', '/jwt_api/login', { email: 'MAYA@Example.com', password: maya.password });
    expect(response.statusCode).toBe(200);
    const row = (await t.sql.get('SELECT last_sign_in_at FROM users WHERE id = ?', [maya.id])) as { last_sign_in_at: string };
    expect(row.last_sign_in_at).toBe(t.clock.now().toISOString());
  });

  it('answers 208 with the spec message for an unknown email', async () => {
    const response = await send(t.app, 'POST', '/jwt_api/login', { email: 'nobody@example.com', password: 'whatever-1' });
    expect(response.statusCode).toBe(208);
    expect(response.json()).toEqual({ error_message: MESSAGES.emailNotConnected });
  });

  it('answers 208 Invalid password. for a wrong password', async () => {
    const response = await send(t.app, 'POST', '/jwt_api/login', { email: 'maya@example.com', password: 'wrong-password' });
    expect(response.statusCode).toBe(208);
    expect(response.json()).toEqual({ error_message: MESSAGES.invalidPassword });
  });

  it('answers 208 Invalid Credentials when the email is not an email', async () => {
    const response = await send(t.app, 'POST', '/jwt_api/login', { email: 'maya-at-example', password: maya.password });
    expect(response.statusCode).toBe(208);
    expect(response.json()).toEqual({ error_message: MESSAGES.invalidCredentials });
  });

  it('refuses a vip_influencer with 403 and no tokens', async () => {
    const creator = await createTestUser(t.sql, { email: 'creator@example.com', roles: [ROLE_VIP_INFLUENCER] });
    const response = await send(t.app, 'POST', '/jwt_api/login', { email: creator.email, password: creator.password });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: MESSAGES.vipRefused, code: 'vip_influencer' });
    expect(response.body).not.toContain('jwt');
    const tokens = (await t.sql.get('SELECT COUNT(*) AS n FROM refresh_tokens WHERE user_id = ?', [creator.id])) as { n: number };
    expect(tokens.n).toBe(0);
  });

  it('refuses a user whose registration is not completed with 403 and no tokens, as it refuses a vip_influencer', async () => {
    const lena = await createTestUser(t.sql, { email: 'lena@example.com', registrationCompleted: false, brands: [{ name: 'Nordlicht' }] });
    const response = await send(t.app, 'POST', '/jwt_api/login', { email: lena.email, password: lena.password });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: MESSAGES.registrationIncomplete, code: REGISTRATION_INCOMPLETE_CODE });
    expect(response.body).not.toContain('jwt');
    const tokens = (await t.sql.get('SELECT COUNT(*) AS n FROM refresh_tokens WHERE user_id = ?', [lena.id])) as { n: number };
    expect(tokens.n).toBe(0);
  });

  it('stops honouring the tokens of an account whose registration is no longer completed', async () => {
    const session = await signIn(t.app, { email: 'maya@example.com', password: maya.password });
    await t.sql.run('UPDATE users SET registration_completed = 0 WHERE id = ?', [maya.id]);
    const read = await send(t.app, 'GET', '/jwt_api/session', undefined, session.jwt);
    expect(read.statusCode).toBe(403);
    expect(read.json().code).toBe(REGISTRATION_INCOMPLETE_CODE);
    const videos = await send(t.app, 'GET', `/jwt_api/videos?brand_id=${maya.brandIds[0]}`, undefined, session.jwt);
    expect(videos.statusCode).toBe(403);
    const refreshed = await send(t.app, 'PUT', '/jwt_api/session', { refresh_token: session.refresh_token });
    expect(refreshed.statusCode).toBe(403);
    expect(refreshed.body).not.toContain('jwt');
  });

  it('answers 400 naming the field when the password is missing', async () => {
    const response = await send(t.app, 'POST', '/jwt_api/login', { email: 'maya@example.com' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('body.password');
  });

  describe('failed-attempt limit', () => {
    const fail = () => send(t.app, 'POST', '/jwt_api/login', { email: 'maya@example.com', password: 'wrong-password' });

    it('answers 429 to the 6th attempt after 5 failures in a minute, even with the right password', async () => {
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        expect((await fail()).statusCode).toBe(208);
        t.clock.advance(5_000);
      }
      const sixth = await send(t.app, 'POST', '/jwt_api/login', { email: 'maya@example.com', password: maya.password });
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().message).toBe(MESSAGES.tooManyAttempts);
    });

    it('lets the client try again once the oldest failure leaves the 60 s window', async () => {
      for (let attempt = 1; attempt <= 5; attempt += 1) await fail();
      t.clock.advance(60_001);
      const next = await send(t.app, 'POST', '/jwt_api/login', { email: 'maya@example.com', password: maya.password });
      expect(next.statusCode).toBe(200);
    });

    it('counts failures per client address', async () => {
      for (let attempt = 1; attempt <= 5; attempt += 1) await fail();
      const other = await t.app.inject({
        method: 'POST',
        url: '/jwt_api/login',
        remoteAddress: '127.0.0.2',
        payload: { email: 'maya@example.com', password: maya.password },
      });
      expect(other.statusCode).toBe(200);
    });

    it('counts failures per account, whatever the case of the email', async () => {
      for (let attempt = 1; attempt <= 5; attempt += 1) await fail();
      const sameAccount = await send(t.app, 'POST', '/jwt_api/login', { email: ' MAYA@example.com ', password: maya.password });
      expect(sameAccount.statusCode).toBe(429);
      const ana = await createTestUser(t.sql, { email: 'ana@example.com', brands: [{ name: 'Trailforge' }] });
      const otherAccount = await send(t.app, 'POST', '/jwt_api/login', { email: ana.email, password: ana.password });
      expect(otherAccount.statusCode).toBe(200);
    });

    it('does not count successful sign-ins', async () => {
      for (let attempt = 1; attempt <= 4; attempt += 1) await fail();
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        expect((await send(t.app, 'POST', '/jwt_api/login', { email: 'maya@example.com', password: maya.password })).statusCode).toBe(200);
      }
    });
  });
});
