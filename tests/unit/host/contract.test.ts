import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IpcChannel, IpcEnvelope } from '../../../src/shared/ipc/contract';
import { IPC_CHANNELS, IPC_EVENTS, WEB_BRIDGE } from '../../../src/shared/ipc/contract';
import { PICK_FILES_TEXTS } from '../../../src/main/services/desktopServices';
import { EXPORT_FOLDER_NOT_PICKED } from '../../../src/main/services/transcriptExport/transcriptExport.service';
import type { WebHost } from '../../../src/server/webHost/webHost';
import { startWebHost } from '../../../src/server/webHost/webHost';
const CHANNELS = Object.keys(IPC_CHANNELS) as IpcChannel[];

/** A valid input for each channel that takes one; the rest take none. */
const EXPORT_DIR = join(tmpdir(), `reelscope-contract-export-${process.pid}`);
const SAMPLE_INPUT: Partial<Record<IpcChannel, unknown>> = {
  'settings.update': { layout: { skin: 'dark' } },
  'secrets.setToken': { jwt: 'a.b.c', refreshToken: 'r' },
  'downloads.start': { videoId: 'v1', title: 'A video', platform: 'Reelscope_AWS_S3' },
  'downloads.cancel': { downloadId: 'none' },
  'transcripts.export': { videoIds: ['v1'], directory: EXPORT_DIR, fileType: 'txt' },
  'transcripts.cancelExport': { exportId: 'none' },
  'creators.exportCsv': { query: { brand_id: 'b1', user_id: 'u1', tab: 'View All' } },
  'licensing.exportCsv': { brand_id: 'b1', user_id: 'u1' },
  'reports.export': { format: 'pdf', identity: { brand_id: 'b1', user_id: 'u1' }, report_id: 'r1' },
  'reports.schedule': { report_id: 'r1', identity: { brand_id: 'b1', user_id: 'u1' }, title: 'Weekly', cadence: 'weekly', folder: '/nowhere-picked' },
  'library.transcript': { itemId: 'none' },
  'library.search': { query: 'serum' },
  'library.remove': { itemId: 'none' },
  'shell.showItemInFolder': { path: '/tmp/not-a-reelscope-file.mp4' },
  'uploads.start': { file: { name: 'clip.mov', size: 1 } },
  'dialog.pickFiles': { kind: 'video' },
  'uploads.cancel': { uploadId: 'none' },
  'assistant.setModel': { url: null, model: '' },
  'assistant.generate': { requestId: 'r1', question: 'What about the price?', facts: 'None.', lines: [] },
  'assistant.stop': { requestId: 'r1' },
  'chat.attention': { unread: 3, notice: { title: 'Ana', body: 'Hi' } },
  'integrations.begin': { platform: 'Shopify', brandId: 'b1' },
  'integrations.complete': { flowId: 'no-such-flow' },
  'integrations.cancel': { flowId: 'no-such-flow' },
  'integrations.disconnect': { platform: 'Shopify', brandId: 'b1' },
  'auth.googleComplete': { flowId: 'no-such-flow' },
  'session.refresh': { refreshToken: 'spent-refresh-token' },
};
/** Channels whose sample input is refused on purpose (no such item; not a file the host saved): the envelope proves the route. */
const EXPECTED_ERROR: Partial<Record<IpcChannel, string>> = {
  'library.transcript': 'failed',
  'library.remove': 'failed',
  'shell.showItemInFolder': 'forbidden',
  // The web host has no updater: nothing to install.
  'updates.restart': 'unavailable',
  'uploads.start': 'failed',
  // A browser has no native file chooser: the page keeps its <input type="file">.
  'dialog.pickFiles': 'unavailable',
  // Nobody is signed in behind this bridge: the CSV cannot be fetched (csvExport.test.ts covers the real export).
  'creators.exportCsv': 'failed',
  'licensing.exportCsv': 'failed',
  'reports.export': 'failed',
  // Scheduled PDFs go only into folders the person picked.
  'reports.schedule': 'failed',
  'transcripts.export': 'failed',
  // No sign-in provider is set up here (integrations.test.ts runs the flows against a real one), and no flow runs.
  'integrations.begin': 'unavailable',
  'integrations.complete': 'bad_input',
  'auth.googleBegin': 'unavailable',
  'auth.googleComplete': 'bad_input',
  // Nobody is signed in in this "browser" (no session cookie, issue 26 item 24): the calls that read or use the stored
  // session are refused (webSessionBinding.test.ts binds one; sessionRefresh.test.ts renews a real session).
  'session.refresh': 'failed',
  'downloads.start': 'failed',
  // This host has no keychain, where integration tokens would be.
  'integrations.disconnect': 'unavailable',
};

