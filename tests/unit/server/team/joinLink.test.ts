import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OutboxResponse } from '../../../../src/shared/http/outbox.schemas';
import { joinLinksFor } from '../../../../src/shared/joinBrandLink';
import { createTestUser, send, signIn, startTestApp, type TestApp } from '../support/testServer';
import { as } from './teamSupport';

let server: TestApp;
let managerJwt: string;
let brandId: string;
const before = process.env.REELSCOPE_PUBLIC_URL;

beforeEach(async () => {
  server = await startTestApp();
  const manager = await createTestUser(server.sql, { email: 'owner@lumina.test', brands: [{ name: 'Lumina' }] });
  brandId = manager.brandIds[0] ?? '';
  managerJwt = (await signIn(server.app, manager)).jwt;
});
afterEach(async () => {
  if (before === undefined) delete process.env.REELSCOPE_PUBLIC_URL;
  else process.env.REELSCOPE_PUBLIC_URL = before;
  await server.close();
});

/**
 * An invitation to `email`: the link as the outbox keeps the mail (its token redacted: the link is a credential) and
 * the live token, which only the inviter's answer carries.
 */
async function invited(email: string): Promise<{ mailed: string; token: string }> {
  const response = await as(server.app, managerJwt, 'POST', `/jwt_api/brands/${brandId}/team/invitations`, { email, role: 'member' });
  expect(response.statusCode, response.body).toBe(200);
  const token = new URL((response.json() as { link: string }).link.replace('reelscope://', 'https://app/')).searchParams.get('token') ?? '';
  expect(token.length).toBeGreaterThanOrEqual(16);
  const outbox = (await as(server.app, managerJwt, 'GET', '/jwt_api/outbox')).json() as OutboxResponse;
  const mailed = outbox.mails.filter((mail) => mail.to === email).map((mail) => /\S*join-brand\?token=\[redacted\]/.exec(mail.body)?.[0]).find(Boolean);
  if (!mailed) throw new Error(`no invitation link for ${email}`);
  return { mailed, token };
}

describe('the invitation link works where it is read', () => {
  it("a team server mails its public address, which hands the token to the desktop app's link", async () => {
    process.env.REELSCOPE_PUBLIC_URL = 'https://team.lumina.test/';
    const { mailed, token } = await invited('maya@lumina.test');
    expect(mailed).toBe('https://team.lumina.test/join-brand?token=[redacted]');

    const opened = await send(server.app, 'GET', `/join-brand?token=${token}`);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(`reelscope://join-brand?token=${token}`);
    // The token it hands on still opens the invitation.
    expect((await send(server.app, 'GET', `/jwt_api/team/invitations/${token}`)).json()).toMatchObject({ brand_name: 'Lumina', email: 'maya@lumina.test' });
    expect((await send(server.app, 'GET', '/join-brand?token=short')).statusCode).toBe(400);
  });

  it("a desktop back end mails the app's own link; a browser reading it is shown the web host's page instead", async () => {
    delete process.env.REELSCOPE_PUBLIC_URL;
    const { mailed, token } = await invited('sam@lumina.test');
    expect(mailed).toBe('reelscope://join-brand?token=[redacted]');
    const link = `reelscope://join-brand?token=${token}`;
    const body = `Open this link within 7 days to sign up or sign in: ${link}`;
    expect(joinLinksFor(body, { kind: 'web', origin: 'http://127.0.0.1:5199' })).toBe(`Open this link within 7 days to sign up or sign in: http://127.0.0.1:5199/#/join-brand?token=${token}`);
    expect(joinLinksFor(body, { kind: 'desktop' })).toBe(body);
    expect(joinLinksFor(`See https://team.lumina.test/join-brand?token=${token}.`, { kind: 'desktop' })).toBe(`See reelscope://join-brand?token=${token}.`);
  });
});
