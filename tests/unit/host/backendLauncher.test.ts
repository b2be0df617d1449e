import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { BackendInfo } from '../../../src/shared/ipc/contract';
import { DEFAULT_SETTINGS } from '../../../src/shared/ipc/settings.schemas';
import type { Settings } from '../../../src/shared/ipc/settings.schemas';
import { createNodeProcessSpawner } from '../../../src/main/adapters/nodeProcessSpawner';
import type { BackendLauncher } from '../../../src/main/services/backendLauncher.service';
import { createBackendLauncher } from '../../../src/main/services/backendLauncher.service';
import { systemClock } from '../../../src/main/services/ports';
import { useTempDir } from './helpers';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const tempDir = useTempDir();
const launchers: BackendLauncher[] = [];
afterEach(async () => {
  for (const launcher of launchers.splice(0)) await launcher.stop();
});

function launcher(entry: string, options: { settings?: Settings; env?: Record<string, string>; forcedUrl?: string | null } = {}) {
  const notices: string[] = [];
  const created = createBackendLauncher({
    spawner: createNodeProcessSpawner({ onOutput: () => undefined }),
    clock: systemClock,
    notifier: { notify: (title, body) => notices.push(`${title}: ${body}`) },
    settings: () => options.settings ?? DEFAULT_SETTINGS,
    entry: join(FIXTURES, entry),
    dataDir: tempDir(),
    env: options.env,
    forcedUrl: options.forcedUrl ?? null,
    maxRestarts: 2,
  });
  launchers.push(created);
  return { launcher: created, notices };
}

/** Resolves with the first state change matching `predicate`. */
function nextChange(l: BackendLauncher, predicate: (info: BackendInfo) => boolean): Promise<BackendInfo> {
  return new Promise((resolve) => {
    const off = l.onChange((info) => {
      if (predicate(info)) {
        off();
        resolve(info);
      }
    });
  });
}

describe('back-end launcher with the real node spawner', () => {
  it('forks the back end, waits for ready, and exposes service urls the back end answers on', async () => {
    const { launcher: l } = launcher('readyServer.mjs');
    const states: string[] = [];
    l.onChange((info) => states.push(info.state));
    const info = await l.start();
    expect(info.state).toBe('running');
    expect(info.mode).toBe('embedded');
    expect(info.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(info.urls.main).toBe(`${info.origin}/jwt_api`);
    expect(info.urls.graphql).toBe(`${info.origin}/graphql`);
    const health = await fetch(`${info.origin}/health`);
    expect(health.status).toBe(200);
    expect(((await health.json()) as { dataDir: string }).dataDir).toBe(info.dataDir);
    expect(states).toEqual(['starting', 'running']);

    await l.stop();
    expect(l.info().state).toBe('stopped');
    await expect(fetch(`${info.origin}/health`)).rejects.toThrow();
  });

  it('runs a TypeScript entry (like src/server/cli.ts) through tsx', async () => {
    const { launcher: l } = launcher('readyServer.ts');
    expect((await l.start()).state).toBe('running');
  });

  it('reports a back end that exits before ready as failed, with its own error text', async () => {
    const { launcher: l } = launcher('crashing.mjs');
    const info = await l.start();
    expect(info.state).toBe('failed');
    expect(info.error).toContain('database is locked');
    expect(info.error).toContain('code 3');
  });

  it('restarts a back end that crashes while running', async () => {
    const marker = join(tempDir(), 'crashed-once');
    const { launcher: l } = launcher('readyServer.mjs', { env: { FIXTURE_CRASH_ONCE_FILE: marker } });
    const crashed = nextChange(l, (info) => info.state === 'starting' && info.error !== null);
    await l.start();
    expect((await crashed).error).toContain('crashing after ready');
    const info = await nextChange(l, (next) => next.state === 'running');
    expect(existsSync(marker)).toBe(true);
    expect(info.state).toBe('running');
    expect((await fetch(`${info.origin}/health`)).status).toBe(200);
  });

  it('uses the hosted back end from the settings without starting anything', async () => {
    const settings: Settings = { ...DEFAULT_SETTINGS, backend: { mode: 'hosted', hostedUrl: 'https://api.reelscope.example/' } };
    const { launcher: l } = launcher('crashing.mjs', { settings });
    const info = await l.start();
    expect(info).toMatchObject({ mode: 'hosted', origin: 'https://api.reelscope.example', state: 'running', dataDir: null });
    expect(info.urls.second).toBe('https://api.reelscope.example/second');
  });

  it('REELSCOPE_BACKEND_URL forces hosted mode whatever the settings say', async () => {
    const { launcher: l } = launcher('crashing.mjs', { forcedUrl: 'http://127.0.0.1:4999' });
    expect(await l.start()).toMatchObject({ mode: 'hosted', origin: 'http://127.0.0.1:4999', state: 'running' });
  });
});
