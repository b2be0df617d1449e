import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServer } from '../../../src/server/app';
import type { RunningServer } from '../../../src/server/app';
import { LOGIN_ATTEMPTS_PER_MINUTE } from '../../../src/shared/constants';
import { MESSAGES } from '../../../src/shared/messages';
import { createTestUser } from './support/testServer';
import type { TestUser } from './support/testServer';

/**
 * The login limit over real HTTP on loopback, with requests really in flight together: scrypt runs on the thread
 * pool, so without a reservation every parallel request passes the check before the first failure is counted.
 */
describe('login attempts under concurrency (real HTTP on 127.0.0.1)', () => {
  let dataDir: string;
  let server: RunningServer;
  let maya: TestUser;
  let ana: TestUser;

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'reelscope-ratelimit-'));
    server = await createServer({ dataDir, port: 0, seed: false });
    maya = await createTestUser(server.db, { email: 'maya@example.com', brands: [{ name: 'Lumina' }] });
    ana = await createTestUser(server.db, { email: 'ana@example.com', brands: [{ name: 'Trailforge' }] });
  });
  afterEach(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const attempt = (email: string, password: string) =>
    fetch(`${server.url}/jwt_api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });

  async function burst(count: number, email: string): Promise<Record<number, number>> {
    const statuses = await Promise.all(Array.from({ length: count }, () => attempt(email, 'wrong-password').then((r) => r.status)));
    const tally: Record<number, number> = {};
    for (const status of statuses) tally[status] = (tally[status] ?? 0) + 1;
    return tally;
  }

  it.each([50, 200])('checks only 5 passwords when %i wrong ones arrive at once, and refuses the rest with 429', async (count) => {
    const tally = await burst(count, maya.email);
    // 208 'Invalid password.' is a password that was checked; every other answer must be the refusal.
    expect(tally[208]).toBe(LOGIN_ATTEMPTS_PER_MINUTE);
    expect(tally[429]).toBe(count - (LOGIN_ATTEMPTS_PER_MINUTE));
    const next = await attempt(maya.email, maya.password);
    expect(next.status).toBe(429);
    expect(((await next.json()) as { message: string }).message).toBe(MESSAGES.tooManyAttempts);
  });

  it("does not lock a person out because of someone else's failures on another account from the same address", async () => {
    await burst(50, maya.email);
    const right = await attempt(ana.email, ana.password);
    expect(right.status).toBe(200);
    expect(((await right.json()) as { jwt: string }).jwt.split('.')).toHaveLength(3);
  });

  it('counts an unknown email the same way, so guessing accounts is limited too', async () => {
    const tally = await burst(50, 'nobody@example.com');
    expect(tally[208]).toBe(LOGIN_ATTEMPTS_PER_MINUTE);
    expect(tally[429]).toBe(50 - (LOGIN_ATTEMPTS_PER_MINUTE));
  });
});
