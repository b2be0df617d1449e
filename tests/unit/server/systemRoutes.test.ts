import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BACKEND_VERSION } from '../../../src/server/app';
import { createTestUser, send, signIn, startTestApp } from './support/testServer';
import type { TestApp } from './support/testServer';
import { SAMPLE_QUESTIONS } from '../../../src/shared/assistant/sampleQuestions';

describe('system routes and the assistant endpoint', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp();
  });
  afterEach(() => t.close());

  it('GET /health answers ok and the version without a bearer', async () => {
    const response = await send(t.app, 'GET', '/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, version: BACKEND_VERSION });
    expect(BACKEND_VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('GET /openapi.json lists the auth paths with their schemas', async () => {
    const doc = (await send(t.app, 'GET', '/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    for (const path of ['/jwt_api/login', '/jwt_api/login/user_sign_up', '/jwt_api/recovery_passwords', '/jwt_api/session', '/jwt_api/logout', '/jwt_api/brands/{id}', '/health']) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect(Object.keys(doc.paths['/jwt_api/recovery_passwords'])).toEqual(['post', 'put']);
    const login = doc.paths['/jwt_api/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
    expect(Object.keys(login.responses)).toEqual(['200', '208', '403', '429']);
    expect(doc.paths['/jwt_api/session'].get.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/jwt_api/brands/{id}'].get.parameters[0]).toMatchObject({ name: 'id', in: 'path', required: true });
  });

  it('POST /graphql answers getAllPrompts with a bearer', async () => {
    const user = await createTestUser(t.sql, { email: 'maya@example.com', brands: [{ name: 'Lumina' }] });
    const { jwt } = await signIn(t.app, user);
    const response = await send(t.app, 'POST', '/graphql', { query: '{ getAllPrompts { _id prompt created_at updated_at } }' }, jwt);
    expect(response.statusCode).toBe(200);
    const prompts = (response.json() as { data: { getAllPrompts: { prompt: string }[] } }).data.getAllPrompts;
    expect(prompts.map((p) => p.prompt)).toEqual(expect.arrayContaining([...SAMPLE_QUESTIONS]));
  });

  it('POST /graphql reports query errors in the GraphQL way', async () => {
    const user = await createTestUser(t.sql, { email: 'maya@example.com' });
    const { jwt } = await signIn(t.app, user);
    const response = await send(t.app, 'POST', '/graphql', { query: '{ noSuchField }' }, jwt);
    expect(response.json().errors[0].message).toContain('noSuchField');
  });

  it('POST /graphql answers 401 without a bearer', async () => {
    const response = await send(t.app, 'POST', '/graphql', { query: '{ getAllPrompts { _id } }' });
    expect(response.statusCode).toBe(401);
  });
});
