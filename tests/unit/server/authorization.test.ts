import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute } from '../../../src/server/http/defineRoute';
import { createTestUser, send, signIn, startTestApp } from './support/testServer';
import type { TestApp, TestUser } from './support/testServer';

describe('brand and user authorization', () => {
  let t: TestApp;
  let maya: TestUser;
  let other: TestUser;
  let jwt: string;

  beforeEach(async () => {
    t = await startTestApp();
    // A probe route standing in for the later list routes: it echoes who asked.
    defineRoute(t.app, {
      method: 'GET',
      url: '/jwt_api/probe',
      summary: 'test probe',
      auth: 'bearer',
      query: z.object({ brand_id: z.string().optional() }),
      handler: ({ auth, query }) => ({ userId: auth.userId, brandId: query.brand_id ?? auth.brandId }),
    });
    defineRoute(t.app, { method: 'POST', url: '/jwt_api/probe', summary: 'test probe', auth: 'bearer', handler: () => ({ ok: true }) });
    maya = await createTestUser(t.sql, { email: 'maya@example.com', brands: [{ name: 'Lumina', competitors: ['Glow Co'] }] });
    other = await createTestUser(t.sql, { email: 'other@example.com', brands: [{ name: 'Elsewhere', competitors: ['Far Away'] }] });
    jwt = (await signIn(t.app, maya)).jwt;
  });
  afterEach(() => t.close());

  it('GET /brands/:id answers an own brand and a competitor', async () => {
    const own = await send(t.app, 'GET', `/jwt_api/brands/${maya.brandIds[0]}`, undefined, jwt);
    expect(own.json()).toEqual({ _id: maya.brandIds[0], name: 'Lumina', picture: null, competitor: false });
    const competitor = await send(t.app, 'GET', `/jwt_api/brands/${maya.competitorIds[0]}`, undefined, jwt);
    expect(competitor.json()).toMatchObject({ name: 'Glow Co', competitor: true });
  });

  it('GET /brands/:id answers 404 for another user\'s brand and its competitors', async () => {
    for (const id of [other.brandIds[0], other.competitorIds[0], 'no-such-brand']) {
      const response = await send(t.app, 'GET', `/jwt_api/brands/${id}`, undefined, jwt);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ statusCode: 404, message: 'Not found' });
    }
  });

  it('answers 404 to any request carrying a brand_id the user may not read', async () => {
    expect((await send(t.app, 'GET', `/jwt_api/probe?brand_id=${maya.competitorIds[0]}`, undefined, jwt)).statusCode).toBe(200);
    expect((await send(t.app, 'GET', `/jwt_api/probe?brand_id=${other.brandIds[0]}`, undefined, jwt)).statusCode).toBe(404);
  });

  it('answers 404 to a user_id other than the token\'s, even when the route ignores it', async () => {
    expect((await send(t.app, 'GET', `/jwt_api/probe?user_id=${maya.id}`, undefined, jwt)).statusCode).toBe(200);
    expect((await send(t.app, 'GET', `/jwt_api/probe?user_id=${other.id}`, undefined, jwt)).statusCode).toBe(404);
  });

  it('checks brand_id in JSON bodies too', async () => {
    expect((await send(t.app, 'POST', '/jwt_api/probe', { brand_id: maya.brandIds[0] }, jwt)).statusCode).toBe(200);
    expect((await send(t.app, 'POST', '/jwt_api/probe', { brand_id: other.brandIds[0] }, jwt)).statusCode).toBe(404);
  });
});
