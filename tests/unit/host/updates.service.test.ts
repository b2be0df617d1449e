/**
 * The background updater's logic. Electron's autoUpdater cannot run here (the Electron binary is not installed and an
 * update feed needs a packaged, signed build), so the updater port is a declared fake that emits the same events
 * electron-updater does; everything else — schedule, states, the "never restart on its own" rule — is the real service.
 */
import { describe, expect, it } from 'vitest';
import type { UpdateStatus } from '../../../src/shared/ipc/app.schemas';
import { UpdateStatusSchema } from '../../../src/shared/ipc/app.schemas';
import { HostError } from '../../../src/shared/ipc/handlers';
import type { IntervalTimer, UpdaterEvent, UpdaterPort } from '../../../src/main/services/updates.service';
import { UPDATE_CHECK_INTERVAL_MS, createUpdatesService } from '../../../src/main/services/updates.service';

function fakeUpdater(options: { failCheck?: boolean } = {}) {
  let listener: (event: UpdaterEvent) => void = () => undefined;
  const state = { checks: 0, installs: 0 };
  const port: UpdaterPort = {
    check: async () => {
      state.checks += 1;
      if (options.failCheck) throw new Error('getaddrinfo ENOTFOUND updates.reelscope.app');
    },
    onEvent: (next) => (listener = next),
    quitAndInstall: () => (state.installs += 1),
  };
  return { port, state, fire: (event: UpdaterEvent) => listener(event) };
}

function manualTimer() {
  const timers: { ms: number; run: () => void; stopped: boolean }[] = [];
  const timer: IntervalTimer = {
    every(ms, run) {
      const entry = { ms, run, stopped: false };
      timers.push(entry);
      return () => (entry.stopped = true);
    },
  };
  return { timer, timers, tick: () => timers.filter((t) => !t.stopped).forEach((t) => t.run()) };
}

function setup(options: { failCheck?: boolean } = {}) {
  const updater = fakeUpdater(options);
  const clock = manualTimer();
  const emitted: UpdateStatus[] = [];
  const logs: string[] = [];
  const service = createUpdatesService({ updater: updater.port, timer: clock.timer, now: () => Date.UTC(2026, 0, 1), emit: (s) => emitted.push(s), log: (m) => logs.push(m) });
  return { service, updater, clock, emitted, logs };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('updates service', () => {
  it('checks at start and again every four hours', () => {
    const { service, updater, clock } = setup();
    service.start();
    expect(updater.state.checks).toBe(1);
    expect(clock.timers).toHaveLength(1);
    expect(clock.timers[0]?.ms).toBe(UPDATE_CHECK_INTERVAL_MS);
    expect(UPDATE_CHECK_INTERVAL_MS).toBe(4 * 60 * 60 * 1000);
    clock.tick();
    clock.tick();
    expect(updater.state.checks).toBe(3);
    service.start();
    expect(updater.state.checks).toBe(3);
    service.stop();
    clock.tick();
    expect(updater.state.checks).toBe(3);
  });

  it('follows a background download to "ready" and never installs on its own', () => {
    const { service, updater, clock, emitted } = setup();
    service.start();
    updater.fire({ type: 'checking' });
    updater.fire({ type: 'available', version: '1.2.0' });
    updater.fire({ type: 'progress', percent: 42.4 });
    expect(service.status()).toMatchObject({ state: 'downloading', version: '1.2.0', percent: 42 });
    updater.fire({ type: 'downloaded', version: '1.2.0' });
    expect(service.status()).toMatchObject({ state: 'ready', version: '1.2.0', percent: 100 });
    // Later checks and feed noise neither start over nor hide the offer, and nothing installs by itself.
    clock.tick();
    updater.fire({ type: 'not-available' });
    updater.fire({ type: 'error', message: 'feed flaked' });
    expect(service.status().state).toBe('ready');
    expect(updater.state.checks).toBe(1);
    expect(updater.state.installs).toBe(0);
    for (const status of emitted) expect(UpdateStatusSchema.safeParse(status).success).toBe(true);
    expect(emitted.map((s) => s.state)).toEqual(['idle', 'checking', 'downloading', 'downloading', 'ready']);
  });

  it('installs only on the explicit restart, and refuses one when nothing is ready', () => {
    const { service, updater } = setup();
    service.start();
    expect(() => service.restart()).toThrow(HostError);
    expect(updater.state.installs).toBe(0);
    updater.fire({ type: 'downloaded', version: '2.0.0' });
    service.restart();
    expect(updater.state.installs).toBe(1);
  });

  it('reports an unreachable feed as an error without throwing, and tries again at the next check', async () => {
    const { service, updater, clock, logs } = setup({ failCheck: true });
    service.start();
    await flush();
    expect(service.status()).toMatchObject({ state: 'error', error: 'getaddrinfo ENOTFOUND updates.reelscope.app', checkedAt: '2026-01-01T00:00:00.000Z' });
    expect(logs.join('\n')).toContain('Update check failed');
    clock.tick();
    expect(updater.state.checks).toBe(2);
  });
});
