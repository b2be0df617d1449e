import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../../src/shared/messages';
import { createTestUser, signIn, startTestApp, type TestApp } from '../support/testServer';
import { invite, signUpInvited } from './teamSupport';

/**
 * The roles on every route that changes the team, the brand's keys or its data (issue 29), generated from
 * /openapi.json: each bearer operation that writes (and each read of the team or the keys) × each role. The rule of
 * what only a manager may do is written here, apart from the routes: the team and the API key of a brand, and
 * deleting its data for good (a DELETE that is not a move to the trash, and the permanent deletes of trashed videos and
 * products). A route added later falls under the rule without being listed.
 */
const MANAGER_ONLY = (method: string, path: string): boolean =>
  /^\/jwt_api\/brands\/\{id\}\/(team|api_key)(\/|$)/.test(path)
  || (method === 'DELETE' && !/trash/.test(path))
  || /\/(delete_videos|removed_on_dashboard)$/.test(path);

interface Operation {
  method: string;
  path: string;
  role: string | undefined;
}

let server: TestApp;
let operations: Operation[];
const jwts: Record<'manager' | 'member', string> = { manager: '', member: '' };
const userIds: Record<'manager' | 'member', string> = { manager: '', member: '' };
let brandId = '';

beforeAll(async () => {
  server = await startTestApp();
  const manager = await createTestUser(server.sql, { email: 'owner@lumina.test', brands: [{ name: 'Lumina' }] });
  brandId = manager.brandIds[0] ?? '';
  jwts.manager = (await signIn(server.app, manager)).jwt;
  userIds.manager = manager.id;
  const member = await signUpInvited(server.app, server.liveMail, await invite(server.app, jwts.manager, brandId, 'maya@lumina.test'));
  jwts.member = member.jwt;
  userIds.member = (member as unknown as { currentUser: { _id: string } }).currentUser._id;
  const document = (await server.app.inject({ url: '/openapi.json' })).json() as { paths: Record<string, Record<string, { security?: unknown[]; 'x-reelscope-role'?: string }>> };
  operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod)
      .filter(([method, operation]) => JSON.stringify(operation.security ?? []).includes('bearer') && (method !== 'get' || MANAGER_ONLY('GET', path)))
      .map(([method, operation]) => ({ method: method.toUpperCase(), path, role: operation['x-reelscope-role'] })),
  );
}, 120_000);
afterAll(async () => server.close());

/** A call of the operation by the role: path ids filled (the brand's own where the path names a brand), identity sent along. */
function call(operation: Operation, role: 'manager' | 'member') {
  const url = operation.path.replace(/^\/jwt_api\/brands\/\{id\}/, `/jwt_api/brands/${brandId}`).replace(/\{[^}]+\}/g, 'no-such-id');
  const identity = { brand_id: brandId, user_id: userIds[role] };
  return server.app.inject({
    method: operation.method as 'POST',
    url: `${url}?${new URLSearchParams(identity).toString()}`,
    headers: { authorization: `Bearer ${jwts[role]}` },
    ...(operation.method === 'GET' || operation.method === 'DELETE' ? {} : { payload: identity }),
  });
}

describe('roles on every route that changes the team, keys or data (generated from /openapi.json)', () => {
  it('covers the routes the rule names', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.filter((operation) => MANAGER_ONLY(operation.method, operation.path)).map((operation) => `${operation.method} ${operation.path}`)).toEqual(
      expect.arrayContaining(['POST /jwt_api/brands/{id}/team/invitations', 'POST /jwt_api/brands/{id}/api_key/rotate', 'POST /jwt_api/videos/delete_videos']),
    );
  });

  it('each route × each role: a member is refused exactly the manager-only routes with 403 and the sentence; a manager never', async () => {
    const table: string[] = [];
    const expected: string[] = [];
    // Members first: a manager's call may change what a member's would meet, never the other way round here.
    for (const role of ['member', 'manager'] as const) {
      for (const operation of operations) {
        const response = await call(operation, role);
        const refused = response.statusCode === 403 && (response.json() as { message?: string }).message === MESSAGES.teamManagerOnly;
        const name = `${role} ${operation.method} ${operation.path}`;
        table.push(`${name} → ${refused ? '403' : 'allowed'}`);
        expected.push(`${name} → ${role === 'member' && MANAGER_ONLY(operation.method, operation.path) ? '403' : 'allowed'}`);
      }
    }
    expect(table).toEqual(expected);
  });

  it('the OpenAPI document says which routes are manager-only, as the rule does', () => {
    const documented = operations.map((operation) => `${operation.method} ${operation.path} ${operation.role ?? '?'}`);
    expect(documented).toEqual(operations.map((operation) => `${operation.method} ${operation.path} ${MANAGER_ONLY(operation.method, operation.path) ? 'manager' : 'member'}`));
  });
});
