import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INVITATION_TTL_MS, type InviteResponse, type TeamResponse } from '../../../../src/shared/http/team.schemas';
import { MESSAGES } from '../../../../src/shared/messages';
import { createTestUser, send, signIn, type TestApp } from '../support/testServer';
import { as, invite, linkToken, openLuminaTeam, signUpInvited } from './teamSupport';

let server: TestApp;
let managerJwt: string;
let brandId: string;

beforeEach(async () => void ({ server, managerJwt, brandId } = await openLuminaTeam()));
afterEach(async () => server.close());

const team = async (): Promise<TeamResponse> => (await as(server.app, managerJwt, 'GET', `/jwt_api/brands/${brandId}/team`)).json();

describe('inviting a teammate (issue 29)', () => {
  it('the link shown to the inviter signs a new person up into the brand as a member, finished from their mailbox; the manager sees them with their activity', async () => {
    const token = await invite(server.app, managerJwt, brandId, 'maya@lumina.test');
    const preview = await send(server.app, 'GET', `/jwt_api/team/invitations/${token}`);
    expect(preview.json()).toEqual({ brand_name: 'Lumina', email: 'maya@lumina.test', role: 'member', invited_by: 'Olga User', sign_up_pending: false });
    expect((await team()).invitations.map((invitation) => invitation.email)).toEqual(['maya@lumina.test']);

    const session = await signUpInvited(server.app, server.liveMail, token);
    expect(session.currentBrand?._id).toBe(brandId);
    expect((await as(server.app, session.jwt, 'GET', `/jwt_api/brands/${brandId}/role`)).json()).toEqual({ role: 'member' });

    const after = await team();
    expect(after.invitations).toEqual([]);
    const maya = after.members.find((member) => member.email === 'maya@lumina.test');
    expect(maya).toMatchObject({ name: 'Maya Levi', role: 'member', joined_at: server.clock.now().toISOString() });
    expect(maya?.last_active_at).not.toBeNull();
    expect(after.members.find((member) => member.email === 'owner@lumina.test')?.role).toBe('manager');
  });

  it('a used link says so in one sentence, an expired one too, and an unknown one is not valid', async () => {
    await signUpInvited(server.app, server.liveMail, await invite(server.app, managerJwt, brandId, 'once@lumina.test'));
    // The link mailed to the address, once it has made the account.
    const token = linkToken(...server.liveMail.map((mail) => mail.body));
    const reused = await send(server.app, 'POST', `/jwt_api/team/invitations/${token}/sign_up`, { first_name: 'A', last_name: 'B', password: 'correct-horse-3' });
    expect([reused.statusCode, reused.json().message]).toEqual([410, MESSAGES.teamInvitationUsed]);
    expect((await send(server.app, 'GET', `/jwt_api/team/invitations/${token}`)).json().message).toBe(MESSAGES.teamInvitationUsed);

    const late = await invite(server.app, managerJwt, brandId, 'late@lumina.test');
    server.clock.advance(INVITATION_TTL_MS);
    const expired = await send(server.app, 'POST', `/jwt_api/team/invitations/${late}/sign_up`, { first_name: 'A', last_name: 'B', password: 'correct-horse-3' });
    expect([expired.statusCode, expired.json().message]).toEqual([410, MESSAGES.teamInvitationExpired]);

    const unknown = await send(server.app, 'GET', `/jwt_api/team/invitations/${'x'.repeat(43)}`);
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, MESSAGES.teamInvitationInvalid]);
  });

  it("inviting another brand's user answers exactly as inviting an unknown address; that person accepts signed in and lands in the brand", async () => {
    const elsewhere = await createTestUser(server.sql, { email: 'sam@rival.test', firstName: 'Sam', brands: [{ name: 'Rival' }] });
    const known = await as(server.app, managerJwt, 'POST', `/jwt_api/brands/${brandId}/team/invitations`, { email: 'sam@rival.test', role: 'member' });
    const unknown = await as(server.app, managerJwt, 'POST', `/jwt_api/brands/${brandId}/team/invitations`, { email: 'nobody@rival.test', role: 'member' });
    const shape = (body: { message: string; invitation: Record<string, unknown> }) => ({ message: body.message, keys: Object.keys(body.invitation).sort() });
    expect([known.statusCode, shape(known.json())]).toEqual([unknown.statusCode, shape(unknown.json())]);
    expect(JSON.stringify(known.json())).not.toMatch(/Sam|Rival/);

    const token = linkToken((known.json() as InviteResponse).link);
    const sam = await signIn(server.app, elsewhere);
    // Someone signed in with another address cannot take the invitation.
    const stranger = await signIn(server.app, await createTestUser(server.sql, { email: 'eve@else.test', brands: [{ name: 'Else' }] }));
    const refused = await as(server.app, stranger.jwt, 'POST', `/jwt_api/team/invitations/${token}/accept`);
    expect([refused.statusCode, refused.json().message]).toEqual([403, MESSAGES.teamInvitationOtherEmail]);

    const accepted = await as(server.app, sam.jwt, 'POST', `/jwt_api/team/invitations/${token}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().currentBrand._id).toBe(brandId);
    expect(accepted.json().brands.map((brand: { name: string }) => brand.name).sort()).toEqual(['Lumina', 'Rival']);
  });

  it('a member is refused the team with a sentence; made a manager they see it; the last manager cannot step down', async () => {
    const member = await signUpInvited(server.app, server.liveMail, await invite(server.app, managerJwt, brandId, 'maya@lumina.test'));
    const refused = await as(server.app, member.jwt, 'GET', `/jwt_api/brands/${brandId}/team`);
    expect([refused.statusCode, refused.json().message]).toEqual([403, MESSAGES.teamManagerOnly]);
    const mayaId = (await team()).members.find((person) => person.email === 'maya@lumina.test')?._id ?? '';
    const promoted = await as(server.app, managerJwt, 'PUT', `/jwt_api/brands/${brandId}/team/members/${mayaId}`, { role: 'manager' });
    expect(promoted.json()).toMatchObject({ role: 'manager' });
    expect((await as(server.app, member.jwt, 'GET', `/jwt_api/brands/${brandId}/team`)).statusCode).toBe(200);

    await as(server.app, member.jwt, 'PUT', `/jwt_api/brands/${brandId}/team/members/${mayaId}`, { role: 'member' });
    const ownerId = (await team()).members.find((person) => person.email === 'owner@lumina.test')?._id ?? '';
    const last = await as(server.app, managerJwt, 'PUT', `/jwt_api/brands/${brandId}/team/members/${ownerId}`, { role: 'member' });
    expect([last.statusCode, last.json().message]).toEqual([409, MESSAGES.teamLastManager]);
  });

  it('a removed teammate is cut off at once: their access token, their refresh token and the team list', async () => {
    const member = await signUpInvited(server.app, server.liveMail, await invite(server.app, managerJwt, brandId, 'maya@lumina.test'));
    expect((await as(server.app, member.jwt, 'GET', `/jwt_api/brands/${brandId}/role`)).statusCode).toBe(200);
    const mayaId = (await team()).members.find((person) => person.email === 'maya@lumina.test')?._id ?? '';
    expect((await as(server.app, managerJwt, 'DELETE', `/jwt_api/brands/${brandId}/team/members/${mayaId}`)).statusCode).toBe(200);

    const after = await as(server.app, member.jwt, 'GET', `/jwt_api/brands/${brandId}/role`);
    expect([after.statusCode, after.json().message]).toEqual([401, MESSAGES.teamRemoved]);
    expect((await send(server.app, 'PUT', '/jwt_api/session', { refresh_token: member.refresh_token })).statusCode).toBe(401);
    expect((await team()).members.map((person) => person.email)).toEqual(['owner@lumina.test']);
  });
});
