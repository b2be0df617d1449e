/**
 * The speech model download against a real HTTP server on loopback serving a file the test makes (random bytes, its
 * digests put in the table through the `models` option): progress, a cut half-way and the Range request that goes on,
 * a server that ignores Range, a wrong checksum, no network (a closed port), a full disk (a real 1 MiB tmpfs when this
 * process may mount one — as root here — else that one test is skipped and says why), one download shared by callers.
 */
import { createHash, randomBytes } from 'node:crypto';
import { execFileSync, spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisCancelled, AnalysisFault } from '../../../../../src/server/analysis/engines';
import {
  DAMAGED_SENTENCE,
  SPEECH_MODELS,
  ensureSpeechModel,
  speechModelPath,
  speechModelState,
  type SpeechModelFile,
  type SpeechModelSize,
} from '../../../../../src/server/analysis/speech/speechModel';

const FILE_BYTES = 3 * 1024 * 1024 + 17;
const content = randomBytes(FILE_BYTES);

function tableFor(bytes: Buffer, overrides: Partial<SpeechModelFile> = {}): Record<SpeechModelSize, SpeechModelFile> {
  const entry: SpeechModelFile = {
    size: 'base',
    fileName: 'ggml-test.bin',
    bytes: bytes.length,
    sha1: createHash('sha1').update(bytes).digest('hex'),
    sha256: createHash('sha256').update(bytes).digest('hex'),
    url: 'unused',
    sizeLabel: '142 MB',
    ...overrides,
  };
  return { base: entry, small: { ...entry, size: 'small', fileName: 'ggml-test-small.bin' } };
}

interface Behaviour {
  /** First request only: destroy the socket after this many body bytes. */
  cutAfter?: number;
  ignoreRange?: boolean;
  /** Hold the body after this many bytes until `gate` settles. */
  pauseAfter?: { bytes: number; gate: Promise<void> };
  /** Send this many bytes per write (with a pause between), to make a download last. */
  slowChunk?: number;
}

interface FileServer {
  baseUrl: string;
  requests: { url: string; range: string | undefined }[];
  behaviour: Behaviour;
  close(): Promise<void>;
}

