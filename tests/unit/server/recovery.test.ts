import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/shared/messages';
import { createTestUser, send, signIn, startTestApp } from './support/testServer';
import type { TestApp, TestUser } from './support/testServer';
import { firstValue } from './support/testEngine';

async function lastMailTo(t: TestApp, email: string): Promise<{ subject: string; body: string } | undefined> {
  return t.sql.get<{ subject: string; body: string }>('SELECT subject, body FROM outbox WHERE to_email = ? ORDER BY id DESC LIMIT 1', [email]);
}

const RESET_LINK = /reelscope:\/\/reset-password\?token=([A-Za-z0-9_-]+)/;

/** The token of the reset link in the mail as the back end handed it to its host (never from the database). */
function resetTokenHandedOver(t: TestApp, email: string): string {
  const mail = t.liveMail.findLast((kept) => kept.to === email && kept.kind === 'password_reset');
  const match = RESET_LINK.exec(mail?.body ?? '');
  if (!match?.[1]) throw new Error('no reset link was handed over');
  return match[1];
}

describe('password recovery', () => {
  let t: TestApp;
  let maya: TestUser;
  beforeEach(async () => {
    t = await startTestApp();
    maya = await createTestUser(t.sql, { email: 'maya@example.com', brands: [{ name: 'Lumina' }] });
  });
  afterEach(() => t.close());

  it('resets the password through the emailed link, once', async () => {
    const before = await signIn(t.app, maya);
    const ask = await send(t.app, 'POST', '/jwt_api/recovery_passwords', { email: maya.email });
    expect(ask.statusCode).toBe(200);
    expect(ask.json().message).toMatch(/reset your password/);
    const token = resetTokenHandedOver(t, maya.email);
    // Only the hash is stored, never the token itself: the kept mail has it redacted.
    expect(JSON.stringify(await t.sql.all('SELECT * FROM password_resets'))).not.toContain(token);
    expect(JSON.stringify(await t.sql.all('SELECT * FROM outbox'))).not.toContain(token);
    expect((await lastMailTo(t, maya.email))?.body).toBe('Open this link within one hour to choose a new password: reelscope://reset-password?token=[redacted]');

    const reset = await send(t.app, 'PUT', '/jwt_api/recovery_passwords', { token, password: 'brand-new-pass-2' });
    expect(reset.statusCode).toBe(200);

    const oldPassword = await send(t.app, 'POST', '/jwt_api/login', { email: maya.email, password: maya.password });
    expect(oldPassword.json()).toEqual({ error_message: MESSAGES.invalidPassword });
    const newPassword = await send(t.app, 'POST', '/jwt_api/login', { email: maya.email, password: 'brand-new-pass-2' });
    expect(newPassword.statusCode).toBe(200);

    // Every device signed in before the reset is signed out.
    const refresh = await send(t.app, 'PUT', '/jwt_api/session', { refresh_token: before.refresh_token });
    expect(refresh.statusCode).toBe(401);

    const reused = await send(t.app, 'PUT', '/jwt_api/recovery_passwords', { token, password: 'another-pass-3' });
    expect(reused.statusCode).toBe(208);
    expect(reused.json()).toEqual({ error_message: MESSAGES.linkInvalidOrExpired });
  });

  it('refuses a link older than one hour', async () => {
    await send(t.app, 'POST', '/jwt_api/recovery_passwords', { email: maya.email });
    const token = resetTokenHandedOver(t, maya.email);
    t.clock.advance(60 * 60 * 1000 + 1);
    const reset = await send(t.app, 'PUT', '/jwt_api/recovery_passwords', { token, password: 'brand-new-pass-2' });
    expect(reset.statusCode).toBe(208);
    expect(reset.json()).toEqual({ error_message: MESSAGES.linkInvalidOrExpired });
  });

  it('refuses an unknown token', async () => {
    const reset = await send(t.app, 'PUT', '/jwt_api/recovery_passwords', { token: 'made-up-token', password: 'brand-new-pass-2' });
    expect(reset.statusCode).toBe(208);
    expect(reset.json()).toEqual({ error_message: MESSAGES.linkInvalidOrExpired });
  });

  it('answers 208 for an email without an account and sends nothing', async () => {
    const ask = await send(t.app, 'POST', '/jwt_api/recovery_passwords', { email: 'nobody@example.com' });
    expect(ask.statusCode).toBe(208);
    expect(ask.json()).toEqual({ error_message: MESSAGES.emailNotConnected });
    expect(await firstValue(t.sql, 'SELECT COUNT(*) AS n FROM outbox')).toBe(0);
  });
});

describe('POST /jwt_api/users/resend_confirmation_email', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp();
  });
  afterEach(() => t.close());

  it('queues a confirmation mail for a known account', async () => {
    const lena = await createTestUser(t.sql, { email: 'lena@example.com', registrationCompleted: false });
    const response = await send(t.app, 'POST', '/jwt_api/users/resend_confirmation_email', { email: lena.email });
    expect(response.statusCode).toBe(200);
    expect((await lastMailTo(t, lena.email))?.subject).toBe('Confirm your Reelscope account');
  });

  it('answers 208 for an unknown email', async () => {
    const response = await send(t.app, 'POST', '/jwt_api/users/resend_confirmation_email', { email: 'nobody@example.com' });
    expect(response.statusCode).toBe(208);
    expect(response.json()).toEqual({ error_message: MESSAGES.emailNotConnected });
  });
});
