import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute } from '../../../src/server/http/defineRoute';
import { JSON_BODY_LIMIT_BYTES } from '../../../src/shared/constants';
import { send, startTestApp } from './support/testServer';
import type { TestApp } from './support/testServer';

describe('HTTP behaviour common to every route', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp();
    defineRoute(t.app, {
      method: 'POST',
      url: '/jwt_api/echo',
      summary: 'test echo',
      auth: 'none',
      body: z.object({ name: z.string(), count: z.number().int() }),
      response: { 200: z.object({ name: z.string(), count: z.number() }) },
      // Returns an extra field on purpose: the response schema must drop it.
      handler: ({ body }) => ({ ...body, password_hash: 'secret' }) as { name: string; count: number },
    });
    defineRoute(t.app, { method: 'GET', url: '/jwt_api/boom', summary: 'test failure', auth: 'none', handler: () => { throw new Error('database exploded at /var/secret'); } });
    defineRoute(t.app, { method: 'POST', url: '/jwt_api/upload', summary: 'test multipart', auth: 'none', multipart: true, handler: () => ({ ok: true }) });
  });
  afterEach(() => t.close());

  it('strips unknown input and output fields', async () => {
    const response = await send(t.app, 'POST', '/jwt_api/echo', { name: 'a', count: 2, isAdmin: true });
    expect(response.json()).toEqual({ name: 'a', count: 2 });
  });

  it('answers JSON in ASCII only, with the same text once parsed', async () => {
    const name = 'Serum — 7 day review, très bien 😀';
    const response = await send(t.app, 'POST', '/jwt_api/echo', { name, count: 1 });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toMatch(/^[\x20-\x7e]*$/);
    expect(response.json()).toEqual({ name, count: 1 });
  });

  it('answers 400 naming the field of a wrong type', async () => {
    const response = await send(t.app, 'POST', '/jwt_api/echo', { name: 'a', count: 'two' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(response.json().message).toMatch(/^body\.count: .*expected number/);
  });

  it('answers 400 to malformed JSON', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/jwt_api/echo', headers: { 'content-type': 'application/json' }, payload: '{"name": "a",' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: 'Malformed JSON body.' });
  });

  it('answers 413 to a body over 1 MiB', async () => {
    const payload = JSON.stringify({ name: 'x'.repeat(JSON_BODY_LIMIT_BYTES), count: 1 });
    const response = await t.app.inject({ method: 'POST', url: '/jwt_api/echo', headers: { 'content-type': 'application/json' }, payload });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ statusCode: 413, error: 'Payload Too Large', message: 'Request body is larger than 1 MiB.' });
  });

  it('answers 404 JSON to an unknown route', async () => {
    const response = await send(t.app, 'GET', '/jwt_api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Not found' });
  });

  it('answers 500 with a generic message to a failing handler and keeps serving', async () => {
    const response = await send(t.app, 'GET', '/jwt_api/boom');
    expect(response.statusCode).toBe(500);
    expect(response.json().error).toBe('Internal Server Error');
    expect(response.body).not.toContain('/var/secret');
    expect((await send(t.app, 'GET', '/health')).statusCode).toBe(200);
  });

  it.each(['application/x-www-form-urlencoded', 'text/plain', 'text/plain; charset=utf-8'])('refuses a %s write with 415', async (type) => {
    const response = await t.app.inject({ method: 'POST', url: '/jwt_api/login', headers: { 'content-type': type }, payload: 'email=a@b.co&password=x' });
    expect(response.statusCode).toBe(415);
  });

  it('refuses multipart unless the route opts in', async () => {
    const boundary = 'XyZ';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--${boundary}--\r\n`;
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    expect((await t.app.inject({ method: 'POST', url: '/jwt_api/echo', headers, payload })).statusCode).toBe(415);
    expect((await t.app.inject({ method: 'POST', url: '/jwt_api/upload', headers, payload })).statusCode).toBe(200);
  });

  it('sends hardening headers', async () => {
    const response = await send(t.app, 'GET', '/health');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
