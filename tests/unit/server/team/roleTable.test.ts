import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATE_CONVERSATION, DELETE_CONVERSATION, GET_CONVERSATIONS } from '../../../../src/shared/assistant/operations';
import { METRICS_KEY_HEADER } from '../../../../src/shared/http/widgets.schemas';
import { MESSAGES } from '../../../../src/shared/messages';
import { createTestUser, signIn, startTestApp, type TestApp } from '../support/testServer';
import { multipartBody } from '../uploads/support/multipart';
import { as, invite, signUpInvited } from './teamSupport';

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
  || /\/(delete_videos|removed_on_dashboard)$/.test(path)
  // How the brand's speech is transcribed (a service sees its audio) is the managers' choice.
  || (method === 'PUT' && path === '/jwt_api/settings/analysis');

interface Operation {
  method: string;
  path: string;
  role: string | undefined;
}

let server: TestApp;
let operations: Operation[];
/** The operations of the metrics API and the gateway, called with a key instead of a bearer. */
let keyOperations: Operation[];
const jwts: Record<'manager' | 'member', string> = { manager: '', member: '' };
const userIds: Record<'manager' | 'member', string> = { manager: '', member: '' };
let brandId = '';
/** Another account's brand, where the member of Lumina is a manager: anyone can have one (sign up, or be invited). */
let otherBrandId = '';
const appKeys: Record<'manager' | 'member', string> = { manager: '', member: '' };

beforeAll(async () => {
  server = await startTestApp();
  const manager = await createTestUser(server.sql, { email: 'owner@lumina.test', brands: [{ name: 'Lumina' }] });
  brandId = manager.brandIds[0] ?? '';
  jwts.manager = (await signIn(server.app, manager)).jwt;
  userIds.manager = manager.id;
  const member = await signUpInvited(server.app, server.liveMail, await invite(server.app, jwts.manager, brandId, 'maya@lumina.test'));
  jwts.member = member.jwt;
  userIds.member = (member as unknown as { currentUser: { _id: string } }).currentUser._id;
  const other = await createTestUser(server.sql, { email: 'owner@nimbus.test', brands: [{ name: 'Nimbus' }] });
  otherBrandId = other.brandIds[0] ?? '';
  await server.sql.run("INSERT INTO brand_members (user_id, brand_id, role) VALUES (?, ?, 'manager')", [userIds.member, otherBrandId]);
  for (const role of ['manager', 'member'] as const) {
    const issued = await as(server.app, jwts[role], 'POST', `/jwt_api/brands/${brandId}/app_key`, {});
    expect(issued.statusCode, issued.body).toBe(200);
    appKeys[role] = (issued.json() as { app_key: string }).app_key;
  }
  const document = (await server.app.inject({ url: '/openapi.json' })).json() as { paths: Record<string, Record<string, { security?: unknown[]; 'x-reelscope-role'?: string }>> };
  const secured = (scheme: string, keep: (method: string, path: string) => boolean) => Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod)
      .filter(([method, operation]) => JSON.stringify(operation.security ?? []).includes(scheme) && keep(method, path))
      .map(([method, operation]) => ({ method: method.toUpperCase(), path, role: operation['x-reelscope-role'] })),
  );
  operations = secured('bearer', (method, path) => method !== 'get' || MANAGER_ONLY('GET', path));
  keyOperations = secured('apiKey', () => true);
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

/**
 * The same operation called by the member of Lumina who manages Nimbus, naming the two brands in two places: Nimbus
 * where the role check used to look (the query, or the path of a brand's route) and Lumina where the handler acts.
 */
function mismatched(operation: Operation, named: 'query' | 'body' | 'path') {
  const brandInPath = /^\/jwt_api\/brands\/\{id\}/.test(operation.path);
  const pathBrand = named === 'path' ? otherBrandId : brandId;
  const url = operation.path.replace(/^\/jwt_api\/brands\/\{id\}/, `/jwt_api/brands/${pathBrand}`).replace(/\{[^}]+\}/g, 'no-such-id');
  const queryBrand = named === 'query' ? otherBrandId : brandId;
  const bodyBrand = named === 'body' ? otherBrandId : brandId;
  return server.app.inject({
    method: operation.method as 'POST',
    url: `${url}?${new URLSearchParams({ brand_id: queryBrand, user_id: userIds.member }).toString()}`,
    headers: { authorization: `Bearer ${jwts.member}` },
    ...(operation.method === 'GET' || (brandInPath && named === 'path') ? {} : { payload: { brand_id: bodyBrand, user_id: userIds.member } }),
  });
}

