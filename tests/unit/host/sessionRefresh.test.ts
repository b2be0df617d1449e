/**
 * Issue 26 item 29: two windows sharing the host's session, and the host's own back-end client, renew it across an
 * access-token expiry. The real back end listens on loopback (its clock and the host's move together); each window is
 * the renderer's real HTTP clients and single-flight refresher, asking the host's refresher like over IPC.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TOKEN_SETTINGS } from '../../../src/server/auth/tokenSettings';
import type { RunningServer } from '../../../src/server/app';
import { createServer } from '../../../src/server/app';
import type { StoredTokens } from '../../../src/shared/ipc/contract';
import { createBackendClient } from '../../../src/main/services/backendClient';
import { createSecretsService } from '../../../src/main/services/secrets.service';
import type { SecretsService } from '../../../src/main/services/secrets.service';
import type { SessionRefresher } from '../../../src/main/services/sessionRefresh.service';
import { createSessionRefresher } from '../../../src/main/services/sessionRefresh.service';
import type { ApiClients } from '../../../src/renderer/lib/apiClients';
import { createApiClients } from '../../../src/renderer/lib/apiClients';
import { createTokenRefresher } from '../../../src/renderer/lib/tokenRefresh';
import { createTestUser, sqliteOf } from '../server/support/testServer';
import { runningInfo } from './desktopFixture';

const PAST_EXPIRY_MS = TOKEN_SETTINGS.accessTtlSeconds * 1000 + 60_000;

interface Window {
  api: ApiClients;
  tokens: StoredTokens | null;
  signedOut: boolean;
}

/** One renderer window: its own memory, clients and refresher, renewing through the host like over IPC. */
function openWindow(origin: string, session: SessionRefresher, tokens: StoredTokens): Window {
  const window: Window = { api: undefined as unknown as ApiClients, tokens, signedOut: false };
  const refresher = createTokenRefresher({
    getTokens: () => window.tokens,
    requestRefresh: (refreshToken) => session.renew(refreshToken),
    onRefreshed: (next) => {
      window.tokens = next;
    },
    onRefreshFailed: () => {
      window.signedOut = true;
    },
  });
  window.api = createApiClients(runningInfo(origin).urls, {
    refresher,
    getAccessToken: () => window.tokens?.jwt ?? null,
    onNetworkError: () => undefined,
  });
  return window;
}

describe('one session shared by two windows and the host', () => {
  let dataDir: string;
  let server: RunningServer;
  let nowMs: number;
  let secrets: SecretsService;
  let session: SessionRefresher;
  let userId: string;

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'reelscope-refresh-'));
    nowMs = Date.parse('2026-11-26T09:00:00Z');
    server = await createServer({ dataDir, port: 0, seed: false, now: () => new Date(nowMs) });
    const user = await createTestUser(sqliteOf(server), { email: 'maya@example.com', brands: [{ name: 'Lumina' }] });
    userId = user.id;
    secrets = createSecretsService({ keychain: null, encrypted: null, allowInsecure: () => false });
    session = createSessionRefresher({ backend: () => runningInfo(server.url), secrets, now: () => nowMs });
    const response = await fetch(`${server.url}/jwt_api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    const pair = (await response.json()) as { jwt: string; refresh_token: string };
    // Signing in stores the pair in the host, as the renderer's keepTokens does.
    await secrets.set({ jwt: pair.jwt, refreshToken: pair.refresh_token });
  });

  afterEach(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** What the back end recorded: refresh tokens issued (sign-in included), and tokens revoked for another reason than
   *  a rotation (reuse taken as theft, sign-out). Counting issued tokens also catches two refreshes the grace let pass. */
  function tokenHistory() {
    const rows = sqliteOf(server).prepare('SELECT rotated_at, revoked_at FROM refresh_tokens WHERE user_id = ?').all(userId) as { rotated_at: string | null; revoked_at: string | null }[];
    return { issued: rows.length, otherRevocations: rows.filter((row) => row.rotated_at === null && row.revoked_at !== null).length };
  }

  async function storedPair(): Promise<StoredTokens> {
    const stored = await secrets.get();
    if (!stored) throw new Error('the host holds no session');
    return stored;
  }

  const getSession = (window: Window) => window.api.main.get('/session');

  it('renews once across an expiry for every request of both windows and the host, and stays signed in', async () => {
    const first = await storedPair();
    const windows = [openWindow(server.url, session, first), openWindow(server.url, session, first)];
    const hostClient = createBackendClient({ backend: () => runningInfo(server.url), secrets, sessionRefresh: session, brandId: () => null });

    for (let round = 1; round <= 2; round += 1) {
      nowMs += PAST_EXPIRY_MS;
      const [windowAnswers, hostAnswer] = await Promise.all([
        Promise.all(windows.flatMap((window) => [getSession(window), getSession(window), getSession(window)])),
        hostClient.json('main', 'GET', '/session', undefined, z.object({ currentUser: z.object({ _id: z.string() }) })),
      ]);
      expect(windowAnswers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(windowAnswers.every((answer) => (answer.data as { currentUser: { _id: string } }).currentUser._id === userId)).toBe(true);
      expect(hostAnswer.currentUser._id).toBe(userId);
      // One refresh per expiry for everyone sharing the session, and nothing taken for a stolen token.
      expect(tokenHistory()).toEqual({ issued: 1 + round, otherRevocations: 0 });
      expect(windows.map((window) => window.signedOut)).toEqual([false, false]);
      expect(windows.map((window) => window.tokens)).toEqual([await storedPair(), await storedPair()]);
    }
  });

  it('hands a window that still holds a spent pair the current one, without another refresh', async () => {
    const first = await storedPair();
    const early = openWindow(server.url, session, first);
    const late = openWindow(server.url, session, first);
    nowMs += PAST_EXPIRY_MS;
    expect((await getSession(early)).status).toBe(200);
    // The second window wakes up later, after the first one's refresh has finished.
    expect((await getSession(late)).status).toBe(200);
    expect(late.tokens).toEqual(await storedPair());
    expect(tokenHistory()).toEqual({ issued: 2, otherRevocations: 0 });
  });

  it('signs every window out once the host has signed out', async () => {
    const first = await storedPair();
    const windows = [openWindow(server.url, session, first), openWindow(server.url, session, first)];
    await secrets.clear();
    nowMs += PAST_EXPIRY_MS;
    const outcomes = await Promise.allSettled(windows.map((window) => getSession(window)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(windows.map((window) => window.signedOut)).toEqual([true, true]);
    expect(tokenHistory().issued).toBe(1);
  });
});
