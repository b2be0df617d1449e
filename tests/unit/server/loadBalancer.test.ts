import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
