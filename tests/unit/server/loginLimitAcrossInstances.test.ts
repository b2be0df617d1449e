// SQLite only (not in bothEngineTests.ts): two instances on one SQLite file (store/limiterAttempts.engines.test.ts covers both engines).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServer, type RunningServer } from '../../../src/server/app';
import { LOGIN_ATTEMPTS_PER_MINUTE } from '../../../src/shared/constants';
import { MESSAGES } from '../../../src/shared/messages';
import { createTestUser, sqliteOf } from './support/testServer';
import { createTestClock } from './support/testClock';

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
    const answers = await Promise.all(
      Array.from({ length: 60 }, async (_, n) => {
        const response = await fetch(`${servers[n % 2]!.url}/jwt_api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: n % 3 === 0 ? maya.email.toUpperCase() : maya.email, password: `wrong-${n}` }),
        });
        const body = (await response.json()) as { message?: string; error_message?: string };
        return { status: response.status, message: body.error_message ?? body.message };
      }),
    );
    const checked = answers.filter((answer) => answer.status === 208);
    expect(checked).toHaveLength(LOGIN_ATTEMPTS_PER_MINUTE);
    expect(checked.every((answer) => answer.message === MESSAGES.invalidPassword)).toBe(true);
    // The rest are refused unchecked: by the account's limit, or by the address's while 20 probes are in flight.
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(60 - LOGIN_ATTEMPTS_PER_MINUTE);
    expect(refused.every((answer) => answer.message === MESSAGES.tooManyAttempts || answer.message === MESSAGES.tooManyAddressAttempts)).toBe(true);

    // Even the right password waits out the minute, on either instance.
    for (const server of servers) {
      const right = await fetch(`${server.url}/jwt_api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: maya.email, password: maya.password }) });
      expect(right.status).toBe(429);
    }
  });
});
