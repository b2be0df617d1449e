import { request } from 'node:http';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../../src/server/app';
import type { RunningServer } from '../../../src/server/app';
import { ELECTRON_APP_ORIGIN } from '../../../src/shared/constants';
import { HTTP_MESSAGES } from '../../../src/server/http/httpMessages';
import { useServerDatabase } from './support/serverDatabase';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw HTTP request, so Host and Origin can be set freely (fetch forbids setting Host). */
function rawRequest(port: number, options: { method?: string; path: string; headers?: Record<string, string>; body?: string }): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: options.method ?? 'GET', path: options.path, headers: options.headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('the embedded back end over real HTTP on loopback', () => {
  const WEB = 'http://127.0.0.1:5180';
  let dataDir: string;
  let server: RunningServer;

  useServerDatabase('all');
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'reelscope-http-'));
    server = await createServer({ dataDir, port: 0, seed: false, allowedOrigins: [WEB] });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('listens on 127.0.0.1 and answers /health', async () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    const response = await fetch(`${server.url}/health`);
    expect(await response.json()).toMatchObject({ ok: true });
  });

  it.each(['127.0.0.1', 'localhost:4100', '[::1]:9', 'LOCALHOST'])('accepts Host %s', async (host) => {
    expect((await rawRequest(server.port, { path: '/health', headers: { host } })).status).toBe(200);
  });

  it.each(['evil.example', 'evil.example:4100', '127.0.0.1.evil.example', '192.168.1.5:4100'])('refuses Host %s with 403', async (host) => {
    const response = await rawRequest(server.port, { path: '/health', headers: { host } });
    expect(response.status).toBe(403);
    expect(JSON.parse(response.body).message).toBe('Invalid Host header');
  });

  it('refuses a foreign Origin with 403 and allows the web host and the Electron origin with CORS', async () => {
    expect((await rawRequest(server.port, { path: '/health', headers: { origin: 'https://evil.example' } })).status).toBe(403);
    expect((await rawRequest(server.port, { path: '/health', headers: { origin: 'null' } })).status).toBe(403);
    for (const origin of [WEB, ELECTRON_APP_ORIGIN]) {
      const response = await rawRequest(server.port, { path: '/health', headers: { origin } });
      expect(response.status).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe(origin);
    }
  });

  it('applies the Host check and JSON errors to unknown routes too', async () => {
    expect((await rawRequest(server.port, { path: '/nowhere', headers: { host: 'evil.example' } })).status).toBe(403);
    const missing = await rawRequest(server.port, { path: '/nowhere' });
    expect(missing.status).toBe(404);
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
    expect(JSON.parse(missing.body)).toEqual({ statusCode: 404, error: 'Not Found', message: 'Not found' });
  });

  it('answers a CORS preflight from an allowed origin', async () => {
    const response = await rawRequest(server.port, {
      method: 'OPTIONS',
      path: '/jwt_api/login',
      headers: { origin: WEB, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });
    expect(response.status).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(WEB);
    expect(String(response.headers['access-control-allow-headers'])).toMatch(/Authorization, Content-Type/);
  });

  it('answers an oversized JSON body with 413 that the client reads, every time (not a broken pipe)', async () => {
    const body = JSON.stringify({ email: 'maya@example.com', password: 'x'.repeat(2 * 1024 * 1024) });
    const seen: string[] = [];
    for (let attempt = 0; attempt < 30; attempt += 1) {
      try {
        const response = await fetch(`${server.url}/jwt_api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        seen.push(`${response.status} ${((await response.json()) as { message: string }).message}`);
      } catch (error) {
        seen.push(`failed: ${(error as Error & { cause?: Error }).cause?.message ?? (error as Error).message}`);
      }
    }
    expect(new Set(seen)).toEqual(new Set([`413 ${HTTP_MESSAGES.bodyTooLarge}`]));
  });

  it('reads an oversized body that arrives slowly to its end before answering 413, so the sender is not cut off', async () => {
    const size = 2 * 1024 * 1024;
    const outcome = await new Promise<{ status: number; body: string; error: string | null }>((resolve) => {
      let error: string | null = null;
      let answer: { status: number; body: string } | null = null;
      const settle = () => resolve({ status: answer?.status ?? 0, body: answer?.body ?? '', error });
      const req = request(
        { host: '127.0.0.1', port: server.port, method: 'POST', path: '/jwt_api/login', headers: { 'content-type': 'application/json', 'content-length': String(size) } },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => {
            answer = { status: res.statusCode ?? 0, body };
          });
        },
      );
      req.on('error', (failure) => (error = failure.message));
      req.on('close', () => setTimeout(settle, 50));
      // 64 KiB pieces with a pause between them: the server's answer arrives while the client is still sending.
      const piece = Buffer.alloc(64 * 1024, 0x78);
      let sent = 0;
      const next = () => {
        if (sent >= size || req.destroyed) return void req.end();
        sent += piece.length;
        req.write(piece, () => setTimeout(next, 2));
      };
      next();
    });
    expect(outcome.error).toBeNull();
    expect(outcome.status).toBe(413);
    expect(JSON.parse(outcome.body).message).toBe(HTTP_MESSAGES.bodyTooLarge);
  });

  it('refuses a cross-site form post', async () => {
    const response = await rawRequest(server.port, {
      method: 'POST',
      path: '/jwt_api/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40b.co&password=x',
    });
    expect(response.status).toBe(415);
  });

  it('keeps the jwt secret in an owner-only file', () => {
    expect(statSync(join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
  });

  it('reports a port in use as EADDRINUSE and leaves nothing open', async () => {
    const otherDir = mkdtempSync(join(tmpdir(), 'reelscope-http-'));
    await expect(createServer({ dataDir: otherDir, port: server.port, seed: false })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    rmSync(otherDir, { recursive: true, force: true });
  });
});

describe('restarting on the same data folder', () => {
  useServerDatabase();
  it('keeps accounts created by sign-up and accepts tokens issued before the restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'reelscope-restart-'));
    const form = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', password: 'analytical-1', brand_name: 'Engine Works' };
    const first = await createServer({ dataDir, port: 0, seed: false });
    const signUp = await fetch(`${first.url}/jwt_api/login/user_sign_up`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(form) });
    const { jwt } = (await signUp.json()) as { jwt: string };
    await first.close();

    const second = await createServer({ dataDir, port: 0, seed: false });
    try {
      const login = await fetch(`${second.url}/jwt_api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: form.email, password: form.password }) });
      expect(login.status).toBe(200);
      const session = await fetch(`${second.url}/jwt_api/session`, { headers: { authorization: `Bearer ${jwt}` } });
      expect(session.status).toBe(200);
    } finally {
      await second.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
