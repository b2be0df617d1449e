import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/shared/messages';
import { nginxBinary, startLoadBalancer, type LoadBalancer } from '../../shared/loadBalancer';
import { readyMessage, startCli, type Started } from './support/cliProcess';
import { ENGINE, openTestDatabase } from './support/testEngine';
import { createTestUser } from './support/testServer';
import { until } from './support/until';

const BOOKMARKS = '/jwt_api/api/bookmarks/data';

/** Request lines of `path` an instance wrote to its log (REELSCOPE_LOG_LEVEL=info: one JSON line per answer). */
function answered(instance: Started, path: string): number {
  return instance.output().stdout.split('\n').filter((line) => line.includes(`"url":"${path}"`)).length;
}

// Its own test, so that a machine without nginx shows a failure that names it (the suite below cannot start there).
it('finds nginx, which runs deploy/nginx.conf for these tests', () => {
  expect(nginxBinary()).toMatch(/nginx$/);
});

describe('nginx (deploy/nginx.conf) round robin in front of two back-end processes on loopback', () => {
  const folder = mkdtempSync(join(tmpdir(), 'reelscope-lb-'));
  const user = { id: randomUUID(), email: 'lb@example.com', password: 'correct-horse-1' };
  // The same brand in both instances' SQLite files (a token names its brand; each file must know it).
  const brandId = randomUUID();
  const instances: Started[] = [];
  let nginx: LoadBalancer | null = null;
  let lb = '';

  beforeAll(async () => {
    // Before the back ends start: a machine without nginx fails here, naming it.
    nginxBinary();
    const secrets = { REELSCOPE_JWT_SECRET: randomBytes(48).toString('base64'), REELSCOPE_MEDIA_URL_SECRET: randomBytes(32).toString('hex') };
    const ports: number[] = [];
    let database: Record<string, string> | null = null;
    for (const name of ['a', 'b']) {
      const dataDir = join(folder, name);
      mkdirSync(dataDir, { mode: 0o700 });
      // On PostgreSQL both instances share the team server's one database; on SQLite separate files stand in for it,
      // the same account in each.
      if (database === null || ENGINE === 'sqlite') {
        const opened = await openTestDatabase({ dir: dataDir });
        await createTestUser(opened.sql, { ...user, brands: [{ id: brandId, name: 'Lumina Skincare' }] });
        await opened.close();
        database = opened.env;
      }
      const instance = startCli({ ...secrets, ...database, REELSCOPE_PORT: '0', REELSCOPE_DATA_DIR: dataDir, REELSCOPE_LOG_LEVEL: 'info', REELSCOPE_TRUSTED_PROXIES: '127.0.0.1' });
      instances.push(instance);
      ports.push((await readyMessage(instance.child)).port);
    }
    nginx = await startLoadBalancer(folder, ports);
    lb = nginx.url;
  }, 60_000);

  afterAll(async () => {
    await nginx?.stop();
    const exits = instances.map((instance) => instance.child)
      .filter((child): child is ChildProcess => child !== null && child.exitCode === null && child.signalCode === null)
      .map((child) => new Promise((done) => {
        child.once('exit', done);
        child.kill('SIGTERM');
      }));
    await Promise.all(exits);
    rmSync(folder, { recursive: true, force: true });
  });

  const get = async (path: string, jwt?: string): Promise<number> =>
    (await fetch(`${lb}${path}`, { headers: jwt ? { authorization: `Bearer ${jwt}` } : {} })).status;

  it('hands the balancer\'s own address, port included, back as the chat origin (the SDK connects there, not to port 80)', async () => {
    const login = await fetch(`${lb}/jwt_api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: user.email, password: user.password }) });
    const { jwt } = (await login.json()) as { jwt: string };
    const config = await fetch(`${lb}/jwt_api/chats/config`, { headers: { authorization: `Bearer ${jwt}` } });
    expect(config.status).toBe(200);
    expect(((await config.json()) as { origin: string }).origin).toBe(new URL(lb).host);
  });

  it('keeps a signed-in client working on one token through both instances, and through the one left when the other stops', async () => {
    const login = await fetch(`${lb}/jwt_api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: user.email, password: user.password }) });
    expect(login.status).toBe(200);
    const { jwt } = (await login.json()) as { jwt: string };

    const first = await Promise.all(Array.from({ length: 6 }, () => get(BOOKMARKS, jwt)));
    expect(first).toEqual(Array(6).fill(200));
    // Round robin: each instance answered some of them, with the token the other may have signed.
    await until(() => answered(instances[0]!, BOOKMARKS) + answered(instances[1]!, BOOKMARKS) === 6);
    expect(instances.map((instance) => answered(instance, BOOKMARKS) > 0)).toEqual([true, true]);

    // The second instance stops (SIGTERM drains, then the port closes): nginx takes it out of the rotation.
    const [, stopped] = instances as [Started, Started];
    stopped.child.kill('SIGTERM');
    expect(await stopped.exited).toBe(0);
    const before = answered(instances[0]!, BOOKMARKS);
    const after = [];
    for (let i = 0; i < 6; i++) after.push(await get(BOOKMARKS, jwt));
    expect(after).toEqual(Array(6).fill(200));
    await until(() => answered(instances[0]!, BOOKMARKS) === before + 6);
    // Readiness through the balancer is the remaining instance's, every time; a write (sign-in) still works too.
    for (let i = 0; i < 4; i++) expect(await get('/readyz')).toBe(200);
    const again = await fetch(`${lb}/jwt_api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: user.email, password: user.password }) });
    expect(again.status).toBe(200);
  });
});

/**
 * A TCP relay between the instances and PostgreSQL: cutting it is the database going away for both at once (its
 * connections drop, new ones are refused), as a PostgreSQL outage looks from the team server.
 */
async function startRelay(target: URL): Promise<{ port: number; cut: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const relay = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const [from, to] of [[client, upstream], [upstream, client]] as const) {
      sockets.add(from);
      from.pipe(to);
      from.once('error', () => to.destroy());
      from.once('close', () => (sockets.delete(from), to.destroy()));
    }
  });
  await new Promise<void>((done) => relay.listen(0, '127.0.0.1', done));
  const { port } = relay.address() as { port: number };
  return {
    port,
    cut: () => new Promise<void>((done) => {
      relay.close(() => done());
      for (const socket of sockets) socket.destroy();
    }),
  };
}

describe.skipIf(ENGINE !== 'postgres')('nginx (deploy/nginx.conf) in front of two instances while their PostgreSQL is down', () => {
  let folder = '';
  const user = { id: randomUUID(), email: 'lb-down@example.com', password: 'correct-horse-1' };
  const instances: Started[] = [];
  let nginx: LoadBalancer | null = null;
  let relay: Awaited<ReturnType<typeof startRelay>> | null = null;

  beforeAll(async () => {
    const secrets = { REELSCOPE_JWT_SECRET: randomBytes(48).toString('base64'), REELSCOPE_MEDIA_URL_SECRET: randomBytes(32).toString('hex') };
    folder = mkdtempSync(join(tmpdir(), 'reelscope-lb-down-'));
    const opened = await openTestDatabase({ dir: folder });
    await createTestUser(opened.sql, { ...user, brands: [{ id: randomUUID(), name: 'Lumina Skincare' }] });
    await opened.close();
    const url = new URL(opened.url!);
    relay = await startRelay(url);
    const relayed = new URL(url);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(relay.port);
    const ports: number[] = [];
    for (const name of ['a', 'b']) {
      const dataDir = join(folder, name);
      mkdirSync(dataDir, { mode: 0o700 });
      const instance = startCli({ ...secrets, REELSCOPE_DATABASE_URL: relayed.toString(), REELSCOPE_PORT: '0', REELSCOPE_DATA_DIR: dataDir, REELSCOPE_TRUSTED_PROXIES: '127.0.0.1' });
      instances.push(instance);
      ports.push((await readyMessage(instance.child)).port);
    }
    nginx = await startLoadBalancer(folder, ports);
  }, 60_000);

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all(instances.map((instance) => instance.child)
      .filter((child): child is ChildProcess => child !== null && child.exitCode === null && child.signalCode === null)
      .map((child) => new Promise((done) => {
        child.once('exit', done);
        child.kill('SIGKILL');
      })));
    await relay?.cut();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it("passes the back end's own JSON 503 through on every request once every instance says it, never nginx's HTML 502", async () => {
    const login = await fetch(`${nginx!.url}/jwt_api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: user.email, password: user.password }) });
    expect(login.status).toBe(200);
    const { jwt } = (await login.json()) as { jwt: string };
    expect((await fetch(`${nginx!.url}${BOOKMARKS}`, { headers: { authorization: `Bearer ${jwt}` } })).status).toBe(200);

    await relay!.cut();
    // One after another, as a window keeps asking: each reaches an instance, which cannot reach the database.
    const answers: { status: number; type: string | null; message: string }[] = [];
    for (let i = 0; i < 8; i++) {
      const response = await fetch(`${nginx!.url}${BOOKMARKS}`, { headers: { authorization: `Bearer ${jwt}` } });
      const text = await response.text();
      answers.push({ status: response.status, type: response.headers.get('content-type'), message: text.startsWith('{') ? (JSON.parse(text) as { message: string }).message : text });
    }
    expect(answers.map(({ status, message }) => [status, message])).toEqual(Array.from({ length: 8 }, () => [503, MESSAGES.serverDown]));
    expect(answers.map(({ type }) => type?.split(';')[0])).toEqual(Array.from({ length: 8 }, () => 'application/json'));
  }, 60_000);
});