describe('the IPC contract table', () => {
  it.each(CHANNELS)('%s has a doc and input/output schemas', (channel) => {
    const spec = IPC_CHANNELS[channel];
    expect(spec.doc.length).toBeGreaterThan(10);
    expect(typeof spec.input.safeParse).toBe('function');
    expect(typeof spec.output.safeParse).toBe('function');
  });

  it.each(Object.keys(IPC_EVENTS) as (keyof typeof IPC_EVENTS)[])('event %s has a doc and a payload schema', (event) => {
    expect(IPC_EVENTS[event].doc.length).toBeGreaterThan(10);
    expect(typeof IPC_EVENTS[event].payload.safeParse).toBe('function');
  });
});

describe('web host bridge over real HTTP', () => {
  let host: WebHost;
  let root: string;
  const call = (channel: string, init: { token?: string | null; origin?: string | null; body?: unknown; cookie?: string } = {}) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (init.cookie) headers.cookie = init.cookie;
    const token = init.token === undefined ? host.token : init.token;
    const origin = init.origin === undefined ? host.url : init.origin;
    if (token !== null) headers[WEB_BRIDGE.tokenHeader] = token;
    if (origin !== null) headers.origin = origin;
    return fetch(`${host.url}${WEB_BRIDGE.prefix}/${channel}`, { method: 'POST', headers, body: JSON.stringify(init.body ?? {}) });
  };

  beforeAll(async () => {
    // One folder for the whole suite (useTempDir would remove it after the first test).
    root = mkdtempSync(join(tmpdir(), 'reelscope-contract-'));
    const dataDir = join(root, 'data');
    const webRoot = join(root, 'web');
    mkdirSync(join(webRoot, 'assets'), { recursive: true });
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><html><head><title>Reelscope</title></head><body><div id="root"></div></body></html>');
    writeFileSync(join(webRoot, 'assets', 'app.js'), 'console.log("app")');
    host = await startWebHost({ webRoot, dataDir, port: 0, backendUrl: 'http://127.0.0.1:4999', keychain: 'none', log: () => undefined });
  });
  afterAll(async () => {
    await host?.close();
    rmSync(root, { recursive: true, force: true });
    rmSync(EXPORT_DIR, { recursive: true, force: true });
  });

  it('has a handler for every channel and answers each with an envelope', async () => {
    for (const channel of CHANNELS) expect(typeof host.services.handlers[channel]).toBe('function');
    for (const channel of CHANNELS) {
      const response = await call(channel, { body: { input: SAMPLE_INPUT[channel] } });
      expect(response.status, channel).toBe(200);
      const envelope = (await response.json()) as IpcEnvelope<unknown>;
      const refused = EXPECTED_ERROR[channel];
      expect(envelope, channel).toMatchObject(refused ? { ok: false, error: { code: refused } } : { ok: true });
    }
  });

  it('answers app and backend info a person would see', async () => {
    const app = (await (await call('app.info')).json()) as IpcEnvelope<{ name: string; runtime: string }>;
    expect(app).toMatchObject({ ok: true, value: { name: 'Reelscope', runtime: 'web' } });
    const backend = (await (await call('backend.info')).json()) as IpcEnvelope<unknown>;
    expect(backend).toMatchObject({ ok: true, value: { mode: 'hosted', origin: 'http://127.0.0.1:4999', state: 'running' } });
  });

  it('answers dialog.pickFiles with unavailable and a plain message (the page uses its file input)', async () => {
    for (const kind of ['video', 'subtitle']) {
      const answer = (await (await call('dialog.pickFiles', { body: { input: { kind } } })).json()) as IpcEnvelope<unknown>;
      expect(answer).toEqual({ ok: false, error: { code: 'unavailable', message: PICK_FILES_TEXTS.unavailable } });
    }
    expect(await (await call('dialog.pickFiles', { body: { input: { kind: 'folder' } } })).json()).toMatchObject({ ok: false, error: { code: 'bad_input' } });
  });

  it('refuses calls without the token, with a wrong token, or from another origin (403)', async () => {
    expect((await call('app.info', { token: null })).status).toBe(403);
    expect((await call('app.info', { token: 'x'.repeat(host.token.length) })).status).toBe(403);
    expect((await call('app.info', { origin: 'https://evil.example' })).status).toBe(403);
    expect((await call('app.info', { origin: null })).status).toBe(403);
  });

  it('answers unknown channels and bad input with error envelopes', async () => {
    expect(await (await call('shell.exec')).json()).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    const bad = await (await call('settings.update', { body: { input: { layout: { skin: 'neon' } } } })).json();
    expect(bad).toMatchObject({ ok: false, error: { code: 'bad_input' } });
    const extra = await (await call('secrets.setToken', { body: { input: { jwt: '' } } })).json();
    expect(extra).toMatchObject({ ok: false, error: { code: 'bad_input' } });
  });

  it('serves index.html with the per-run token and the CSP naming the back end', async () => {
    const page = await fetch(`${host.url}/videos/42`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<meta name="${WEB_BRIDGE.tokenMeta}" content="${host.token}">`);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(/connect-src [^;]*http:\/\/127\.0\.0\.1:4999/);
    expect((await fetch(`${host.url}/assets/app.js`)).headers.get('content-type')).toMatch(/javascript/);
    // fetch itself resolves ../ segments; encoded slashes reach the server as written and must be refused.
    expect((await fetch(`${host.url}/assets/..%2f..%2fdata%2fsettings.json`)).status).toBe(403);
  });

  it('serves the page (and its token) only under its own loopback name, never to a re-pointed DNS name', async () => {
    const port = new URL(host.url).port;
    for (const name of ['evil.example', `evil.example:${port}`, `127.0.0.1.evil.example:${port}`]) {
      const answer = await new Promise<{ status: number; body: string }>((done, fail) => {
        const req = httpRequest({ host: '127.0.0.1', port: Number(port), path: '/', headers: { host: name } }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => done({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', fail);
        req.end();
      });
      expect(answer.status, name).toBe(403);
      expect(answer.body).not.toContain(host.token);
    }
  });

  it('streams events only to the page itself: another Origin, or none without Sec-Fetch-Site same-origin, is refused', async () => {
    const events = `${host.url}${WEB_BRIDGE.eventsPath}?token=${host.token}`;
    expect((await fetch(events, { headers: { origin: 'https://evil.example' } })).status).toBe(403);
    expect((await fetch(events, { headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
    expect((await fetch(events)).status).toBe(403);
  });

  it('refuses to write transcripts into a folder nobody picked, with a message a person can act on', async () => {
    // The signed-in browser (the cookie storing the tokens minted), so the folder rule is what answers.
    const signIn = await call('secrets.setToken', { body: { input: { jwt: 'a.b.c', refreshToken: 'refresh' } } });
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const elsewhere = join(root, 'not-picked');
    const answer = (await (await call('transcripts.export', { cookie, body: { input: { videoIds: ['v1'], directory: elsewhere, fileType: 'txt' } } })).json()) as IpcEnvelope<unknown>;
    expect(answer).toEqual({ ok: false, error: { code: 'forbidden', message: EXPORT_FOLDER_NOT_PICKED } });
    expect(existsSync(elsewhere)).toBe(false);
    // The folder the web host's picker answers (its own exports folder) is allowed.
    const picked = (await (await call('dialog.pickDirectory')).json()) as IpcEnvelope<{ path: string }>;
    expect(picked.ok).toBe(true);
    const allowed = (await (await call('transcripts.export', { cookie, body: { input: { videoIds: ['v1'], directory: picked.ok ? picked.value.path : '', fileType: 'txt' } } })).json()) as IpcEnvelope<unknown>;
    expect(allowed).toMatchObject({ ok: true });
  });

  it('streams settings changes to the page as Server-Sent Events', async () => {
    expect((await fetch(`${host.url}${WEB_BRIDGE.eventsPath}?token=wrong`, { headers: { 'sec-fetch-site': 'same-origin' } })).status).toBe(403);
    const abort = new AbortController();
    // As Chromium's EventSource sends it: a same-origin GET carries Sec-Fetch-Site, not Origin.
    const stream = await fetch(`${host.url}${WEB_BRIDGE.eventsPath}?token=${host.token}`, { signal: abort.signal, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(stream.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = stream.body!.getReader();
    await reader.read(); // ": connected"
    await call('settings.update', { body: { input: { layout: { rtl: true } } } });
    let text = '';
    while (!text.includes('\n\n') || !text.includes('settings.changed')) text += new TextDecoder().decode((await reader.read()).value);
    expect(text).toContain('event: settings.changed');
    expect(text).toContain('"rtl":true');
    abort.abort();
  });
});
