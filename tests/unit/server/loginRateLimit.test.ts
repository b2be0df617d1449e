import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServer } from '../../../src/server/app';
import type { RunningServer } from '../../../src/server/app';
import { ADDRESS_PROBE_WINDOW_MINUTES, ADDRESS_PROBES_PER_WINDOW, LOGIN_ATTEMPTS_PER_MINUTE } from '../../../src/shared/constants';
import { MESSAGES } from '../../../src/shared/messages';
import { createTestUser } from './support/testServer';
import { useServerDatabase } from './support/serverDatabase';
import type { TestUser } from './support/testServer';
import { createTestClock } from './support/testClock';

/**
 * The login limit over real HTTP on loopback, with requests really in flight together: scrypt runs on the thread
 * pool, so without a reservation every parallel request passes the check before the first failure is counted.
 */
describe('login attempts under concurrency (real HTTP on 127.0.0.1)', () => {
  let dataDir: string;
  let server: RunningServer;
  let maya: TestUser;
  let ana: TestUser;
  let clock: ReturnType<typeof createTestClock>;

  useServerDatabase();
  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'reelscope-ratelimit-'));
    clock = createTestClock();
    server = await createServer({ dataDir, port: 0, seed: false, now: clock.now });
    maya = await createTestUser(server.sql, { email: 'maya@example.com', brands: [{ name: 'Lumina' }] });
    ana = await createTestUser(server.sql, { email: 'ana@example.com', brands: [{ name: 'Trailforge' }] });
  });
  afterEach(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (path: string, body: object) =>
    fetch(`${server.url}/jwt_api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const attempt = (email: string, password: string) => post('/login', { email, password });
  const tallyOf = (statuses: number[]): Record<number, number> => {
    const tally: Record<number, number> = {};
    for (const status of statuses) tally[status] = (tally[status] ?? 0) + 1;
    return tally;
  };
  const messageOf = async (response: Response) => ((await response.json()) as { message: string }).message;
  const signUp = (email: string) => post('/login/user_sign_up', { email, password: 'correct-horse-1', first_name: 'New', last_name: 'Person', brand_name: 'Newco' });

  async function burst(count: number, email: string): Promise<Record<number, number>> {
    return tallyOf(await Promise.all(Array.from({ length: count }, () => attempt(email, 'wrong-password').then((r) => r.status))));
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

  it('bounds how fast one address probes across accounts: 60 emails at once, only the bound is checked', async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => attempt(`probe-${i}@example.com`, 'wrong-password')));
    expect(tallyOf(answers.map((r) => r.status))).toEqual({ 208: ADDRESS_PROBES_PER_WINDOW, 429: 60 - ADDRESS_PROBES_PER_WINDOW });
    expect(await messageOf(answers.find((r) => r.status === 429)!)).toBe(MESSAGES.tooManyAddressAttempts);
    expect(MESSAGES.tooManyAddressAttempts).toContain(`wait ${ADDRESS_PROBE_WINDOW_MINUTES} minutes`);
    // While the address is full, recovery, sign-up and even a right password are refused with the same sentence.
    for (const refused of [await attempt(maya.email, maya.password), await post('/recovery_passwords', { email: maya.email }), await signUp(ana.email)]) {
      expect([refused.status, await messageOf(refused)]).toEqual([429, MESSAGES.tooManyAddressAttempts]);
    }
    clock.advance(ADDRESS_PROBE_WINDOW_MINUTES * 60_000);
    expect((await attempt(maya.email, maya.password)).status).toBe(200);
  });

  it('counts recovery requests and sign-ups refused for a taken email against the same bound, never a successful sign-in', async () => {
    for (let i = 0; i < ADDRESS_PROBES_PER_WINDOW + 5; i++) expect((await attempt(maya.email, maya.password)).status).toBe(200);
    expect((await signUp('brand-new@example.com')).status).toBe(200);
    const half = ADDRESS_PROBES_PER_WINDOW / 2;
    for (let i = 0; i < half; i++) expect((await post('/recovery_passwords', { email: i % 2 ? maya.email : `nobody-${i}@example.com` })).status).not.toBe(429);
    for (let i = 0; i < half; i++) expect((await signUp(i % 2 ? maya.email : ana.email)).status).toBe(208);
    const refused = await attempt('someone@example.com', 'wrong-password');
    expect([refused.status, await messageOf(refused)]).toEqual([429, MESSAGES.tooManyAddressAttempts]);
  });
});
