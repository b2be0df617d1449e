import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../../src/server/app';
import { ADDRESS_PROBES_PER_WINDOW } from '../../../../src/shared/constants';
import { REDACTED_SECRET, type OutboxResponse } from '../../../../src/shared/http/outbox.schemas';
import { INVITATIONS_PER_BRAND_PER_DAY, INVITATIONS_PER_MANAGER_PER_HOUR, type InviteResponse, type TeamResponse } from '../../../../src/shared/http/team.schemas';
import { MESSAGES } from '../../../../src/shared/messages';
import { openTestDatabase } from '../support/testEngine';
import { createTestUser, send, signIn, type TestApp } from '../support/testServer';
import { as, invite, linkToken, openLuminaTeam, signUpInvited } from './teamSupport';

let server: TestApp;
let managerJwt: string;
let brandId: string;

beforeEach(async () => void ({ server, managerJwt, brandId } = await openLuminaTeam()));
afterEach(async () => server.close());

const SIGN_UP = { first_name: 'Mallory', last_name: 'Member', password: 'correct-horse-9' };
const signUp = (token: string) => send(server.app, 'POST', `/jwt_api/team/invitations/${token}/sign_up`, SIGN_UP);
const inviteAnswer = (jwt: string, email: string, role: 'manager' | 'member' = 'member') =>
  as(server.app, jwt, 'POST', `/jwt_api/brands/${brandId}/team/invitations`, { email, role });