async function startServer(body: Buffer = content): Promise<FileServer> {
  const requests: FileServer['requests'] = [];
  const state: FileServer = { baseUrl: '', requests, behaviour: {}, close: async () => undefined };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    requests.push({ url: req.url ?? '', range: req.headers.range });
    if (req.url?.startsWith('/404/')) {
      res.writeHead(404).end('Entry not found');
      return;
    }
    const first = requests.length === 1;
    const b = state.behaviour;
    let start = 0;
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    if (range && !b.ignoreRange) {
      start = Number(range[1]);
      if (start >= body.length) {
        res.writeHead(416, { 'content-range': `bytes */${body.length}` }).end();
        return;
      }
      res.writeHead(206, { 'content-length': body.length - start, 'content-range': `bytes ${start}-${body.length - 1}/${body.length}` });
    } else {
      res.writeHead(200, { 'content-length': body.length });
    }
    void (async () => {
      let sent = start;
      const send = (end: number) => new Promise<void>((resolve) => res.write(body.subarray(sent, end), () => ((sent = end), resolve())));
      if (first && b.cutAfter !== undefined) {
        await send(b.cutAfter);
        // Let the bytes leave before the cut, then cut the connection mid-body.
        setTimeout(() => res.socket?.destroy(), 50);
        return;
      }
      if (b.pauseAfter && sent < b.pauseAfter.bytes) {
        await send(b.pauseAfter.bytes);
        await b.pauseAfter.gate;
      }
      const step = b.slowChunk ?? body.length;
      while (sent < body.length && !res.destroyed) {
        await send(Math.min(body.length, sent + step));
        if (b.slowChunk) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      res.end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/files`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

function caught(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => new Error('expected a rejection'),
    (error: unknown) => error,
  );
}

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'speech-model-'));
  dirs.push(dir);
  return dir;
}

let server: FileServer;
beforeAll(async () => {
  server = await startServer();
});
afterEach(() => {
  server.requests.length = 0;
  server.behaviour = {};
});
afterAll(async () => {
  await server.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the speech model table', () => {
  it('names whisper.cpp multilingual base and small files on Hugging Face with their sizes and digests', () => {
    expect(SPEECH_MODELS.base).toMatchObject({ fileName: 'ggml-base.bin', bytes: 147_951_465, sizeLabel: '142 MB', sha1: '465707469ff3a37a2b9b8d8f89f2f99de7299dac' });
    expect(SPEECH_MODELS.small).toMatchObject({ fileName: 'ggml-small.bin', bytes: 487_601_967, sizeLabel: '466 MB', sha1: '55356645c2b361a969dfd0ef2c5a50d530afd8d5' });
    expect(SPEECH_MODELS.base.url).toBe('https://huggingface.co/ggerganov/whisper.cpp/resolve/main/ggml-base.bin');
    for (const model of Object.values(SPEECH_MODELS)) expect(model.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(speechModelPath('/data', 'small')).toBe(join('/data', 'models', 'ggml-small.bin'));
  });
});

describe('ensureSpeechModel', () => {
  const models = tableFor(content);

  it('downloads into <file>.part with progress, verifies it, renames it into place, then never fetches again', async () => {
    const dir = dataDir();
    server.behaviour = { slowChunk: 256 * 1024 };
    expect(await speechModelState(dir, 'base', models)).toBe('missing');
    const events: { fraction: number; done: number; total: number }[] = [];
    const path = await ensureSpeechModel({ dataDir: dir, size: 'base', baseUrl: server.baseUrl, models, onProgress: (fraction, b) => events.push({ fraction, ...b }) });

    expect(path).toBe(join(dir, 'models', 'ggml-test.bin'));
    expect((await readFile(path)).equals(content)).toBe(true);
    expect(existsSync(`${path}.part`)).toBe(false);
    expect(await speechModelState(dir, 'base', models)).toBe('ready');
    expect(server.requests).toEqual([{ url: '/files/ggml-test.bin', range: undefined }]);
    expect(events.length).toBeGreaterThan(5);
    for (const e of events) expect(e.total).toBe(FILE_BYTES);
    for (let i = 1; i < events.length; i++) expect(events[i]!.done).toBeGreaterThanOrEqual(events[i - 1]!.done);
    expect(events.at(-1)).toEqual({ fraction: 1, done: FILE_BYTES, total: FILE_BYTES });
    expect(events.some((e) => e.fraction > 0 && e.fraction < 1)).toBe(true);

    await ensureSpeechModel({ dataDir: dir, size: 'base', baseUrl: server.baseUrl, models });
    expect(server.requests).toHaveLength(1);
  });

  it('after a cut half-way keeps the .part, and the next call asks for the rest with Range and completes the file', async () => {
    const dir = dataDir();
    const half = Math.floor(FILE_BYTES / 2);
    server.behaviour = { cutAfter: half };
    const first = await caught(ensureSpeechModel({ dataDir: dir, size: 'base', baseUrl: server.baseUrl, models, maxTries: 1, idleTimeoutMs: 5000 }));
    expect(first).toBeInstanceOf(AnalysisFault);
    expect((first as AnalysisFault).retryable).toBe(true);
    expect(await speechModelState(dir, 'base', models)).toBe('partial');
    const have = (await stat(`${speechModelPath(dir, 'base', models)}.part`)).size;
    expect(have).toBe(half);

    const path = await ensureSpeechModel({ dataDir: dir, size: 'base', baseUrl: server.baseUrl, models });
    expect(server.requests.map((r) => r.range)).toEqual([undefined, `bytes=${half}-`]);
    expect((await readFile(path)).equals(content)).toBe(true);
    expect(await speechModelState(dir, 'base', models)).toBe('ready');
  });

  it('goes on by itself with Range within one call when the connection is cut', async () => {
    const dir = dataDir();
    const cut = 1_000_001;
    server.behaviour = { cutAfter: cut };
    const fractions: number[] = [];
    const path = await ensureSpeechModel({ dataDir: dir, size: 'base', baseUrl: server.baseUrl, models, retryDelayMs: 0, onProgress: (f) => fractions.push(f) });
    expect(server.requests.map((r) => r.range)).toEqual([undefined, `bytes=${cut}-`]);
    expect((await readFile(path)).equals(content)).toBe(true);
    expect(fractions.at(-1)).toBe(1);
  });

  it('starts over when the server ignores Range (200 instead of 206)', async () => {
    const dir = dataDir();
    const path = speechModelPath(dir, 'base', models);
    mkdirSync(join(dir, 'models'), { recursive: true });
    await writeFile(`${path}.part`, content.subarray(0, 5000));
    server.behaviour = { ignoreRange: true };
    await ensureSpeechModel({ dataDir: dir, size: 'base', baseUrl: server.baseUrl, models });
    expect(server.requests.map((r) => r.range)).toEqual(['bytes=5000-']);
    expect((await readFile(path)).equals(content)).toBe(true);
  });

  it('deletes a download whose checksum is wrong and says it will be fetched again', async () => {
    const dir = dataDir();
    const wrong = tableFor(content, { sha256: 'f'.repeat(64) });
    const error = await caught(ensureSpeechModel({ dataDir: dir, size: 'base', baseUrl: server.baseUrl, models: wrong }));
    expect(error).toBeInstanceOf(AnalysisFault);
    expect((error as AnalysisFault).message).toBe(DAMAGED_SENTENCE);
    expect((error as AnalysisFault).message).toBe('The speech model download was damaged; it will be fetched again.');
    expect((error as AnalysisFault).retryable).toBe(true);
    expect(await speechModelState(dir, 'base', wrong)).toBe('missing');
    expect(existsSync(join(dir, 'models', 'ggml-test.bin'))).toBe(false);
  });

  it('with no network (a closed port) says to connect once, with the size of the real model', async () => {
    const dir = dataDir();
    const url = await closedPortUrl();
    for (const size of ['base', 'small'] as const) {
      const error = await caught(ensureSpeechModel({ dataDir: dir, size, baseUrl: url }));
      expect(error).toBeInstanceOf(AnalysisFault);
      expect((error as AnalysisFault).message).toBe(size === 'base' ? 'Connect once to download the speech model (142 MB)' : 'Connect once to download the speech model (466 MB)');
      expect((error as AnalysisFault).retryable).toBe(true);
    }
    expect(await speechModelState(dir, 'base')).toBe('missing');
  });

  it('reads the base URL from REELSCOPE_SPEECH_MODEL_URL when none is passed', async () => {
    const dir = dataDir();
    const before = process.env.REELSCOPE_SPEECH_MODEL_URL;
    process.env.REELSCOPE_SPEECH_MODEL_URL = `${server.baseUrl}/`;
    try {
      await ensureSpeechModel({ dataDir: dir, size: 'base', models });
    } finally {
      if (before === undefined) delete process.env.REELSCOPE_SPEECH_MODEL_URL;
      else process.env.REELSCOPE_SPEECH_MODEL_URL = before;
    }
    expect(server.requests.map((r) => r.url)).toEqual(['/files/ggml-test.bin']);
  });

  it('says how much space to free when the disk cannot hold the model before a byte is written', async () => {
    const dir = dataDir();
    const huge = tableFor(content, { bytes: 2 ** 53 - 1 });
    const error = await caught(ensureSpeechModel({ dataDir: dir, size: 'base', baseUrl: server.baseUrl, models: huge }));
    expect(error).toBeInstanceOf(AnalysisFault);
    expect((error as AnalysisFault).message).toMatch(/^The disk is full: free \d+ MB in .+models to download the speech model\.$/);
  });

  it('shares one download between callers at once; one caller cancelling stops only its own wait', async () => {
    const dir = dataDir();
    server.behaviour = { slowChunk: 128 * 1024 };
    const leaving = new AbortController();
    const seenA: number[] = [];
    const seenB: number[] = [];
    const a = ensureSpeechModel({ dataDir: dir, size: 'base', baseUrl: server.baseUrl, models, onProgress: (f) => seenA.push(f) });
    const b = ensureSpeechModel({ dataDir: dir, size: 'base', baseUrl: server.baseUrl, models, onProgress: (f) => seenB.push(f) });
    const c = ensureSpeechModel({ dataDir: dir, size: 'base', baseUrl: server.baseUrl, models, signal: leaving.signal });
    setTimeout(() => leaving.abort(), 30);
    expect(await caught(c)).toBeInstanceOf(AnalysisCancelled);
    const [pathA, pathB] = await Promise.all([a, b]);
    expect(pathA).toBe(pathB);
    expect(server.requests).toHaveLength(1);
    expect(seenA.at(-1)).toBe(1);
    expect(seenB.at(-1)).toBe(1);
    expect((await readFile(pathA)).equals(content)).toBe(true);
  });

  it('waits for another process that holds the lock, and takes over a lock left by a process that has gone', async () => {
    const dir = dataDir();
    const path = speechModelPath(dir, 'base', models);
    mkdirSync(join(dir, 'models'), { recursive: true });
    const other = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      await writeFile(`${path}.lock`, String(other.pid));
      const fractions: number[] = [];
      const waiting = ensureSpeechModel({ dataDir: dir, size: 'base', baseUrl: server.baseUrl, models, lockPollMs: 20, onProgress: (f) => fractions.push(f) });
      await new Promise((resolve) => setTimeout(resolve, 100));
      // The other process gets half-way, then renames its verified file into place and lets go.
      await writeFile(`${path}.part`, content.subarray(0, FILE_BYTES / 2));
      await new Promise((resolve) => setTimeout(resolve, 100));
      await writeFile(`${path}.tmp`, content);
      await rename(`${path}.tmp`, path);
      await rm(`${path}.part`);
      expect(await waiting).toBe(path);
      expect(server.requests).toHaveLength(0);
      expect(fractions.some((f) => f > 0.4 && f < 0.6)).toBe(true);
    } finally {
      other.kill();
    }

    const gone = spawn('true', { stdio: 'ignore' });
    await new Promise((resolve) => gone.once('exit', resolve));
    const dir2 = dataDir();
    mkdirSync(join(dir2, 'models'), { recursive: true });
    const path2 = speechModelPath(dir2, 'base', models);
    await writeFile(`${path2}.lock`, String(gone.pid));
    expect(await ensureSpeechModel({ dataDir: dir2, size: 'base', baseUrl: server.baseUrl, models, lockPollMs: 20 })).toBe(path2);
    expect((await readFile(path2)).equals(content)).toBe(true);
    expect(existsSync(`${path2}.lock`)).toBe(false);
  });

  it('counts a server that accepts but never answers as offline (idle timeout)', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
      const error = await caught(ensureSpeechModel({ dataDir: dataDir(), size: 'base', baseUrl: url, models, idleTimeoutMs: 200 }));
      expect((error as AnalysisFault).message).toBe('Connect once to download the speech model (142 MB)');
      expect((error as AnalysisFault).retryable).toBe(true);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('says what the server answered when the file is not there', async () => {
    const missing = tableFor(content, { fileName: 'nothing-here.bin' });
    const error = await caught(ensureSpeechModel({ dataDir: dataDir(), size: 'base', baseUrl: `${server.baseUrl.replace('/files', '')}/404`, models: missing }));
    expect((error as AnalysisFault).message).toMatch(/^The speech model could not be downloaded: 127\.0\.0\.1:\d+ answered 404\.$/);
    expect((error as AnalysisFault).retryable).toBe(false);
  });

  it('cancelled by its only caller, stops and keeps the .part for the next time', async () => {
    const dir = dataDir();
    let open!: () => void;
    server.behaviour = { pauseAfter: { bytes: 400_000, gate: new Promise<void>((resolve) => (open = resolve)) } };
    const controller = new AbortController();
    const run = ensureSpeechModel({
      dataDir: dir,
      size: 'base',
      baseUrl: server.baseUrl,
      models,
      signal: controller.signal,
      onProgress: (_f, bytes) => {
        if (bytes.done >= 400_000) controller.abort();
      },
    });
    expect(await caught(run)).toBeInstanceOf(AnalysisCancelled);
    open();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await speechModelState(dir, 'base', models)).toBe('partial');
    const path = await ensureSpeechModel({ dataDir: dir, size: 'base', baseUrl: server.baseUrl, models });
    expect(server.requests.at(-1)?.range).toBe('bytes=400000-');
    expect((await readFile(path)).equals(content)).toBe(true);
  });
});

/** A real full disk: a 1 MiB tmpfs (needs the right to mount, root here). */
const tmpfsDir = mkdtempSync(join(tmpdir(), 'speech-model-tmpfs-'));
let tmpfsMounted = false;
try {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', tmpfsDir], { stdio: 'ignore' });
  tmpfsMounted = true;
} catch {
  // Not allowed to mount here: the real ENOSPC test is skipped (the free-space check above still runs).
}

describe.skipIf(!tmpfsMounted)('ensureSpeechModel on a full disk (a real 1 MiB tmpfs)', () => {
  afterAll(() => {
    try {
      execFileSync('umount', [tmpfsDir], { stdio: 'ignore' });
    } finally {
      rmSync(tmpfsDir, { recursive: true, force: true });
    }
  });

  it('fails with ENOSPC mid-download as a sentence naming the space needed, and keeps what it had', async () => {
    const body = randomBytes(900 * 1024);
    const own = await startServer(body);
    try {
      let open!: () => void;
      own.behaviour = { pauseAfter: { bytes: 100 * 1024, gate: new Promise<void>((resolve) => (open = resolve)) } };
      const models = tableFor(body);
      let filled = false;
      const error = await caught(
        ensureSpeechModel({
          dataDir: tmpfsDir,
          size: 'base',
          baseUrl: own.baseUrl,
          models,
          onProgress: (_f, bytes) => {
            // The free-space check has passed (900 KiB fit in 1 MiB): something else now takes 600 KiB of the disk.
            if (!filled && bytes.done >= 100 * 1024) {
              filled = true;
              void writeFile(join(tmpfsDir, 'other-file'), Buffer.alloc(600 * 1024)).then(() => open());
            }
          },
        }),
      );
      expect(filled).toBe(true);
      expect(error).toBeInstanceOf(AnalysisFault);
      expect((error as AnalysisFault).message).toMatch(/^The disk is full: free 1 MB in .+models to download the speech model\.$/);
      expect(await speechModelState(tmpfsDir, 'base', models)).toBe('partial');
      expect((await stat(`${speechModelPath(tmpfsDir, 'base', models)}.part`)).size).toBeGreaterThanOrEqual(100 * 1024);
    } finally {
      await own.close();
    }
  });
});

if (!tmpfsMounted) rmSync(tmpfsDir, { recursive: true, force: true });
