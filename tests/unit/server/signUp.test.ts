import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionResponseSchema } from '../../../src/shared/http/auth.schemas';
import { MESSAGES } from '../../../src/shared/messages';
import { createTestUser, send, startTestApp } from './support/testServer';
import type { TestApp } from './support/testServer';

const form = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', password: 'analytical-1', brand_name: 'Engine Works' };

describe('POST /jwt_api/login/user_sign_up', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp();
  });
  afterEach(() => t.close());

  it('creates a brand manager with the named brand and answers a session', async () => {
    const response = await send(t.app, 'POST', '/jwt_api/login/user_sign_up', form);
    expect(response.statusCode).toBe(200);
    const session = SessionResponseSchema.parse(response.json());
    expect(session.roles).toEqual(['brand_manager']);
    expect(session.currentUser).toMatchObject({ registration_completed: true, email: 'ada@example.com', first_name: 'Ada' });
    expect(session.currentBrand?.name).toBe('Engine Works');
    expect(session.brands).toHaveLength(1);

    const signIn = await send(t.app, 'POST', '/jwt_api/login', { email: form.email, password: form.password });
    expect(signIn.statusCode).toBe(200);
  });

  it('answers 208 when the email already has an account (any letter case)', async () => {
    await createTestUser(t.sql, { email: 'ada@example.com' });
    const response = await send(t.app, 'POST', '/jwt_api/login/user_sign_up', { ...form, email: 'ADA@example.com' });
    expect(response.statusCode).toBe(208);
    expect(response.json()).toEqual({ error_message: MESSAGES.emailAlreadyUsed });
  });

  it('answers 400 with a clear message for an invalid email', async () => {
    const response = await send(t.app, 'POST', '/jwt_api/login/user_sign_up', { ...form, email: 'ada.example.com' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message: 'email: Enter a valid email address.' });
  });

  it('answers 400 naming the field for a too short password', async () => {
    const response = await send(t.app, 'POST', '/jwt_api/login/user_sign_up', { ...form, password: 'short' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('body.password');
  });

  it('lets only one of two simultaneous sign-ups with one email through', async () => {
    const [first, second] = await Promise.all([
      send(t.app, 'POST', '/jwt_api/login/user_sign_up', form),
      send(t.app, 'POST', '/jwt_api/login/user_sign_up', form),
    ]);
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([200, 208]);
  });
});

describe('POST /jwt_api/login/sign_up_with_google', () => {
  it('answers 501 explaining that Google sign-in needs a hosted back end', async () => {
    const t = await startTestApp();
    const response = await send(t.app, 'POST', '/jwt_api/login/sign_up_with_google', { id_token: 'x'.repeat(40) });
    expect(response.statusCode).toBe(501);
    expect(response.json().message).toMatch(/Google sign-in needs a hosted Reelscope back end/);
    await t.close();
  });
});
