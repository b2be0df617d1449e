import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { openTestDatabase } from './support/testEngine';
import { HTTP_MESSAGES } from '../../../src/server/http/httpMessages';
import { createLogFile } from '../../../src/server/http/logFile';
import { createTestUser } from './support/testServer';
import { readyMessage, startCli, useTempDir } from './support/cliProcess';

interface LogLine { level: number; reqId?: string; msg?: string; method?: string; route?: string; url?: string; status?: number; durationMs?: number; userId?: string; brandId?: string; err?: { message: string; stack: string } }

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** The app listening on loopback (real HTTP) at the info level, its log captured from the logger's destination. */
async function listeningApp() {
  const dir = mkdtempSync(join(tmpdir(), 'reelscope-log-http-'));
  const { sql, close } = await openTestDatabase({ dir });
  let written = '';
  const app = await buildApp({ sql, jwtSecret: randomBytes(64), dataDir: dir, log: { level: 'info', stream: { write: (line) => void (written += line) } } });
  app.get('/__test/boom/:part', async () => {
    throw new Error('boom: the disk is full');
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  cleanups.push(async () => {
    await app.close();
    await close();
    rmSync(dir, { recursive: true, force: true });
  });
  const lines = () => written.split('\n').filter(Boolean).map((line) => JSON.parse(line) as LogLine);
  /** The completion lines of a request: written once its answer has gone out (onResponse), so wait for them. */
  const completed = (id: string) =>
    vi.waitFor(() => {
      const found = lines().filter((line) => line.reqId === id && line.msg === 'request completed');
      if (found.length === 0) throw new Error(`no completion line for ${id} yet`);
      return found;
    });
  return { base, sql, text: () => written, lines, completed };
}

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

describe('the request log over real HTTP (issue 28, item 3)', () => {
  it('writes one line per answered request with its id, method, route pattern, status, duration and who asked', async () => {
    const { base, sql, completed } = await listeningApp();
    const password = 'Correct-Horse-Battery-9';
    const user = await createTestUser(sql, { email: 'maya@example.com', password, brands: [{ name: 'Lumina' }] });
    const login = await postJson(`${base}/jwt_api/login`, { email: user.email, password });
    expect(login.status).toBe(200);
    const session = (await login.json()) as { jwt: string };

    const brands = await fetch(`${base}/jwt_api/brands/${user.brandIds[0]}/api_key`, { headers: { authorization: `Bearer ${session.jwt}` } });
    const id = brands.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await completed(id)).toEqual([
      expect.objectContaining({ level: 30, method: 'GET', route: '/jwt_api/brands/:id/api_key', status: brands.status, userId: user.id, brandId: user.brandIds[0] }),
    ]);
    expect(typeof (await completed(id))[0]!.durationMs).toBe('number');
    expect(await completed(login.headers.get('x-request-id')!)).toEqual([expect.objectContaining({ route: '/jwt_api/login', status: 200 })]);
  });

  it("keeps a proxy's short safe X-Request-Id and replaces one that could forge a log line", async () => {
    const { base, completed } = await listeningApp();
    const kept = await fetch(`${base}/health`, { headers: { 'x-request-id': 'lb-7f3a.42:9' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a.42:9');
    expect(await completed('lb-7f3a.42:9')).toEqual([expect.objectContaining({ status: 200, url: '/health' })]);

    for (const unsafe of ['a"b', 'x'.repeat(65), 'two words']) {
      const answer = await fetch(`${base}/health`, { headers: { 'x-request-id': unsafe } });
      expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(await completed(answer.headers.get('x-request-id')!)).toHaveLength(1);
    }
  });

  it("logs a 500's cause with its stack under the request id, while the answer carries only the spec's sentence", async () => {
    const { base, lines, completed } = await listeningApp();
    const failed = await fetch(`${base}/__test/boom/1`, { headers: { 'x-request-id': 'trace-500' } });
    await completed('trace-500');
    expect(failed.status).toBe(500);
    const body = await failed.text();
    expect(body).not.toContain('boom');
    expect(body).not.toContain('requestLogHttp');
    expect(JSON.parse(body)).toMatchObject({ statusCode: 500, message: HTTP_MESSAGES.internalError });
    const mine = lines().filter((line) => line.reqId === 'trace-500');
    expect(mine.find((line) => line.level === 50)).toMatchObject({ msg: 'request failed', err: { message: 'boom: the disk is full' } });
    expect(mine.find((line) => line.level === 50)!.err!.stack).toContain('requestLogHttp.test.ts');
    expect(mine.find((line) => line.msg === 'request completed')).toMatchObject({ status: 500, route: '/__test/boom/:part' });
  });

  it("never writes a login's password, a bearer token, an API key or a signed URL's signature", async () => {
    const { base, sql, text, completed } = await listeningApp();
    const password = 'Correct-Horse-Battery-9';
    const user = await createTestUser(sql, { email: 'maya@example.com', password, brands: [{ name: 'Lumina' }] });
    const session = (await (await postJson(`${base}/jwt_api/login`, { email: user.email, password })).json()) as { jwt: string; refresh_token: string };
    await postJson(`${base}/jwt_api/login`, { email: user.email, password: `${password}-wrong` });
    const bearer = { authorization: `Bearer ${session.jwt}` };
    const rotated = await postJson(`${base}/jwt_api/brands/${user.brandIds[0]}/api_key/rotate`, {}, bearer);
    const apiKey = ((await rotated.json()) as { api_key: string }).api_key;
    await fetch(`${base}/metrics/api/metrics`, { headers: { 'x-api-key': apiKey } });
    await fetch(`${base}/metrics/api/metrics?api_key=${apiKey}`);
    const signature = randomBytes(32).toString('base64url');
    await fetch(`${base}/media/signed/clip.mp4?exp=4102444800&sig=${signature}`, { headers: { range: 'bytes=0-1' } });
    const last = await fetch(`${base}/__test/boom/2?token=${session.jwt}`, { headers: { ...bearer, cookie: `jwt=${session.jwt}` } });
    await completed(last.headers.get('x-request-id')!);

    const log = text();
    expect(log).toContain('request completed');
    for (const secret of [password, `${password}-wrong`, session.jwt, session.refresh_token, apiKey, signature]) expect(log).not.toContain(secret);
  });
});

describe('where the log goes', () => {
  const temp = useTempDir('reelscope-log-file-');

  it('an embedded back end (REELSCOPE_LOG_FILE set by its host) writes its lines to that file, not to the console', async () => {
    const file = join(temp.path, 'logs', 'backend.log');
    const started = startCli({ REELSCOPE_PORT: '0', REELSCOPE_DATA_DIR: temp.path, REELSCOPE_LOG_FILE: file });
    try {
      const { url } = await readyMessage(started.child);
      const answer = await fetch(`${url}/health`);
      const id = answer.headers.get('x-request-id')!;
      // The line is written once the answer has gone out (onResponse): wait for it.
      const lines = () => readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as LogLine);
      await vi.waitFor(() => expect(lines()).toContainEqual(expect.objectContaining({ reqId: id, status: 200, msg: 'request completed' })), { timeout: 10_000 });
      expect(started.output().stdout).not.toContain(id);
    } finally {
      started.child.kill('SIGTERM');
      await started.exited;
    }
  });

  it('a log file past its cap becomes <file>.1 and starts again, so at most twice the cap is kept', () => {
    const file = join(temp.path, 'backend.log');
    writeFileSync(join(temp.path, 'backend.log.1'), 'the oldest lines\n');
    const log = createLogFile(file, 100);
    for (let i = 0; i < 5; i += 1) log.write(`${JSON.stringify({ line: i, pad: 'x'.repeat(20) })}\n`);
    expect(existsSync(`${file}.1`)).toBe(true);
    expect(readFileSync(`${file}.1`, 'utf8')).not.toContain('oldest');
    expect(readFileSync(file, 'utf8').length).toBeLessThanOrEqual(100);
    expect(readFileSync(file, 'utf8')).toContain('"line":4');
  });
});
