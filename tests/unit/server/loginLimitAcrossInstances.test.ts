// SQLite only (not in bothEngineTests.ts): two instances on one SQLite file (store/limiterAttempts.engines.test.ts covers both engines).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServer, type RunningServer } from '../../../src/server/app';
import { createTestUser, sqliteOf } from './support/testServer';
import { createTestClock } from './support/testClock';
import { expectWrongPasswordsLimitedAcross } from './support/wrongPasswords';

/**
 * Two back-end instances on one database (issue 28): the sign-in limits are the database's, so a client spreading its
 * guesses over both instances (as a load balancer does) gets no more checks than from one.
 */
describe('the sign-in limits across two instances on one SQLite file (real HTTP on 127.0.0.1)', () => {
  let dataDir: string;
  let servers: RunningServer[] = [];

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'reelscope-two-instances-'));
    const clock = createTestClock();
    servers = [await createServer({ dataDir, port: 0, seed: false, now: clock.now }), await createServer({ dataDir, port: 0, seed: false, now: clock.now })];
  });
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('checks exactly 5 of 60 concurrent wrong passwords for one account, whichever instance each reaches', async () => {
    const maya = await createTestUser(sqliteOf(servers[0]!), { email: 'maya@example.com', brands: [{ name: 'Lumina' }] });
    await expectWrongPasswordsLimitedAcross(servers.map((server) => server.url), maya.email);

    // Even the right password waits out the minute, on either instance.
    for (const server of servers) {
      const right = await fetch(`${server.url}/jwt_api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: maya.email, password: maya.password }) });
      expect(right.status).toBe(429);
    }
  });
});
