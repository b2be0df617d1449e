/**
 * Issue 28 item 3: the back end `npm run web` starts logs into the data folder (logs/backend.log), so the console the
 * person started it from stays quiet. The real web host forks the real back end (src/server/cli.ts) on loopback.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { embeddedLogFile } from '../../../src/server/dataDir';
import { startWebHost, type WebHost } from '../../../src/server/webHost/webHost';

describe("the web host's back end log", () => {
  let root = '';
  let host: WebHost | null = null;
  afterEach(async () => {
    await host?.close();
    host = null;
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    rmSync(root, { recursive: true, force: true });
  });

  it('goes to logs/backend.log in the data folder, not to the console', async () => {
    root = mkdtempSync(join(tmpdir(), 'reelscope-web-log-'));
    const webRoot = join(root, 'web');
    mkdirSync(webRoot, { recursive: true });
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><html><head><title>Reelscope</title></head><body></body></html>');
    vi.stubEnv('REELSCOPE_SEED', '0');
    const printed: string[] = [];
    // Watches what reaches this console (the child's output is forwarded here), still writing it.
    const stdout = vi.spyOn(process.stdout, 'write');
    const dataDir = join(root, 'data');
    host = await startWebHost({ webRoot, dataDir, port: 0, backendPort: 0, keychain: 'none', log: (line) => printed.push(line) });
    const origin = host.services.backend.info().origin;
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const id = (await fetch(`${origin}/health`)).headers.get('x-request-id')!;
    const file = embeddedLogFile(dataDir);
    // The line is written once the answer has gone out: wait for it.
    await vi.waitFor(() => expect(existsSync(file) && readFileSync(file, 'utf8')).toContain(`"reqId":"${id}"`), { timeout: 10_000 });
    // The console does get the child's output (its one start line), just not its log.
    const seen = () => [...printed, ...stdout.mock.calls.map(([chunk]) => String(chunk))].join('');
    await vi.waitFor(() => expect(seen()).toContain('Reelscope back end listening on'), { timeout: 10_000 });
    expect(seen()).not.toContain(id);
  });
});
