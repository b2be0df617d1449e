// SQLite only (not in bothEngineTests.ts): it starts the embedded back end process on its data folder (the team server: postgres/teamServer.test.ts).
import { chmodSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import type { Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readyMessage, startCli, useTempDir } from './support/cliProcess';

describe('npm run server (src/server/cli.ts)', () => {
  const temp = useTempDir('reelscope-cli-');

  it('reports ready to its parent, prints one line, serves, and exits 0 on SIGTERM', async () => {
    const started = startCli({ REELSCOPE_PORT: '0', REELSCOPE_DATA_DIR: temp.path });
    const ready = await readyMessage(started.child);
    expect(ready).toEqual({ type: 'ready', port: ready.port, url: `http://127.0.0.1:${ready.port}` });
    expect(started.output().stdout).toContain(`Reelscope back end listening on http://127.0.0.1:${ready.port} (data: ${temp.path})`);
    expect((await fetch(`${ready.url}/health`)).status).toBe(200);
    // Started alone, no web host runs: the default web origin is not reflected (nor allowed).
    const fromWeb = await fetch(`${ready.url}/health`, { headers: { origin: 'http://localhost:5180' } });
    expect(fromWeb.status).toBe(403);
    expect(fromWeb.headers.get('access-control-allow-origin')).toBeNull();
    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
  });

  it('shuts down when the parent disconnects', async () => {
    const started = startCli({ REELSCOPE_PORT: '0', REELSCOPE_DATA_DIR: temp.path });
    await readyMessage(started.child);
    started.child.disconnect();
    expect(await started.exited).toBe(0);
  });

  describe('with the port taken', () => {
    let blocker: Server;
    let port: number;
    beforeEach(async () => {
      blocker = createNetServer();
      await new Promise<void>((done) => blocker.listen(0, '127.0.0.1', done));
      const address = blocker.address();
      port = typeof address === 'object' && address ? address.port : 0;
    });
    afterEach(() => new Promise<void>((done) => blocker.close(() => done())));

    it('prints one clear line and exits 1', async () => {
      const started = startCli({ REELSCOPE_PORT: String(port), REELSCOPE_DATA_DIR: temp.path });
      expect(await started.exited).toBe(1);
      expect(started.output().stderr.trim()).toBe(`Reelscope back end could not start: port ${port} is already in use (set REELSCOPE_PORT to another port)`);
    });
  });
});

describe('the data folder the back end writes (Linux and macOS)', () => {
  const parent = useTempDir('reelscope-modes-');

  const modeOf = (path: string) => statSync(path).mode & 0o777;

  /** Every path below `dir` that another user could read, list or enter. */
  function readableByOthers(dir: string): string[] {
    const found: string[] = [];
    for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
      const path = join(entry.parentPath, entry.name);
      if ((statSync(path).mode & 0o077) !== 0) found.push(`${path} ${modeOf(path).toString(8)}`);
    }
    return found;
  }

  it.skipIf(process.platform === 'win32')('creates the database, media and folders private (0700 folders, 0600 files) with the demo seeded', async () => {
    const dataDir = join(parent.path, 'Reelscope');
    const started = startCli({ REELSCOPE_PORT: '0', REELSCOPE_DATA_DIR: dataDir, REELSCOPE_SEED: '1' });
    const ready = await readyMessage(started.child);
    // A write through the API, so the WAL holds something too.
    await fetch(`${ready.url}/health`);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(join(dataDir, 'reelscope.sqlite'))).toBe(0o600);
    expect(modeOf(join(dataDir, 'media'))).toBe(0o700);
    expect(readableByOthers(dataDir)).toEqual([]);
    started.child.kill('SIGTERM');
    await started.exited;
  });

  it.skipIf(process.platform === 'win32')('tightens a data folder an earlier version left world-readable', async () => {
    const dataDir = join(parent.path, 'Reelscope');
    mkdirSync(join(dataDir, 'media'), { recursive: true, mode: 0o755 });
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, 'media'), 0o755);
    const started = startCli({ REELSCOPE_PORT: '0', REELSCOPE_DATA_DIR: dataDir });
    await readyMessage(started.child);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(join(dataDir, 'media'))).toBe(0o700);
    expect(modeOf(join(dataDir, 'reelscope.sqlite'))).toBe(0o600);
    started.child.kill('SIGTERM');
    await started.exited;
  });
});
