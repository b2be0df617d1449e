import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type RunningServer } from '../../../src/server/app';
import { readSharedSecret, SHARED_SECRET_ENV } from '../../../src/server/auth/sharedSecrets';
import { startCli, useTempDir } from './support/cliProcess';
import { startLocalBucket, type LocalBucket } from './support/localBucket';
import { createTestUser } from './support/testServer';
import { testDatabaseEnv } from './support/testEngine';

const DEMO_VIDEO = readFileSync(join(process.cwd(), 'resources', 'media', 'reelscope-demo-1.mp4'));
const JWT_SECRET = randomBytes(48).toString('base64');
const MEDIA_URL_SECRET = randomBytes(32).toString('hex');

/** Two instances as a team server runs them: separate data folders, one bucket, the same user in both databases (each its own, on the test engine). */
interface Pair {
  servers: RunningServer[];
  user: { email: string; password: string };
  close(): Promise<void>;
}

/** An instance on `dataDir` with a database of its own on the test engine (the caller restores process.env). */
async function startOnOwnDatabase(dataDir: string): Promise<RunningServer> {
  Object.assign(process.env, await testDatabaseEnv());
  return createServer({ dataDir, port: 0, seed: false });
}

async function startPair(bucket: LocalBucket, secrets: Record<string, string>): Promise<Pair> {
  const saved = { ...process.env };
  // The analysis of the uploaded clip is not what these tests are about: it waits past their end.
  Object.assign(process.env, bucket.env, secrets, { REELSCOPE_ANALYSIS_DELAY_MS: '600000' });
  const dirs = [mkdtempSync(join(tmpdir(), 'reelscope-shared-a-')), mkdtempSync(join(tmpdir(), 'reelscope-shared-b-'))];
  const servers: RunningServer[] = [];
  try {
    for (const dataDir of dirs) servers.push(await startOnOwnDatabase(dataDir));
  } finally {
    process.env = saved;
  }
  const spec = { id: randomUUID(), email: `team-${randomUUID()}@example.com`, brands: [{ id: randomUUID(), name: 'Lumina Skincare' }] };
  let user = { email: spec.email, password: '' };
  for (const server of servers) user = await createTestUser(server.sql, spec);
  return {
    servers,
    user,
    async close() {
      for (const server of servers) await server.close();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function post(server: RunningServer, path: string, body: object, jwt?: string): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(jwt ? { authorization: `Bearer ${jwt}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

async function signInOn(server: RunningServer, user: { email: string; password: string }): Promise<string> {
  const answer = await post(server, '/jwt_api/login', user);
  expect(answer.status).toBe(200);
  return String(answer.json.jwt);
}

/** Status of an authenticated read on `server` with a token another instance signed. */
async function bookmarksStatus(server: RunningServer, jwt: string): Promise<number> {
  return (await fetch(`${server.url}/jwt_api/api/bookmarks/data`, { headers: { authorization: `Bearer ${jwt}` } })).status;
}

/** Uploads the demo clip through `server` (into the shared bucket) and answers the signed download path it gives. */
async function uploadAndSign(server: RunningServer, jwt: string): Promise<string> {
  const target = await post(server, '/second/video/create-upload-url/clip.mp4', {}, jwt);
  expect(target.status).toBe(200);
  const put = await fetch(`${server.url}${String(target.json.url)}`, { method: 'PUT', headers: { 'content-type': 'video/mp4', authorization: `Bearer ${jwt}` }, body: new Uint8Array(DEMO_VIDEO) });
  expect(put.status).toBe(200);
  const signed = await post(server, '/second/download-video', { videoId: String(target.json.videoId) }, jwt);
  expect(signed.status).toBe(200);
  return (signed.json.data as { signedUrl: string }).signedUrl;
}

describe('two instances behind one address (separate data folders, one bucket, real HTTP on 127.0.0.1)', () => {
  let bucket: LocalBucket;
  let pair: Pair | null = null;
  beforeAll(async () => {
    bucket = await startLocalBucket();
  });
  afterEach(async () => {
    await pair?.close();
    pair = null;
  });
  afterAll(async () => bucket?.close());

  it('accept each other\'s access tokens and signed media URLs when they share REELSCOPE_JWT_SECRET and REELSCOPE_MEDIA_URL_SECRET', async () => {
    pair = await startPair(bucket, { REELSCOPE_JWT_SECRET: JWT_SECRET, REELSCOPE_MEDIA_URL_SECRET: MEDIA_URL_SECRET });
    const [a, b] = pair.servers as [RunningServer, RunningServer];
    const fromA = await signInOn(a, pair.user);
    const fromB = await signInOn(b, pair.user);
    expect(await bookmarksStatus(b, fromA)).toBe(200);
    expect(await bookmarksStatus(a, fromB)).toBe(200);

    const signedByA = await uploadAndSign(a, fromA);
    const played = await fetch(`${b.url}${signedByA}`, { headers: { range: 'bytes=100-299' } });
    expect(played.status).toBe(206);
    expect(Buffer.from(await played.arrayBuffer()).equals(DEMO_VIDEO.subarray(100, 300))).toBe(true);
    const signedByB = await uploadAndSign(b, fromB);
    expect((await fetch(`${a.url}${signedByB}`, { headers: { range: 'bytes=0-99' } })).status).toBe(206);
  });

  it('refuse each other\'s tokens and signed URLs without them (each data folder keeps its own secrets)', async () => {
    pair = await startPair(bucket, {});
    const [a, b] = pair.servers as [RunningServer, RunningServer];
    const fromA = await signInOn(a, pair.user);
    expect(await bookmarksStatus(a, fromA)).toBe(200);
    expect(await bookmarksStatus(b, fromA)).toBe(401);
    const signedByA = await uploadAndSign(a, fromA);
    expect((await fetch(`${a.url}${signedByA}`)).status).toBe(200);
    expect((await fetch(`${b.url}${signedByA}`)).status).toBe(403);
  });
});

describe('reading a shared secret', () => {
  it('takes hex, base64 (wrapped over lines too) and base64url to the same bytes', () => {
    const bytes = randomBytes(48);
    const wrapped = bytes.toString('base64').replace(/(.{20})/g, '$1\n');
    for (const text of [bytes.toString('hex'), wrapped, bytes.toString('base64url'), ` ${bytes.toString('base64')}\n`]) {
      expect(Buffer.from(readSharedSecret({ REELSCOPE_JWT_SECRET: text }, SHARED_SECRET_ENV.jwt)!).equals(bytes)).toBe(true);
    }
    expect(readSharedSecret({}, SHARED_SECRET_ENV.jwt)).toBeNull();
    expect(readSharedSecret({ REELSCOPE_JWT_SECRET: '  ' }, SHARED_SECRET_ENV.jwt)).toBeNull();
  });

  it('refuses the variable and its _FILE twin set together', () => {
    expect(() => readSharedSecret({ REELSCOPE_JWT_SECRET: JWT_SECRET, REELSCOPE_JWT_SECRET_FILE: '/run/secrets/jwt' }, SHARED_SECRET_ENV.jwt)).toThrow(
      'REELSCOPE_JWT_SECRET and REELSCOPE_JWT_SECRET_FILE are both set: keep one of them.',
    );
  });
});

describe('a malformed shared secret', () => {
  const temp = useTempDir('reelscope-shared-bad-');

  it('stops the start command with one line naming the variable, never the value', async () => {
    const tooShort = randomBytes(16).toString('base64');
    const started = startCli({ REELSCOPE_PORT: '0', REELSCOPE_DATA_DIR: temp.path, REELSCOPE_JWT_SECRET: tooShort });
    expect(await started.exited).toBe(1);
    expect(started.output().stderr.trim()).toBe(
      'Reelscope back end could not start: REELSCOPE_JWT_SECRET holds 16 bytes, fewer than the 32 a shared secret needs: make one with `openssl rand -base64 48`.',
    );
    expect(started.output().stdout + started.output().stderr).not.toContain(tooShort);
  });

  it('refuses text that is neither base64 nor hex, and names the _FILE variable a bad file came from', async () => {
    const saved = { ...process.env };
    const notBase64 = 'this is my s3cret pass phrase!';
    const file = join(temp.path, 'media-url-secret.txt');
    writeFileSync(file, 'YWJj\n');
    try {
      process.env.REELSCOPE_MEDIA_URL_SECRET = notBase64;
      const refused = createServer({ dataDir: temp.path, port: 0, seed: false });
      await expect(refused).rejects.toThrow('REELSCOPE_MEDIA_URL_SECRET must hold base64 or hex text (make one with `openssl rand -base64 48`), or unset it to keep the secret in the data folder.');
      await expect(refused).rejects.not.toThrow(notBase64);

      delete process.env.REELSCOPE_MEDIA_URL_SECRET;
      process.env.REELSCOPE_MEDIA_URL_SECRET_FILE = file;
      await expect(createServer({ dataDir: temp.path, port: 0, seed: false })).rejects.toThrow('REELSCOPE_MEDIA_URL_SECRET_FILE holds 3 bytes, fewer than the 32 a shared secret needs');

      process.env.REELSCOPE_MEDIA_URL_SECRET_FILE = join(temp.path, 'missing');
      await expect(createServer({ dataDir: temp.path, port: 0, seed: false })).rejects.toThrow(`REELSCOPE_MEDIA_URL_SECRET_FILE names ${join(temp.path, 'missing')}, which cannot be read (ENOENT): mount the secret file there or unset REELSCOPE_MEDIA_URL_SECRET_FILE.`);
    } finally {
      process.env = saved;
    }
  });

  it('reads a mounted secret file, so two instances given the same file share tokens', async () => {
    const saved = { ...process.env };
    const file = join(temp.path, 'jwt-secret.txt');
    writeFileSync(file, `${randomBytes(64).toString('base64url')}\n`);
    const dirs = [join(temp.path, 'a'), join(temp.path, 'b')];
    const servers: RunningServer[] = [];
    try {
      process.env.REELSCOPE_JWT_SECRET_FILE = file;
      for (const dataDir of dirs) servers.push(await startOnOwnDatabase(dataDir));
    } finally {
      process.env = saved;
    }
    try {
      const spec = { id: randomUUID(), email: 'file@example.com' };
      let user = { email: spec.email, password: '' };
      for (const server of servers) user = await createTestUser(server.sql, spec);
      const jwt = await signInOn(servers[0]!, user);
      expect(await bookmarksStatus(servers[1]!, jwt)).toBe(200);
    } finally {
      for (const server of servers) await server.close();
    }
  });
});
