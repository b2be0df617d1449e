import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { openTestDatabase } from './support/testEngine';
import { ADDRESS_PROBES_PER_WINDOW } from '../../../src/shared/constants';
import { createTestUser, type TestUser } from './support/testServer';

const LOAD_BALANCER = '10.0.0.2';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** The app as a server behind a load balancer at LOAD_BALANCER, with one account. */
async function serverBehindBalancer(trustedProxies?: string[]): Promise<{ app: FastifyInstance; maya: TestUser }> {
  const dir = mkdtempSync(join(tmpdir(), 'reelscope-proxy-'));
  const { sql, close } = await openTestDatabase({ dir });
  const app = await buildApp({ sql, jwtSecret: randomBytes(64), dataDir: dir, trustedProxies });
  cleanups.push(async () => {
    await app.close();
    await close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { app, maya: await createTestUser(sql, { email: 'maya@example.com', brands: [{ name: 'Lumina' }] }) };
}

/** A sign-in relayed by the load balancer for the client at `client` (X-Forwarded-For). */
const signInVia = (app: FastifyInstance, client: string, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/jwt_api/login', remoteAddress: LOAD_BALANCER, headers: { 'x-forwarded-for': client }, payload: { email, password } });

describe('a server behind a load balancer (REELSCOPE_TRUSTED_PROXIES)', () => {
  it('counts sign-in probes per client, so one person guessing does not lock out the team behind the same balancer', async () => {
    const { app, maya } = await serverBehindBalancer(['10.0.0.0/8']);
    for (let i = 0; i < ADDRESS_PROBES_PER_WINDOW; i++) await signInVia(app, '203.0.113.7', `nobody-${i}@example.com`, 'wrong-password');
    // The guesser's next probe is refused; another client behind the balancer is still answered (a full address
    // would still sign in a right password, so a probe is what shows whose address is full).
    expect((await signInVia(app, '203.0.113.7', 'nobody-more@example.com', 'wrong-password')).statusCode).toBe(429);
    expect((await signInVia(app, '198.51.100.9', 'nobody-more@example.com', 'wrong-password')).statusCode).toBe(208);
    expect((await signInVia(app, '198.51.100.9', maya.email, maya.password)).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For unless the balancer is trusted: a client cannot dodge the bound by writing it', async () => {
    const { app } = await serverBehindBalancer();
    for (let i = 0; i < ADDRESS_PROBES_PER_WINDOW; i++) await signInVia(app, `203.0.113.${i}`, `nobody-${i}@example.com`, 'wrong-password');
    expect((await signInVia(app, '198.51.100.9', 'nobody-more@example.com', 'wrong-password')).statusCode).toBe(429);
  });
});
