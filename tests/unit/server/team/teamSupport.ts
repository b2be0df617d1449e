import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { LiveMail } from '../../../../src/shared/http/outbox.schemas';
import type { InviteResponse } from '../../../../src/shared/http/team.schemas';
import { firstValue } from '../support/testEngine';
import { createTestUser, send, signIn, startTestApp, type TestApp } from '../support/testServer';
import { openVideoWorkspace, type VideoWorkspace } from '../videos/support/videoWorkspace';

/** A JSON call with a bearer. */
export function as(app: FastifyInstance, jwt: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object): Promise<LightMyRequestResponse> {
  return send(app, method, url, body, jwt);
}

/** The token of the newest invitation link among `text`s (a mail body, the link the Team screen shows). */
export function linkToken(...texts: string[]): string {
  const token = texts.map((text) => /join-brand\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1]).filter((found) => found !== undefined).at(-1);
  if (!token) throw new Error(`no invitation link in ${JSON.stringify(texts)}`);
  return token;
}

/** Invites `email` to the brand as the manager and answers the link's token, as the answer shows it to the inviter once. */
export async function invite(app: FastifyInstance, managerJwt: string, brandId: string, email: string, role: 'manager' | 'member' = 'member'): Promise<string> {
  const response = await as(app, managerJwt, 'POST', `/jwt_api/brands/${brandId}/team/invitations`, { email, role });
  expect(response.statusCode, response.body).toBe(200);
  return linkToken((response.json() as InviteResponse).link);
}

/**
 * Signs up through an invitation link and finishes with the link then mailed to the invited address (read from the
 * mail the back end hands over live, `mailbox`); answers the session body.
 */
export async function signUpInvited(app: FastifyInstance, mailbox: readonly LiveMail[], token: string, firstName = 'Maya'): Promise<{ jwt: string; refresh_token: string; currentBrand: { _id: string } | null }> {
  const asked = await send(app, 'POST', `/jwt_api/team/invitations/${token}/sign_up`, { first_name: firstName, last_name: 'Levi', password: 'correct-horse-2' });
  expect(asked.statusCode, asked.body).toBe(200);
  const response = await send(app, 'POST', `/jwt_api/team/invitations/${linkToken(...mailbox.map((mail) => mail.body))}/finish`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A fresh back end with the brand Lumina and its manager Olga (owner@lumina.test, signed in). */
export async function openLuminaTeam(): Promise<{ server: TestApp; managerJwt: string; brandId: string }> {
  const server = await startTestApp();
  const manager = await createTestUser(server.sql, { email: 'owner@lumina.test', firstName: 'Olga', brands: [{ name: 'Lumina' }] });
  return { server, managerJwt: (await signIn(server.app, manager)).jwt, brandId: manager.brandIds[0] ?? '' };
}

/** Invites `email` as a member and signs them up from the mailed link ('Maya Levi' by default): their jwt and user id. */
export async function joinAsMember(app: FastifyInstance, mailbox: readonly LiveMail[], managerJwt: string, brandId: string, email: string, firstName = 'Maya'): Promise<{ jwt: string; userId: string }> {
  const session = await signUpInvited(app, mailbox, await invite(app, managerJwt, brandId, email), firstName);
  return { jwt: session.jwt, userId: (session as unknown as { currentUser: { _id: string } }).currentUser._id };
}

/** The seeded demo workspace with Maya Levi joined as a member, the manager's full name, and the mail it handed on live. */
export async function openWorkspaceWithMember(): Promise<{ w: VideoWorkspace; maya: { jwt: string; userId: string }; managerName: string; mailbox: LiveMail[] }> {
  const mailbox: LiveMail[] = [];
  const w = await openVideoWorkspace(0.3, { onLiveMail: (mail) => mailbox.push(mail) });
  const maya = await joinAsMember(w.app, mailbox, w.jwt, w.brandId, 'maya@lumina.test');
  const managerName = (await firstValue(w.sql, "SELECT first_name || ' ' || last_name FROM users WHERE id = ?", [w.userId])) as string;
  return { w, maya, managerName, mailbox };
}
