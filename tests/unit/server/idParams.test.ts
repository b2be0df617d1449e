import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, signIn, startTestApp } from './support/testServer';
import type { TestApp, TestUser } from './support/testServer';

type Operation = { method: string; path: string; hasBody: boolean };

/** Every operation the back end documents, with its path parameters filled in. */
async function operations(t: TestApp): Promise<Operation[]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
    paths: Record<string, Record<string, { requestBody?: unknown }>>;
  };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path: path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000'),
      hasBody: method !== 'get' && method !== 'delete' ? true : operation.requestBody !== undefined,
    })),
  );
}

/**
 * An outside fuzzer sent `{"user_id":{"toString":1}}` and got 500 from 19 routes: the identity check ran `String()`
 * on whatever arrived. Ids are strings at the boundary of every route: anything else is the client's fault, 400.
 */
describe('ids that are not strings, on every documented operation', () => {
  let t: TestApp;
  let maya: TestUser;
  let jwt: string;
  let ops: Operation[];

  beforeAll(async () => {
    t = await startTestApp();
    maya = await createTestUser(t.sql, { email: 'maya@example.com', brands: [{ name: 'Lumina', competitors: ['Glow'] }] });
    jwt = (await signIn(t.app, maya)).jwt;
    ops = await operations(t);
  });
  afterAll(() => t.close());

  const hostile: [string, Record<string, unknown>][] = [
    ['user_id with a toString number', { user_id: { toString: 1 } }],
    ['brand_id with a null toString', { brand_id: { toString: null } }],
    ['brand_id as an object', { brand_id: { $gt: '' } }],
    ['user_id as a number', { user_id: 12 }],
    ['brand_id list holding an object', { brand_id: ['x', { toString: 1 }] }],
    ['every other id as an object', { video_id: { toString: 1 }, video_ids: [{ toString: 1 }], product_id: { valueOf: null }, manufacturer_ids: [{}], recipient_id: { toString: 1 }, items: [{ video_id: {}, manufacturer_ids: {} }] }],
  ];

  it.each(hostile)('answers %s in a JSON body with 400 and a message, never 5xx', async (_label, payload) => {
    expect(ops.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const op of ops.filter((candidate) => candidate.hasBody)) {
      const response = await t.app.inject({
        method: op.method as 'POST',
        url: op.path,
        payload: JSON.stringify(payload),
        headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
      });
      // 501 is a documented answer (Google sign-up needs a hosted back end), not a failure.
      if (response.statusCode >= 500 && response.statusCode !== 501) failures.push(`${op.method} ${op.path} → ${response.statusCode} ${response.body}`);
      // A route that reads the field must say what was wrong with it.
      if (response.statusCode === 400 && !/message/.test(response.body)) failures.push(`${op.method} ${op.path} → 400 without a message`);
    }
    expect(failures).toEqual([]);
  });

  it('names the field in the 400 answer', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/jwt_api/session',
      payload: { brand_id: { toString: null } },
      headers: { authorization: `Bearer ${jwt}` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('brand_id');
  });

  it('answers repeated and bracketed query ids with no 5xx', async () => {
    const failures: string[] = [];
    for (const op of ops.filter((candidate) => candidate.method === 'GET')) {
      for (const query of ['brand_id[toString]=1', 'user_id[]=a&user_id[]=b', `brand_id=${maya.brandIds[0]}&brand_id[x]=1`]) {
        const response = await t.app.inject({ method: 'GET', url: `${op.path}?${query}`, headers: { authorization: `Bearer ${jwt}` } });
        if (response.statusCode >= 500) failures.push(`GET ${op.path}?${query} → ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
