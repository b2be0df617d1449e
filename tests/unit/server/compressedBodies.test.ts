import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSED_BODY_MESSAGES } from '../../../src/server/http/compressedBodies';
import { readyMessage, startCli } from './support/cliProcess';
import type { Started } from './support/cliProcess';
import { testDatabaseEnv } from './support/testEngine';

interface Answer {
  status: number;
  body: string;
}

/** One request over loopback with a raw body; a connection the server cuts counts as status 0. */
function post(base: string, method: string, path: string, headers: Record<string, string>, body: Buffer): Promise<Answer> {
  return new Promise((resolve) => {
    const url = new URL(path, base);
    const req = request({ host: url.hostname, port: url.port, method, path: url.pathname + url.search, headers: { ...headers, 'content-length': String(body.length) } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', () => resolve({ status: 0, body: '' }));
    req.end(body);
  });
}

// A body that inflates to 4 MB (past every JSON limit) from a few kilobytes, and bodies that are not deflate or gzip.
const huge = JSON.stringify({ text: 'x'.repeat(4_000_000) });
const BODIES: { name: string; encoding: string; body: Buffer }[] = [
  { name: 'oversized deflate', encoding: 'deflate', body: deflateSync(huge) },
  { name: 'oversized gzip', encoding: 'gzip', body: gzipSync(huge) },
  { name: 'corrupt deflate', encoding: 'deflate', body: Buffer.concat([deflateSync('{"text":"hello"}').subarray(0, 6), Buffer.from('not deflate at all')]) },
  { name: 'corrupt gzip', encoding: 'gzip', body: Buffer.concat([gzipSync('{"text":"hello"}').subarray(0, 12), Buffer.from('not gzip at all')]) },
  { name: 'truncated gzip', encoding: 'gzip', body: gzipSync('{"text":"hello"}').subarray(0, 20) },
];
const PUBNUB_PUBLISH = '/publish/{pub}/{sub}/0/{channel}/0';

describe('compressed request bodies, over real HTTP to the back end process', () => {
  let dataDir = '';
  let started: Started;
  let base = '';
  const alive = async () => (await fetch(`${base}/health`)).status === 200 && started.child.exitCode === null;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'reelscope-compressed-'));
    started = startCli({ REELSCOPE_PORT: '0', REELSCOPE_DATA_DIR: dataDir, ...(await testDatabaseEnv()) });
    base = (await readyMessage(started.child)).url;
  });
  afterAll(async () => {
    started.child.kill('SIGTERM');
    await started.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers the reported crash (a deflated publish that inflates past the message limit) with 413, and keeps serving', async () => {
    const body = deflateSync(JSON.stringify('x'.repeat(200_000)));
    const answer = await post(base, 'POST', '/publish/x/y/0/z/0', { 'content-type': 'application/json', 'content-encoding': 'deflate' }, body);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).message).toBe('Message Too Large: at most 32 KiB.');
    expect(await alive()).toBe(true);
  });

  it('inflates a good deflated or gzipped publish and reads it (then refuses the made-up keys), and says which encodings it takes', async () => {
    for (const [encoding, body] of [['deflate', deflateSync('"hello"')], ['gzip', gzipSync('"hello"')]] as const) {
      const answer = await post(base, 'POST', '/publish/x/y/0/z/0', { 'content-type': 'application/json', 'content-encoding': encoding }, body);
      expect([answer.status, JSON.parse(answer.body).message]).toEqual([400, 'Invalid Subscribe Key']);
    }
    const brotli = await post(base, 'POST', '/publish/x/y/0/z/0', { 'content-type': 'application/json', 'content-encoding': 'br' }, Buffer.from('"hello"'));
    expect([brotli.status, JSON.parse(brotli.body).message]).toEqual([415, COMPRESSED_BODY_MESSAGES.unknownEncoding]);
  });

  it('answers broken and oversized compressed bodies on every route that takes a body with a clear 4xx, and keeps serving', async () => {
    const spec = (await (await fetch(`${base}/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(spec.paths).flatMap(([path, operations]) =>
      Object.keys(operations).filter((method) => ['post', 'put', 'patch', 'delete'].includes(method)).map((method) => ({ method: method.toUpperCase(), path })));
    expect(routes.length).toBeGreaterThan(50);
    expect(routes).toContainEqual({ method: 'POST', path: PUBNUB_PUBLISH });
    const unclear: string[] = [];
    for (const route of routes) {
      const url = route.path.replace(/\{[^}]+\}/g, 'x');
      for (const sample of BODIES) {
        const answer = await post(base, route.method, url, { 'content-type': 'application/json', 'content-encoding': sample.encoding }, sample.body);
        const message = answer.status === 0 ? '' : (JSON.parse(answer.body) as { message?: string }).message ?? '';
        const expected = route.path !== PUBNUB_PUBLISH ? [415, COMPRESSED_BODY_MESSAGES.notTaken]
          : sample.name.startsWith('oversized') ? [413, 'Message Too Large: at most 32 KiB.'] : [400, COMPRESSED_BODY_MESSAGES.broken];
        if (answer.status !== expected[0] || message !== expected[1]) unclear.push(`${route.method} ${route.path} ${sample.name}: ${answer.status} ${message}`);
      }
      if (!(await alive())) throw new Error(`the back end stopped answering after ${route.method} ${route.path}`);
    }
    expect(unclear).toEqual([]);
  });
});