describe('a call acts for one brand: the one its role is checked in', () => {
  it('each route: a query, body or brand path naming another brand than the rest is refused with 400 and the sentence', async () => {
    const table: string[] = [];
    const expected: string[] = [];
    for (const operation of operations) {
      const brandInPath = /^\/jwt_api\/brands\/\{id\}/.test(operation.path);
      const ways = operation.method === 'GET' ? ['path' as const] : brandInPath ? ['path' as const, 'query' as const, 'body' as const] : ['query' as const, 'body' as const];
      for (const named of ways) {
        const response = await mismatched(operation, named);
        const refused = response.statusCode === 400 && (response.json() as { message?: string }).message === MESSAGES.brandMismatch;
        table.push(`${operation.method} ${operation.path} (other brand in the ${named}) → ${refused ? '400' : `${response.statusCode} ${response.body.slice(0, 80)}`}`);
        expected.push(`${operation.method} ${operation.path} (other brand in the ${named}) → 400`);
      }
    }
    expect(table.length).toBeGreaterThan(80);
    expect(table).toEqual(expected);
  });

  it("a member who manages another brand cannot delete their own brand's videos and products for good by naming that brand in the query", async () => {
    const at = '2026-02-01T00:00:00.000Z';
    for (const id of ['kept-trashed', 'kept-live']) {
      await server.sql.run("INSERT INTO videos (id, brand_id, title, platform, video_url, created_at, updated_at) VALUES (?, ?, ?, 'Youtube', 'https://v.example/1', ?, ?)", [id, brandId, id, at, at]);
    }
    await server.sql.run("INSERT INTO products (id, brand_id, name, category, description, price, created_at, updated_at) VALUES ('kept-product', ?, 'Serum', 'Skincare', '', 10, ?, ?)", [brandId, at, at]);
    // Moving to the trash is a member's right: the member does it, as the product's screens let them.
    expect((await as(server.app, jwts.member, 'POST', '/jwt_api/videos/trash_videos', { brand_id: brandId, videos: [{ video_id: 'kept-trashed', manufacturer_ids: [brandId] }] })).statusCode).toBe(200);
    expect((await as(server.app, jwts.member, 'PUT', '/jwt_api/products/kept-product/trash_product', { brand_id: brandId })).statusCode).toBe(200);

    const attacks = [
      { method: 'POST' as const, url: '/jwt_api/videos/delete_videos', body: { brand_id: brandId, video_ids: ['kept-trashed'], competitors: false } },
      { method: 'POST' as const, url: '/jwt_api/products/removed_on_dashboard', body: { brand_id: brandId, product_ids: ['kept-product'] } },
      { method: 'DELETE' as const, url: '/second/video/remove', body: { brand_id: brandId, video_ids: ['kept-live'] } },
    ];
    for (const attack of attacks) {
      const response = await as(server.app, jwts.member, attack.method, `${attack.url}?brand_id=${otherBrandId}`, attack.body);
      expect(response.statusCode, `${attack.url}: ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ message: MESSAGES.brandMismatch });
      // Named alone, in either place, Lumina is where the member is only a member.
      expect((await as(server.app, jwts.member, attack.method, `${attack.url}?brand_id=${brandId}`, attack.body)).statusCode).toBe(403);
    }
    const shown = async (list: 'videos' | 'products', tab: string) =>
      ((await as(server.app, jwts.manager, 'GET', `/jwt_api/${list}?tab=${tab}&brand_id=${brandId}`)).json() as Record<string, { _id: string }[]>)[list]?.map((row) => row._id);
    const kept = async () => ({ trashed: await shown('videos', 'Trash'), live: await shown('videos', 'My%20Videos'), products: await shown('products', 'Trash') });
    expect(await kept()).toEqual({ trashed: ['kept-trashed'], live: ['kept-live'], products: ['kept-product'] });
    // The brand's manager still can: the same calls, naming one brand, delete them.
    for (const attack of attacks) expect((await as(server.app, jwts.manager, attack.method, `${attack.url}?brand_id=${brandId}`, attack.body)).statusCode).toBe(200);
    expect(await kept()).toEqual({ trashed: [], live: [], products: [] });
  });
});

describe('a form read after the role check names its brand too', () => {
  const create = (query: string, fields: Record<string, string>) => {
    const { payload, headers } = multipartBody(fields);
    return server.app.inject({ method: 'POST', url: `/jwt_api/products${query}`, headers: { ...headers, authorization: `Bearer ${jwts.member}` }, payload });
  };
  const productNames = async (ofBrand: string) =>
    ((await as(server.app, jwts.member, 'GET', `/jwt_api/products?brand_id=${ofBrand}`)).json() as { products: { name: string }[] }).products.map((product) => product.name);

  it('a multipart brand_id other than the query\'s is refused with 400 and nothing is made; alone, it is the brand the product goes to', async () => {
    const refused = await create(`?brand_id=${otherBrandId}`, { brand_id: brandId, name: 'Split Serum', category: 'Serums', price: '5' });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ message: MESSAGES.brandMismatch });
    expect([...(await productNames(brandId)), ...(await productNames(otherBrandId))]).not.toContain('Split Serum');
    // The member's token is Lumina's: named only in the form, Nimbus is where the product is made.
    const made = await create('', { brand_id: otherBrandId, name: 'Nimbus Serum', category: 'Serums', price: '5' });
    expect(made.statusCode, made.body).toBe(200);
    expect(await productNames(otherBrandId)).toContain('Nimbus Serum');
    expect(await productNames(brandId)).not.toContain('Nimbus Serum');
  });
});

/** A call of a metrics or gateway operation with a key: path ids filled, the key's brand named as the gateway asks. */
function callWithKey(operation: Operation, key: string) {
  const url = operation.path.replace(/\{[^}]+\}/g, 'no-such-id');
  return server.app.inject({
    method: operation.method as 'POST',
    url: `${url}?${new URLSearchParams({ brand_id: brandId }).toString()}`,
    headers: { [METRICS_KEY_HEADER]: key },
    ...(operation.method === 'GET' || operation.method === 'DELETE' ? {} : { payload: {} }),
  });
}
const refusedAsMember = (response: { statusCode: number; json: () => unknown }) =>
  response.statusCode === 403 && (response.json() as { message?: string }).message === MESSAGES.teamManagerOnly;

describe('keys act with the role of the person they were issued to', () => {
  it('covers the metrics API and the gateway, their deletes among them', () => {
    expect(keyOperations.length).toBeGreaterThan(15);
    expect(keyOperations.filter((operation) => MANAGER_ONLY(operation.method, operation.path)).map((operation) => `${operation.method} ${operation.path}`)).toEqual(
      expect.arrayContaining(['DELETE /metrics/widget/{id}', 'DELETE /metrics/playlist/{id}', 'DELETE /metrics/widget/{id}/tokens', 'DELETE /gateway/internal/integrations/{platform}/oAuth']),
    );
  });

  it("each key route × each teammate's app key: a member's key is refused exactly the manager-only routes; a manager's and the brand's API key never", async () => {
    const rotated = await as(server.app, jwts.manager, 'POST', `/jwt_api/brands/${brandId}/api_key/rotate`, {});
    expect(rotated.statusCode, rotated.body).toBe(200);
    const keys = { member: appKeys.member, manager: appKeys.manager, 'brand API key': (rotated.json() as { api_key: string }).api_key };
    const table: string[] = [];
    const expected: string[] = [];
    for (const [holder, key] of Object.entries(keys)) {
      for (const operation of keyOperations) {
        const response = await callWithKey(operation, key);
        const name = `${holder} ${operation.method} ${operation.path}`;
        table.push(`${name} → ${refusedAsMember(response) ? '403' : 'allowed'}`);
        expected.push(`${name} → ${holder === 'member' && MANAGER_ONLY(operation.method, operation.path) ? '403' : 'allowed'}`);
      }
    }
    expect(table).toEqual(expected);
  });

  it("an app key follows its teammate's role as it is now, not as it was when the key was issued", async () => {
    const deleteWidget = keyOperations.find((operation) => operation.method === 'DELETE' && operation.path === '/metrics/widget/{id}');
    if (!deleteWidget) throw new Error('no DELETE /metrics/widget/{id} in /openapi.json');
    expect(refusedAsMember(await callWithKey(deleteWidget, appKeys.member))).toBe(true);
    const promote = async (role: 'manager' | 'member') =>
      expect((await as(server.app, jwts.manager, 'PUT', `/jwt_api/brands/${brandId}/team/members/${userIds.member}`, { role })).statusCode).toBe(200);
    await promote('manager');
    expect((await callWithKey(deleteWidget, appKeys.member)).statusCode).toBe(404);
    await promote('member');
    expect(refusedAsMember(await callWithKey(deleteWidget, appKeys.member))).toBe(true);
  });

  it('the OpenAPI document says which key routes are manager-only, as the rule does', () => {
    expect(keyOperations.map((operation) => `${operation.method} ${operation.path} ${operation.role ?? '?'}`))
      .toEqual(keyOperations.map((operation) => `${operation.method} ${operation.path} ${MANAGER_ONLY(operation.method, operation.path) ? 'manager' : 'member'}`));
  });
});

describe("the assistant's conversations: deleting one is a manager's, as on every route", () => {
  const graphql = async (role: 'manager' | 'member', query: string, variables: Record<string, string>) =>
    (await server.app.inject({ method: 'POST', url: '/graphql', headers: { authorization: `Bearer ${jwts[role]}` }, payload: { query, variables } })).json() as {
      data?: Record<string, unknown> | null; errors?: { message: string; extensions?: { code?: string } }[];
    };
  const listed = async () => ((await graphql('manager', GET_CONVERSATIONS, { brandId })).data?.getConversations as { _id: string }[]).map((conversation) => conversation._id);

  it("a member's delete of a manager's conversation is refused with the sentence and the conversation stays; the manager's goes through", async () => {
    const created = await graphql('manager', CREATE_CONVERSATION, { brandId });
    const conversationId = (created.data?.createConversation as { _id: string } | undefined)?._id ?? '';
    expect(conversationId, JSON.stringify(created)).not.toBe('');
    const refused = await graphql('member', DELETE_CONVERSATION, { conversationId });
    expect(refused.errors?.map((error) => [error.message, error.extensions?.code])).toEqual([[MESSAGES.teamManagerOnly, 'FORBIDDEN']]);
    expect(await listed()).toContain(conversationId);
    expect((await graphql('manager', DELETE_CONVERSATION, { conversationId })).data?.deleteConversation).toBe(true);
    expect(await listed()).not.toContain(conversationId);
  });
});
