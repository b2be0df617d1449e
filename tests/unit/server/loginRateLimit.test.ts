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
    // While the address is full, recovery and sign-up are refused with the same sentence.
    for (const refused of [await post('/recovery_passwords', { email: maya.email }), await signUp(ana.email)]) {
      expect([refused.status, await messageOf(refused)]).toEqual([429, MESSAGES.tooManyAddressAttempts]);
    }
    clock.advance(ADDRESS_PROBE_WINDOW_MINUTES * 60_000);
    expect((await attempt(maya.email, maya.password)).status).toBe(200);
    expect((await attempt('probe-0@example.com', 'wrong-password')).status).toBe(208);
  });

  it('still signs in the right password of everyone behind a full address whose own account is not under attack', async () => {
    await Promise.all(Array.from({ length: ADDRESS_PROBES_PER_WINDOW }, (_, i) => attempt(`probe-${i}@example.com`, 'wrong-password')));
    expect([(await attempt('one-more@example.com', 'wrong-password')).status]).toEqual([429]);
    // Everyone sharing the address (a desktop's loopback, a team server's balancer) signs in, again and again.
    for (const person of [maya, ana, maya]) {
      const right = await attempt(person.email, person.password);
      expect(right.status).toBe(200);
      expect(((await right.json()) as { jwt: string }).jwt.split('.')).toHaveLength(3);
    }
    // Every failure meanwhile gets the address's sentence whether the account exists or not: nothing is told apart.
    for (const [email, password] of [[ana.email, 'wrong-password'], ['nobody@example.com', 'wrong-password'], ['not an email', 'x']] as const) {
      const refused = await attempt(email, password);
      expect([refused.status, await messageOf(refused)]).toEqual([429, MESSAGES.tooManyAddressAttempts]);
    }
    // Ana's account is now under attack from this address: not even her right password is checked there until the window ends.
    expect((await attempt(ana.email, ana.password)).status).toBe(429);
    expect((await attempt(maya.email, maya.password)).status).toBe(200);
    clock.advance(ADDRESS_PROBE_WINDOW_MINUTES * 60_000);
    expect((await attempt(ana.email, ana.password)).status).toBe(200);
  });

  it('keeps an account whose password was guessed at from the address locked there once the address is full', async () => {
    // Four minutes of wrong passwords for Maya, each minute as many as her account allows, fill the address.
    for (let minute = 0; minute < ADDRESS_PROBES_PER_WINDOW / LOGIN_ATTEMPTS_PER_MINUTE; minute++) {
      for (let i = 0; i < LOGIN_ATTEMPTS_PER_MINUTE; i++) expect((await attempt(maya.email, 'wrong-password')).status).toBe(208);
      clock.advance(60_000);
    }
    const refused = await attempt(maya.email, maya.password);
    expect([refused.status, await messageOf(refused)]).toEqual([429, MESSAGES.tooManyAddressAttempts]);
    expect((await attempt(ana.email, ana.password)).status).toBe(200);
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
