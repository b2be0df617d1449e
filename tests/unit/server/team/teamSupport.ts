import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { OutboxResponse } from '../../../../src/shared/http/outbox.schemas';
import { firstValue } from '../support/testEngine';
import { send } from '../support/testServer';
import { openVideoWorkspace, type VideoWorkspace } from '../videos/support/videoWorkspace';

/** A JSON call with a bearer. */
export function as(app: FastifyInstance, jwt: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object): Promise<LightMyRequestResponse> {
  return send(app, method, url, body, jwt);
}

/** Invites `email` to the brand as the manager and answers the link's token, read from the brand's outbox. */
export async function invite(app: FastifyInstance, managerJwt: string, brandId: string, email: string, role: 'manager' | 'member' = 'member'): Promise<string> {
  const response = await as(app, managerJwt, 'POST', `/jwt_api/brands/${brandId}/team/invitations`, { email, role });
  expect(response.statusCode, response.body).toBe(200);
  const outbox = (await as(app, managerJwt, 'GET', '/jwt_api/outbox')).json() as OutboxResponse;
  const mail = outbox.mails.find((kept) => kept.kind === 'invitation' && kept.to === email);
  const token = /join-brand\?token=([A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1];
  if (!token) throw new Error(`no invitation link for ${email} in the outbox`);
  return token;
}

/** Signs up through an invitation link; answers the session body. */
export async function signUpInvited(app: FastifyInstance, token: string, firstName = 'Maya'): Promise<{ jwt: string; refresh_token: string; currentBrand: { _id: string } | null }> {
  const response = await send(app, 'POST', `/jwt_api/team/invitations/${token}/sign_up`, { first_name: firstName, last_name: 'Levi', password: 'correct-horse-2' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Invites `email` as a member and signs them up ('Maya Levi' by default): their jwt and user id. */
export async function joinAsMember(app: FastifyInstance, managerJwt: string, brandId: string, email: string, firstName = 'Maya'): Promise<{ jwt: string; userId: string }> {
  const session = await signUpInvited(app, await invite(app, managerJwt, brandId, email), firstName);
  return { jwt: session.jwt, userId: (session as unknown as { currentUser: { _id: string } }).currentUser._id };
}

/** The seeded demo workspace with Maya Levi joined as a member, and the manager's full name. */
export async function openWorkspaceWithMember(): Promise<{ w: VideoWorkspace; maya: { jwt: string; userId: string }; managerName: string }> {
  const w = await openVideoWorkspace();
  const maya = await joinAsMember(w.app, w.jwt, w.brandId, 'maya@lumina.test');
  const managerName = (await firstValue(w.sql, "SELECT first_name || ' ' || last_name FROM users WHERE id = ?", [w.userId])) as string;
  return { w, maya, managerName };
}
