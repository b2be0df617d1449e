import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { Server as NetServer, Socket } from 'node:net';
import { createServer as createNetServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileSinks } from '../../../src/main/adapters/fileSinks';
import { REDIRECT_REFUSED, transferToFile } from '../../../src/main/services/downloadTransfer';
import { ConnectionError, streamingGet } from '../../../src/main/services/streamingGet';
import type { BodyWriter } from '../../../src/main/services/streamingGet';
import { useTempDir } from './helpers';

const tempDir = useTempDir('reelscope-get-');
const servers: (HttpServer | NetServer)[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    if ('closeAllConnections' in server) server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

async function listen(server: HttpServer | NetServer, scheme = 'http'): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return `${scheme}://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** A raw TCP server that answers every connection with `bytes`, written in pieces of `piece` bytes, then closes. */
function rawServer(bytes: Buffer, piece = bytes.length, close: 'end' | 'reset' = 'end'): NetServer {
  return createNetServer((socket: Socket) => {
    socket.once('data', async () => {
      for (let at = 0; at < bytes.length; at += piece) {
        socket.write(bytes.subarray(at, at + piece));
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (close === 'reset') socket.resetAndDestroy();
      else socket.end();
    });
  });
}

/** Collects a body through `pipeBody`, each write resolving after `delayMs`; answers the bytes and the most writes in flight. */
async function collect(url: string, delayMs = 0): Promise<{ status: number; body: Buffer; maxInFlight: number }> {
  const response = await streamingGet(url, { signal: new AbortController().signal });
  const parts: Buffer[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const write: BodyWriter = async (data, offset, length) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    // Copied at once: the buffer is reused after the write settles, as a file write would have consumed it.
    parts.push(Buffer.from(data.subarray(offset, offset + length)));
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    inFlight -= 1;
  };
  const bytes = await response.pipeBody(write);
  const body = Buffer.concat(parts);
  expect(bytes).toBe(body.length);
  return { status: response.status, body, maxInFlight };
}

describe('streamingGet: the download client reading into a bounded pool of buffers', () => {
  it('reads a 40 MiB Content-Length body byte-identical, with at most 8 buffers in flight while the disk is slow', async () => {
    const source = randomBytes(40 * 1024 * 1024);
    const url = await listen(createHttpServer((_req, res) => res.writeHead(200, { 'content-length': source.length }).end(source)));
    const { status, body, maxInFlight } = await collect(url, 2);
    expect(status).toBe(200);
    expect(body.equals(source)).toBe(true);
    expect(maxInFlight).toBeLessThanOrEqual(8);
  });

  it('decodes a chunked body whose chunk sizes, extensions and trailer arrive split across reads', async () => {
    const parts = ['Hello, ', 'chunked ', 'wörld — 日本語'].map((text) => Buffer.from(text));
    const wire = Buffer.concat([
      Buffer.from('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Type: text/plain\r\n\r\n'),
      ...parts.flatMap((part, i) => [Buffer.from(`${part.length.toString(16).toUpperCase()}${i === 1 ? ';name=value' : ''}\r\n`), part, Buffer.from('\r\n')]),
      Buffer.from('0\r\nX-Checksum: abc\r\n\r\n'),
    ]);
    const url = await listen(rawServer(wire, 3));
    const { status, body } = await collect(url);
    expect(status).toBe(200);
    expect(body.toString()).toBe('Hello, chunked wörld — 日本語');
  });

  it('reads a body that ends when the server closes the connection (no length, not chunked)', async () => {
    const wire = Buffer.concat([Buffer.from('HTTP/1.0 200 OK\r\nContent-Type: video/mp4\r\n\r\n'), Buffer.from('x'.repeat(100_000))]);
    const { body } = await collect(await listen(rawServer(wire, 4096)));
    expect(body.length).toBe(100_000);
  });

  it('rejects with a ConnectionError when the connection drops before Content-Length bytes arrived', async () => {
    const wire = Buffer.concat([Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 5000\r\n\r\n'), Buffer.alloc(1000, 1)]);
    const response = await streamingGet(await listen(rawServer(wire, 1000, 'reset')), { signal: new AbortController().signal });
    await expect(response.pipeBody(async () => undefined)).rejects.toBeInstanceOf(ConnectionError);
  });

  it('rejects a malformed chunked body with a ConnectionError instead of crashing the process', async () => {
    const wire = Buffer.from('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\nnope\r\n');
    const response = await streamingGet(await listen(rawServer(wire)), { signal: new AbortController().signal });
    await expect(response.pipeBody(async () => undefined)).rejects.toThrow(/malformed chunked body/);
  });

  it('passes on the rejection of a write (a full disk) and stops reading', async () => {
    const source = randomBytes(8 * 1024 * 1024);
    const url = await listen(createHttpServer((_req, res) => res.writeHead(200, { 'content-length': source.length }).end(source)));
    const response = await streamingGet(url, { signal: new AbortController().signal });
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    await expect(response.pipeBody(async () => Promise.reject(full))).rejects.toBe(full);
  });

  it('fails at once when aborted, before or during the body', async () => {
    const url = await listen(createHttpServer((_req, res) => res.writeHead(200, { 'content-length': 10_000_000 }).write(Buffer.alloc(1000))));
    const controller = new AbortController();
    const response = await streamingGet(url, { signal: controller.signal });
    const body = response.pipeBody(async () => undefined);
    controller.abort(new Error('canceled by the person'));
    await expect(body).rejects.toThrow('canceled by the person');
  });

  it('downloads over HTTPS (a self-signed certificate made with openssl for this test)', async () => {
    const dir = tempDir();
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
    const source = randomBytes(3 * 1024 * 1024);
    const server = createHttpsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (_req, res) => res.writeHead(200, { 'content-length': source.length }).end(source));
    const url = await listen(server, 'https');
    // Trust exactly this certificate: Node reads extra CAs only at start, so the test passes it through the env of a child.
    const file = join(dir, 'out.bin');
    const script = `import { streamingGet } from ${JSON.stringify(new URL('../../../src/main/services/streamingGet.ts', import.meta.url).pathname)};
      import { writeFileSync } from 'node:fs';
      const parts = [];
      const res = await streamingGet(${JSON.stringify(url)}, { signal: new AbortController().signal });
      await res.pipeBody(async (d, o, l) => { parts.push(Buffer.from(d.subarray(o, o + l))); });
      writeFileSync(${JSON.stringify(file)}, Buffer.concat(parts));`;
    const scriptFile = join(dir, 'get.mts');
    writeFileSync(scriptFile, script);
    await new Promise<void>((resolve, reject) => {
      execFile(process.execPath, ['--import', 'tsx', scriptFile], { env: { ...process.env, NODE_EXTRA_CA_CERTS: cert } }, (error) => (error ? reject(error) : resolve()));
    });
    expect(readFileSync(file).equals(source)).toBe(true);
  });
});

describe('transferToFile on top of it', () => {
  it('follows a redirect to the file and saves it whole', async () => {
    const source = randomBytes(2 * 1024 * 1024);
    const url = await listen(
      createHttpServer((req, res) => {
        if (req.url === '/short') res.writeHead(302, { location: '/files/video.mp4' }).end();
        else res.writeHead(200, { 'content-length': source.length, 'content-type': 'video/mp4' }).end(source);
      }),
    );
    const partPath = join(tempDir(), 'video.part');
    const result = await transferToFile({
      url: async () => ({ href: `${url}/short` }), partPath, fileSinks: createFileSinks(), signal: new AbortController().signal,
      onProgress: () => undefined, sleep: async () => undefined,
    });
    expect(result).toEqual({ bytes: source.length, mime: 'video/mp4' });
    expect(readFileSync(partPath).equals(source)).toBe(true);
  });

  /** A server that counts what it is asked for and serves `source`. */
  async function elsewhere(source: Buffer): Promise<{ url: string; hits: () => number }> {
    let hits = 0;
    const url = await listen(createHttpServer((_req, res) => {
      hits += 1;
      res.writeHead(200, { 'content-length': source.length, 'content-type': 'video/mp4' }).end(source);
    }));
    return { url, hits: () => hits };
  }

  it('refuses a redirect to another origin than the signed URL\'s, unless the back end named it', async () => {
    const source = randomBytes(64 * 1024);
    const other = await elsewhere(source);
    const signed = await listen(createHttpServer((_req, res) => res.writeHead(302, { location: `${other.url}/files/video.mp4` }).end()));
    const base = { partPath: join(tempDir(), 'video.part'), fileSinks: createFileSinks(), signal: new AbortController().signal, onProgress: () => undefined, sleep: async () => undefined };
    await expect(transferToFile({ ...base, url: async () => ({ href: `${signed}/video` }) })).rejects.toThrow(REDIRECT_REFUSED);
    expect(other.hits()).toBe(0);
    const named = await transferToFile({ ...base, url: async () => ({ href: `${signed}/video`, redirectOrigins: [other.url] }) });
    expect(named.bytes).toBe(source.length);
    expect(other.hits()).toBe(1);
  });

  it('refuses an https signed URL that redirects to http, even on a named origin (certificate made with openssl)', async () => {
    const dir = tempDir();
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
    const other = await elsewhere(randomBytes(1024));
    const secure = await listen(createHttpsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (_req, res) => res.writeHead(302, { location: `${other.url}/video.mp4` }).end()), 'https');
    const script = `import { transferToFile } from ${JSON.stringify(new URL('../../../src/main/services/downloadTransfer.ts', import.meta.url).pathname)};
      import { createFileSinks } from ${JSON.stringify(new URL('../../../src/main/adapters/fileSinks.ts', import.meta.url).pathname)};
      try {
        await transferToFile({ url: async () => ({ href: ${JSON.stringify(`${secure}/video`)}, redirectOrigins: [${JSON.stringify(other.url)}] }),
          partPath: ${JSON.stringify(join(dir, 'video.part'))}, fileSinks: createFileSinks(), signal: new AbortController().signal,
          onProgress: () => undefined, sleep: async () => undefined });
        console.log('downloaded');
      } catch (error) { console.log(error.message); }`;
    const scriptFile = join(dir, 'redirect.mts');
    writeFileSync(scriptFile, script);
    const said = await new Promise<string>((resolve, reject) => {
      execFile(process.execPath, ['--import', 'tsx', scriptFile], { env: { ...process.env, NODE_EXTRA_CA_CERTS: cert } }, (error, stdout) => (error ? reject(error) : resolve(stdout.trim())));
    });
    expect(said).toBe(REDIRECT_REFUSED);
    expect(other.hits()).toBe(0);
  });
});
