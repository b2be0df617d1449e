/**
 * Issue 26 item 24: the web host's session belongs to the browser that signed in. Two "browsers" are two cookie jars
 * calling the real web host over loopback HTTP; the one that stored the tokens gets an HttpOnly SameSite=Strict cookie,
 * the other one is signed out for every host call that reads or uses the session.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IpcEnvelope } from '../../../src/shared/ipc/contract';
import { WEB_BRIDGE } from '../../../src/shared/ipc/contract';
import type { WebHost } from '../../../src/server/webHost/webHost';
import { startWebHost } from '../../../src/server/webHost/webHost';
import { createSessionBinding, NOT_THIS_BROWSER } from '../../../src/server/webHost/sessionBinding';

const TOKENS = { jwt: 'header.payload.signature', refreshToken: 'refresh-token-of-maya' };

/** A browser: the page's bridge token and origin, and the cookies the web host gave it. */
class Browser {
  cookies = new Map<string, string>();
  lastSetCookie: string | null = null;
  constructor(private readonly host: WebHost) {}

  async call(channel: string, input?: unknown): Promise<IpcEnvelope<unknown>> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(`${this.host.url}${WEB_BRIDGE.prefix}/${channel}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [WEB_BRIDGE.tokenHeader]: this.host.token,
        origin: this.host.url,
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify({ input }),
    });
    this.lastSetCookie = response.headers.get('set-cookie');
    const [pair] = (this.lastSetCookie ?? '').split(';');
    const [name, value] = (pair ?? '').split('=');
    if (name) {
      if (value) this.cookies.set(name, value);
      else this.cookies.delete(name);
    }
    return (await response.json()) as IpcEnvelope<unknown>;
  }
}

describe('web host session bound to the browser that signed in', () => {
  let root: string;
  let host: WebHost;

  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), 'reelscope-binding-'));
    const webRoot = join(root, 'web');
    mkdirSync(webRoot, { recursive: true });
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><html><head><title>Reelscope</title></head><body></body></html>');
    host = await startWebHost({ webRoot, dataDir: join(root, 'data'), port: 0, backendUrl: 'http://127.0.0.1:4999', keychain: 'none', log: () => undefined });
  });
  afterEach(async () => {
    await host.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('hands the session only to the browser that signed in', async () => {
    const signedIn = new Browser(host);
    const other = new Browser(host);
    expect((await signedIn.call('secrets.setToken', TOKENS)).ok).toBe(true);
    expect(signedIn.lastSetCookie).toMatch(/HttpOnly/);
    expect(signedIn.lastSetCookie).toMatch(/SameSite=Strict/);

    expect(await signedIn.call('secrets.getToken')).toEqual({ ok: true, value: TOKENS });
    // Another browser opening the same web host sees signed-out, and cannot act with the session either.
    expect(await other.call('secrets.getToken')).toEqual({ ok: true, value: null });
    expect(await other.call('session.refresh', { refreshToken: TOKENS.refreshToken })).toEqual({ ok: false, error: { code: 'failed', message: NOT_THIS_BROWSER } });
    expect(await other.call('creators.exportCsv', { query: { brand_id: 'b1', user_id: 'u1' } })).toEqual({ ok: false, error: { code: 'failed', message: NOT_THIS_BROWSER } });
    // A guessed cookie is no better than none.
    other.cookies = new Map([...signedIn.cookies].map(([name]) => [name, 'guessed-value']));
    expect(await other.call('secrets.getToken')).toEqual({ ok: true, value: null });
  });

  it('signing out unbinds the browser; signing in elsewhere moves the session there', async () => {
    const first = new Browser(host);
    const second = new Browser(host);
    await first.call('secrets.setToken', TOKENS);
    const firstCookies = new Map(first.cookies);
    await second.call('secrets.setToken', { ...TOKENS, refreshToken: 'refresh-token-of-lena' });
    expect(await first.call('secrets.getToken')).toEqual({ ok: true, value: null });
    expect(await second.call('secrets.getToken')).toMatchObject({ ok: true, value: { refreshToken: 'refresh-token-of-lena' } });

    await second.call('session.logout');
    expect(second.cookies.size).toBe(0);
    second.cookies = firstCookies;
    expect(await second.call('secrets.getToken')).toEqual({ ok: true, value: null });
  });

  it('keeps the binding across a restart of the web host (only its hash is stored)', () => {
    const dataDir = join(root, 'restart');
    const before = createSessionBinding({ dataDir, port: () => 4321 });
    const cookie = before.mint().split(';')[0] ?? '';
    const after = createSessionBinding({ dataDir, port: () => 4321 });
    expect(after.matches(cookie)).toBe(true);
    expect(after.matches(`${cookie}x`)).toBe(false);
    // Another web host on another port does not take this browser's cookie for its own.
    expect(createSessionBinding({ dataDir, port: () => 4322 }).matches(cookie)).toBe(false);
  });
});
