import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { openTestDatabase } from './support/testEngine';
import { HttpError } from '../../../src/server/http/httpError';
import { logLevelFromEnv, type LogLevel } from '../../../src/server/http/requestLog';
import { createTestUser, send, signIn } from './support/testServer';

interface LogLine { level: number; reqId?: string; msg?: string; err?: { message: string; stack: string }; url?: string; [key: string]: unknown }

/** The app on a fresh database of the test engine, logging at `level` into memory (the lines as written, and parsed). */
async function loggingApp(level: LogLevel) {
  const dir = mkdtempSync(join(tmpdir(), 'reelscope-log-'));
  const { sql, close } = await openTestDatabase({ dir });
  let written = '';
  const app = await buildApp({ sql, jwtSecret: randomBytes(64), dataDir: dir, log: { level, stream: { write: (line) => void (written += line) } } });
  cleanups.push(async () => {
    await app.close();
    await close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { app, sql, text: () => written, lines: () => written.split('\n').filter(Boolean).map((line) => JSON.parse(line) as LogLine) };
}
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A test route that fails as a bug would, and one that logs what a careless handler might. */
function addTestRoutes(app: FastifyInstance): void {
  app.post('/__test/boom', async () => {
    throw new Error('boom: the database went away');
  });
  app.post('/__test/store-down', async () => {
    throw new HttpError(502, 'The store did not answer.', undefined, { cause: new Error('connect ECONNREFUSED') });
  });
  app.post('/__test/careless', async (request) => {
    request.log.info({ body: request.body, headers: request.headers }, 'careless handler');
    return { ok: true };
  });
}

describe('the request log (issue 26, item 11)', () => {
  it('logs a 500 with its stack and request id, even at the errors-only level, and nothing for requests that went well', async () => {
    const { app, lines } = await loggingApp(logLevelFromEnv('0'));
    addTestRoutes(app);
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    expect(lines()).toEqual([]);

    const failed = await app.inject({ method: 'POST', url: '/__test/boom', payload: {} });
    expect(failed.statusCode).toBe(500);
    expect(failed.json().message).not.toContain('database');
    const requestId = failed.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const logged = lines().filter((line) => line.level === 50);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ reqId: requestId, msg: 'request failed', err: { message: 'boom: the database went away' } });
    expect(logged[0]!.err!.stack).toContain('requestLog.test.ts');
  });

  it('logs a server error answered on purpose as a warning with its reason and cause, without a stack', async () => {
    const { app, lines } = await loggingApp('info');
    addTestRoutes(app);
    expect((await app.inject({ method: 'POST', url: '/__test/store-down', payload: {} })).statusCode).toBe(502);
    const warned = lines().filter((line) => line.level === 40);
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatchObject({ statusCode: 502, reason: 'The store did not answer.', cause: 'connect ECONNREFUSED' });
    expect(lines().filter((line) => line.level >= 50)).toEqual([]);
    expect(JSON.stringify(warned[0])).not.toContain('requestLog.test.ts');
  });

  it('never writes a bearer token, password, API key, chat key or token, at the most detailed level', async () => {
    const { app, sql, text, lines } = await loggingApp('trace');
    addTestRoutes(app);
    const password = 'Correct-Horse-Battery-9';
    const user = await createTestUser(sql, { email: 'maya@example.com', password, brands: [{ name: 'Lumina' }] });
    const session = await signIn(app, user);
    const bearer = { authorization: `Bearer ${session.jwt}` };
    const brandId = user.brandIds[0]!;
    const chat = (await app.inject({ method: 'GET', url: `/jwt_api/chats/config?brand_id=${brandId}`, headers: bearer })).json() as { userId: string; authKey: string; subscribeKey: string };
    const apiKey = (await app.inject({ method: 'POST', url: `/jwt_api/brands/${brandId}/api_key/rotate`, headers: bearer, payload: {} })).json() as { api_key: string };
    const widgetToken = `wt_${randomBytes(18).toString('base64url')}`;
    const uploadToken = randomBytes(24).toString('base64url');
    const resetToken = randomBytes(32).toString('base64url');
    const shopToken = `shpat_${randomBytes(16).toString('hex')}`;

    await app.inject({ method: 'GET', url: `/v3/history/sub-key/${chat.subscribeKey}/channel/nowhere?uuid=${chat.userId}&auth=${encodeURIComponent(chat.authKey)}` });
    await app.inject({ method: 'GET', url: '/metrics/api/metrics', headers: { 'x-api-key': apiKey.api_key } });
    await app.inject({ method: 'GET', url: `/metrics/embed/widgets/w1?token=${widgetToken}` });
    // No API key: refused before any store is asked; the store token in the query is what matters here.
    await app.inject({ method: 'GET', url: `/metrics/products/inventory?store_url=https%3A%2F%2Fshop.example&shop_token=${shopToken}` });
    await app.inject({ method: 'PUT', url: `/media/upload/${uploadToken}`, payload: 'bytes', headers: { 'content-type': 'application/octet-stream' } });
    await send(app, 'PUT', '/jwt_api/recovery_passwords', { token: resetToken, password });
    await app.inject({ method: 'POST', url: '/__test/boom', headers: { ...bearer, cookie: `jwt=${session.jwt}` }, payload: { password } });
    await app.inject({ method: 'POST', url: '/__test/careless', headers: { ...bearer, 'x-api-key': apiKey.api_key }, payload: { password, refresh_token: session.refresh_token, nested: { token: widgetToken } } });
    await send(app, 'POST', '/jwt_api/logout', { refresh_token: session.refresh_token });

    const log = text();
    for (const secret of [password, session.jwt, session.refresh_token, chat.authKey, encodeURIComponent(chat.authKey), apiKey.api_key, widgetToken, uploadToken, resetToken, shopToken]) {
      expect(log).not.toContain(secret);
    }
    // Still useful: every request is there with its id, its path and its status, the secrets replaced.
    const urls = lines().flatMap((line) => (line.url ? [line.url] : []));
    expect(urls).toContain(`/metrics/embed/widgets/w1?token=[redacted]`);
    expect(urls).toContain('/media/upload/[redacted]');
    expect(urls).toContain('/metrics/products/inventory?store_url=https%3A%2F%2Fshop.example&shop_token=[redacted]');
    expect(urls.some((url) => url.includes('auth=[redacted]') && url.includes(`uuid=${chat.userId}`))).toBe(true);
    expect(lines().filter((line) => line.msg === 'request completed').every((line) => typeof line.reqId === 'string')).toBe(true);
    expect(lines().find((line) => line.msg === 'careless handler')).toMatchObject({ body: { password: '[redacted]', refresh_token: '[redacted]', nested: { token: '[redacted]' } } });
  });

  it('reads REELSCOPE_LOG_LEVEL as a pino level, 1 (or nothing) as info and 0 as errors only', () => {
    expect([undefined, '', '0', '1', 'debug', 'WARN', 'silent'].map(logLevelFromEnv)).toEqual(['info', 'info', 'error', 'info', 'debug', 'warn', 'error']);
    expect(() => logLevelFromEnv('loud')).toThrow('REELSCOPE_LOG_LEVEL must be a log level');
  });
});
