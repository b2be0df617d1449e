import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionResponseSchema } from '../../../src/shared/http/auth.schemas';
import { REDACTED_SECRET } from '../../../src/shared/http/outbox.schemas';
import { MESSAGES } from '../../../src/shared/messages';
import { TOKEN_SETTINGS } from '../../../src/server/auth/tokenSettings';
import { CONFIRM_EMAIL_LINK } from '../../../src/server/routes/main/auth/confirmation.routes';
import { createTestUser, send, signIn, startTestApp } from './support/testServer';
import type { TestApp } from './support/testServer';

/** Issue 26 item 32: the resent confirmation mail carries a link, and the link completes the registration. */
describe('email confirmation link', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp();
  });
  afterEach(() => t.close());

  async function outbox(email: string) {
    return (await t.sql.all('SELECT subject, body FROM outbox WHERE to_email = ? ORDER BY id', [email])) as { subject: string; body: string }[];
  }

  /** The token of the confirmation link in the newest mail to `email` as handed over live (the kept copy is redacted). */
  function linkToken(email: string): string {
    const body = t.liveMail.filter((mail) => mail.to === email).at(-1)?.body ?? '';
    const at = body.indexOf(CONFIRM_EMAIL_LINK);
    if (at < 0) throw new Error(`no confirmation link in: ${body}`);
    return body.slice(at + CONFIRM_EMAIL_LINK.length).split(/\s/)[0] ?? '';
  }

  const confirm = (token: string) => send(t.app, 'PUT', '/jwt_api/users/confirm_email', { token });
  const resend = (email: string) => send(t.app, 'POST', '/jwt_api/users/resend_confirmation_email', { email });

  it('puts a confirmation link in the resent mail; opening it lets the account sign in', async () => {
    const lena = await createTestUser(t.sql, { email: 'lena@example.com', registrationCompleted: false });
    expect((await send(t.app, 'POST', '/jwt_api/login', { email: lena.email, password: lena.password })).statusCode).toBe(403);

    expect((await resend(lena.email)).statusCode).toBe(200);
    const [mail] = await outbox(lena.email);
    expect(mail?.subject).toBe('Confirm your Reelscope account');
    expect(mail?.body).toContain(`${CONFIRM_EMAIL_LINK}${REDACTED_SECRET}`);

    const confirmed = await confirm(linkToken(lena.email));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: 'Your email address is confirmed. You can sign in now.' });
    const session = SessionResponseSchema.parse(await signIn(t.app, lena));
    expect(session.currentUser.registration_completed).toBe(true);
  });

  it('refuses a forged, an expired and an access-token link with the invalid-link message', async () => {
    const lena = await createTestUser(t.sql, { email: 'lena@example.com', registrationCompleted: false });
    const other = await createTestUser(t.sql, { email: 'other@example.com' });
    await resend(lena.email);
    const token = linkToken(lena.email);
    const { jwt } = await signIn(t.app, other);
    for (const bad of [`${token.slice(0, -2)}xx`, jwt, 'not-a-token']) {
      const answer = await confirm(bad);
      expect(answer.statusCode).toBe(208);
      expect(answer.json()).toEqual({ error_message: MESSAGES.linkInvalidOrExpired });
    }
    t.clock.advance(TOKEN_SETTINGS.emailConfirmationTtlMs + 1000);
    expect((await confirm(token)).json()).toEqual({ error_message: MESSAGES.linkInvalidOrExpired });
    expect((await send(t.app, 'POST', '/jwt_api/login', { email: lena.email, password: lena.password })).statusCode).toBe(403);
  });

  it('sends no mail to an account that is already confirmed, and says so', async () => {
    const maya = await createTestUser(t.sql, { email: 'maya@example.com' });
    const answer = await resend(maya.email);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: 'Your email address is already confirmed. You can sign in.' });
    expect(await outbox(maya.email)).toEqual([]);
  });
});