describe('an invitation link is a credential', () => {
  it("a member reading the brand's outbox finds no live link, and cannot sign up as the manager invited", async () => {
    const member = await signUpInvited(server.app, server.liveMail, await invite(server.app, managerJwt, brandId, 'maya@lumina.test'));
    const shown = (await inviteAnswer(managerJwt, 'new.manager@lumina.test', 'manager')).json() as InviteResponse;
    // The inviter is shown the link once, in the answer.
    const token = linkToken(shown.link);

    const outbox = (await as(server.app, member.jwt, 'GET', '/jwt_api/outbox')).json() as OutboxResponse;
    const mail = outbox.mails.find((kept) => kept.kind === 'invitation' && kept.to === 'new.manager@lumina.test');
    expect(mail?.body).toContain(`join-brand?token=${REDACTED_SECRET}`);
    expect(JSON.stringify(outbox)).not.toContain(token);
    // What the outbox shows is no link at all.
    const fromOutbox = /join-brand\?token=(\S+)/.exec(mail?.body ?? '')?.[1] ?? '';
    expect((await send(server.app, 'GET', `/jwt_api/team/invitations/${encodeURIComponent(fromOutbox)}`)).statusCode).toBeGreaterThanOrEqual(400);
    // The team list shows the invitation without its link either.
    expect(JSON.stringify((await as(server.app, managerJwt, 'GET', `/jwt_api/brands/${brandId}/team`)).json() as TeamResponse)).not.toContain(token);
  });

  it("the request log writes the invitation paths without the link's token", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'reelscope-invite-log-'));
    const database = await openTestDatabase({ dir });
    let written = '';
    const app = await buildApp({ sql: database.sql, jwtSecret: randomBytes(64), dataDir: dir, log: { level: 'info', stream: { write: (line) => void (written += line) } } });
    try {
      const manager = await createTestUser(database.sql, { email: 'owner@log.test', brands: [{ name: 'Logged' }] });
      const { jwt } = await signIn(app, manager);
      const answer = await send(app, 'POST', `/jwt_api/brands/${manager.brandIds[0]}/team/invitations`, { email: 'sam@log.test', role: 'member' }, jwt);
      const token = linkToken((answer.json() as InviteResponse).link);
      await send(app, 'GET', `/jwt_api/team/invitations/${token}`);
      await send(app, 'POST', `/jwt_api/team/invitations/${token}/accept`, undefined, jwt);
      await send(app, 'POST', `/jwt_api/team/invitations/${token}/sign_up`, SIGN_UP);
      expect(written).toContain('/jwt_api/team/invitations/[redacted]/accept');
      expect(written).toContain('/jwt_api/team/invitations/[redacted]/sign_up');
      expect(written).not.toContain(token);
    } finally {
      await app.close();
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('signing up through an invitation tells nothing about the address and makes no account by itself', () => {
  it('answers an existing address exactly as a new one; the account waits for the mailbox, and the inviter’s link stops working', async () => {
    await createTestUser(server.sql, { email: 'sam@rival.test', password: 'sams-own-password', brands: [{ name: 'Rival' }] });
    const known = linkToken(((await inviteAnswer(managerJwt, 'sam@rival.test')).json() as InviteResponse).link);
    const unknown = linkToken(((await inviteAnswer(managerJwt, 'nobody@rival.test')).json() as InviteResponse).link);

    const [forKnown, forUnknown] = [await signUp(known), await signUp(unknown)];
    expect([forKnown.statusCode, forKnown.json()]).toEqual([200, { message: MESSAGES.teamInvitationCheckMailbox }]);
    expect([forUnknown.statusCode, forUnknown.json()]).toEqual([forKnown.statusCode, forKnown.json()]);
    // Neither link the inviter holds works any more, and the team still shows both invitations waiting.
    for (const token of [known, unknown]) expect((await send(server.app, 'GET', `/jwt_api/team/invitations/${token}`)).statusCode).toBe(404);
    const team = (await as(server.app, managerJwt, 'GET', `/jwt_api/brands/${brandId}/team`)).json() as TeamResponse;
    expect(team.invitations.map((invitation) => invitation.email).sort()).toEqual(['nobody@rival.test', 'sam@rival.test']);
    // No account for the new address until its mailbox opens the link; Sam's account keeps its password.
    expect((await send(server.app, 'POST', '/jwt_api/login', { email: 'nobody@rival.test', password: SIGN_UP.password })).json()).toMatchObject({ error_message: MESSAGES.emailNotConnected });
    expect((await send(server.app, 'POST', '/jwt_api/login', { email: 'sam@rival.test', password: 'sams-own-password' })).statusCode).toBe(200);

    // Each mailbox got its own new link: the new address finishes its account, Sam is told to sign in.
    const mailTo = (email: string) => server.liveMail.filter((mail) => mail.to === email).at(-1)?.body ?? '';
    expect(mailTo('sam@rival.test')).toContain('already has a Reelscope account');
    const finished = await send(server.app, 'POST', `/jwt_api/team/invitations/${linkToken(mailTo('nobody@rival.test'))}/finish`);
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json().currentBrand._id).toBe(brandId);
    const samsLink = linkToken(mailTo('sam@rival.test'));
    expect((await send(server.app, 'POST', `/jwt_api/team/invitations/${samsLink}/finish`)).statusCode).toBe(404);
    const sam = await signIn(server.app, { email: 'sam@rival.test', password: 'sams-own-password' });
    expect((await as(server.app, sam.jwt, 'POST', `/jwt_api/team/invitations/${samsLink}/accept`)).statusCode).toBe(200);
  });

  it('refuses an address that differs from an existing account only by a trailing dot or a look-alike letter', async () => {
    await createTestUser(server.sql, { email: 'demo@reelscope.app', brands: [{ name: 'Demo' }] });
    for (const lookalike of ['demo@reelscope.app.', 'd\u0435mo@reelscope.app', 'Demo@Reelscope.app.']) {
      const refused = await signUp(linkToken(((await inviteAnswer(managerJwt, lookalike)).json() as InviteResponse).link));
      expect([refused.statusCode, refused.json().message]).toEqual([409, MESSAGES.teamInvitationLookalike]);
    }
    expect(server.liveMail.filter((mail) => mail.to.includes('reelscope.app'))).toEqual([]);
    // An address that only looks unusual, with no account it imitates, signs up as any other.
    expect((await signUp(linkToken(((await inviteAnswer(managerJwt, 'd\u0435mo@elsewhere.test')).json() as InviteResponse).link))).statusCode).toBe(200);
  });

  it('counts every answer under the client address’s probe limit', async () => {
    await createTestUser(server.sql, { email: 'demo@reelscope.app', brands: [{ name: 'Demo' }] });
    const token = linkToken(((await inviteAnswer(managerJwt, 'demo@reelscope.app.')).json() as InviteResponse).link);
    expect((await signUp(linkToken(((await inviteAnswer(managerJwt, 'fresh@lumina.test')).json() as InviteResponse).link))).statusCode).toBe(200);
    for (let probe = 1; probe < ADDRESS_PROBES_PER_WINDOW; probe += 1) expect((await signUp(token)).statusCode).toBe(409);
    const limited = await signUp(token);
    expect([limited.statusCode, limited.json().message]).toEqual([429, MESSAGES.tooManyAddressAttempts]);
  });
});

describe('invitations are bounded', () => {
  it('per manager in an hour and per brand in a day, with a sentence; withdrawing one does not give it back', async () => {
    for (let n = 0; n < INVITATIONS_PER_MANAGER_PER_HOUR; n += 1) {
      const sent = await inviteAnswer(managerJwt, `person${n}@spam.test`);
      expect(sent.statusCode, sent.body).toBe(200);
      if (n === 0) await as(server.app, managerJwt, 'DELETE', `/jwt_api/brands/${brandId}/team/invitations/${(sent.json() as InviteResponse).invitation._id}`);
    }
    const refused = await inviteAnswer(managerJwt, 'one.more@spam.test');
    expect([refused.statusCode, refused.json().message]).toEqual([429, MESSAGES.teamInvitationsPerManager]);
    const outbox = (await as(server.app, managerJwt, 'GET', '/jwt_api/outbox')).json() as OutboxResponse;
    expect(outbox.mails.filter((mail) => mail.to === 'one.more@spam.test')).toEqual([]);

    let sent = INVITATIONS_PER_MANAGER_PER_HOUR;
    // An access token lasts less than the hours waited: the manager signs in again each time.
    const later = async (ms: number) => {
      server.clock.advance(ms);
      managerJwt = (await signIn(server.app, { email: 'owner@lumina.test', password: 'correct-horse-1' })).jwt;
    };
    while (sent < INVITATIONS_PER_BRAND_PER_DAY) {
      await later(60 * 60_000);
      for (let n = 0; n < INVITATIONS_PER_MANAGER_PER_HOUR && sent < INVITATIONS_PER_BRAND_PER_DAY; n += 1, sent += 1) {
        expect((await inviteAnswer(managerJwt, `later${sent}@spam.test`)).statusCode).toBe(200);
      }
    }
    await later(60 * 60_000);
    const brandFull = await inviteAnswer(managerJwt, 'tomorrow@spam.test');
    expect([brandFull.statusCode, brandFull.json().message]).toEqual([429, MESSAGES.teamInvitationsPerBrand]);
    await later(24 * 60 * 60_000);
    expect((await inviteAnswer(managerJwt, 'tomorrow@spam.test')).statusCode).toBe(200);
  });
});
