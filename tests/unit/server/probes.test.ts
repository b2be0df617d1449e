// SQLite only (not in bothEngineTests.ts): it closes the SQLite handle under a running app and seeds through the embedded start (postgres/teamServer.test.ts stops PostgreSQL instead).
import { createServer as createNetServer } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServer, type RunningServer } from '../../../src/server/app';
import { seedDemoWorkspace } from '../../../src/server/seed/index';
import { DEMO_ACCOUNTS } from '../../../src/shared/demoAccounts';
import { MESSAGES } from '../../../src/shared/messages';
import { useTempDir } from './support/cliProcess';
import { send, startTestApp, type TestApp } from './support/testServer';

const SERVER_DOWN = { statusCode: 503, error: 'Service Unavailable', message: MESSAGES.serverDown };

/** A port nothing listens on now (the back end's own must be known before it says it is ready). */
async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const address = probe.address();
  await new Promise<void>((done) => probe.close(() => done()));
  return typeof address === 'object' && address ? address.port : 0;
}

async function getJson(url: string, init?: RequestInit): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, init);
  return { status: response.status, body: await response.json() };
}

describe('liveness and readiness of a back end that is starting', () => {
  const temp = useTempDir('reelscope-probes-');
  let running: RunningServer | null = null;
  afterEach(async () => {
    await running?.close();
    running = null;
  });

  it('is alive but not ready (503, the server-down message) until the first-start seed has finished, then ready', async () => {
    const port = await freePort();
    let seedStarted!: () => void;
    const seeding = new Promise<void>((done) => (seedStarted = done));
    let finishSeed!: () => void;
    const held = new Promise<void>((done) => (finishSeed = done));
    // The real seed, held back until the test has asked the probes.
    const starting = createServer({
      dataDir: temp.path,
      port,
      seed: {
        scale: 0.05,
        seeder: async (db, options) => {
          seedStarted();
          await held;
          return seedDemoWorkspace(db, options);
        },
      },
    });
    await seeding;
    const base = `http://127.0.0.1:${port}`;
    expect(await getJson(`${base}/livez`)).toEqual({ status: 200, body: { ok: true } });
    expect(await getJson(`${base}/readyz`)).toEqual({ status: 503, body: SERVER_DOWN });
    // Nothing else is served before the workspace is whole: the demo account does not exist yet.
    const { email, password } = DEMO_ACCOUNTS.brandManager;
    const login = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) };
    expect(await getJson(`${base}/jwt_api/login`, login)).toEqual({ status: 503, body: SERVER_DOWN });

    finishSeed();
    running = await starting;
    expect(running.url).toBe(base);
    expect(await getJson(`${base}/readyz`)).toEqual({ status: 200, body: { ok: true } });
    expect(await getJson(`${base}/livez`)).toEqual({ status: 200, body: { ok: true } });
    expect((await fetch(`${base}/jwt_api/login`, login)).status).toBe(200);
  });
});

describe('GET /livez and GET /readyz on a running back end', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp();
  });
  afterEach(() => t.close());

  it('answers ready while the database answers, and 503 with the server-down message once it does not', async () => {
    expect((await send(t.app, 'GET', '/readyz')).json()).toEqual({ ok: true });
    t.db.close();
    const ready = await send(t.app, 'GET', '/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual(SERVER_DOWN);
    // The process itself still answers: an orchestrator takes it out of rotation, it does not restart it.
    const live = await send(t.app, 'GET', '/livez');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ ok: true });
  });

  it('answers probes under any Host (a load balancer asks an instance at its own address), unlike the API', async () => {
    for (const url of ['/livez', '/readyz']) {
      expect((await t.app.inject({ method: 'GET', url, headers: { host: '10.0.0.5:4100' } })).statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: '/health', headers: { host: '10.0.0.5:4100' } })).statusCode).toBe(403);
  });

  it('lists both probes, unauthenticated, in /openapi.json', async () => {
    const doc = (await send(t.app, 'GET', '/openapi.json')).json() as { paths: Record<string, { get: { security?: unknown[]; responses: Record<string, unknown> } }> };
    expect(Object.keys(doc.paths['/livez']!.get.responses)).toEqual(['200']);
    expect(Object.keys(doc.paths['/readyz']!.get.responses)).toEqual(['200', '503']);
    expect(doc.paths['/livez']!.get.security ?? []).toEqual([]);
    expect(doc.paths['/readyz']!.get.security ?? []).toEqual([]);
  });
});
