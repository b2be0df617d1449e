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

/** The invitation link as mailed: the live copy handed to the host when there is one, else the outbox's. */
async function mailedLink(email: string): Promise<string> {
  const response = await as(server.app, managerJwt, 'POST', `/jwt_api/brands/${brandId}/team/invitations`, { email, role: 'member' });
  expect(response.statusCode, response.body).toBe(200);
  const outbox = (await as(server.app, managerJwt, 'GET', '/jwt_api/outbox')).json() as OutboxResponse;
  const bodies = [...server.liveMail.filter((mail) => mail.to === email).map((mail) => mail.body), ...outbox.mails.filter((mail) => mail.to === email).map((mail) => mail.body)];
  const link = bodies.map((body) => /\S*join-brand\?token=[A-Za-z0-9_-]{16,}/.exec(body)?.[0]).find(Boolean);
  if (!link) throw new Error(`no invitation link for ${email}`);
  return link;
}

describe('the invitation link works where it is read', () => {
  it("a team server mails its public address, which hands the token to the desktop app's link", async () => {
    process.env.REELSCOPE_PUBLIC_URL = 'https://team.lumina.test/';
    const link = await mailedLink('maya@lumina.test');
    expect(link).toMatch(/^https:\/\/team\.lumina\.test\/join-brand\?token=[A-Za-z0-9_-]+$/);
    const token = new URL(link).searchParams.get('token') ?? '';

    const opened = await send(server.app, 'GET', `/join-brand?token=${token}`);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(`reelscope://join-brand?token=${token}`);
    // The token it hands on still opens the invitation.
    expect((await send(server.app, 'GET', `/jwt_api/team/invitations/${token}`)).json()).toMatchObject({ brand_name: 'Lumina', email: 'maya@lumina.test' });
    expect((await send(server.app, 'GET', '/join-brand?token=short')).statusCode).toBe(400);
  });

  it("a desktop back end mails the app's own link; a browser reading it is shown the web host's page instead", async () => {
    delete process.env.REELSCOPE_PUBLIC_URL;
    const link = await mailedLink('sam@lumina.test');
    expect(link).toMatch(/^reelscope:\/\/join-brand\?token=[A-Za-z0-9_-]+$/);
    const token = link.split('token=')[1] ?? '';
    const body = `Open this link within 7 days to sign up or sign in: ${link}`;
    expect(joinLinksFor(body, { kind: 'web', origin: 'http://127.0.0.1:5199' })).toBe(`Open this link within 7 days to sign up or sign in: http://127.0.0.1:5199/#/join-brand?token=${token}`);
    expect(joinLinksFor(body, { kind: 'desktop' })).toBe(body);
    expect(joinLinksFor(`See https://team.lumina.test/join-brand?token=${token}.`, { kind: 'desktop' })).toBe(`See reelscope://join-brand?token=${token}.`);
  });
});
