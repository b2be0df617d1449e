import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAtomicFile } from '../../../src/main/adapters/nodeAtomicFile';
import type { AnalysisApi } from '../../../src/main/services/firstAnalysisPoll.service';
import { createFirstAnalysisPoll } from '../../../src/main/services/firstAnalysisPoll.service';
import { systemClock } from '../../../src/main/services/ports';
import { createManualScheduler } from '../../../src/main/services/scheduler';
import { createSecretsService } from '../../../src/main/services/secrets.service';
import { createSessionService } from '../../../src/main/services/session.service';
import { createSettingsService } from '../../../src/main/services/settings.service';
import { ANALYSIS_POLL_MS } from '../../../src/shared/constants';
import { MESSAGES } from '../../../src/shared/messages';
import { useTempDir } from './helpers';

const tempDir = useTempDir();

/** A poll over real settings (a file in a temp folder), a manual scheduler and a scripted back end. */
async function setup(initial: { count?: number; stage?: string } = {}) {
  const settings = createSettingsService({ file: createAtomicFile(join(tempDir(), 'settings.json')), clock: systemClock });
  await settings.load();
  const back = { count: initial.count ?? 1, stage: initial.stage ?? 'processing', statusCalls: [] as number[], countCalls: 0 };
  const scheduler = createManualScheduler(0);
  const api: AnalysisApi = {
    videoCount: () => {
      back.countCalls++;
      return Promise.resolve(back.count);
    },
    analysisStage: () => {
      back.statusCalls.push(scheduler.now());
      return Promise.resolve(back.stage);
    },
  };
  const events: { videoId: string }[] = [];
  const notices: string[] = [];
  const poll = createFirstAnalysisPoll({
    api, settings, scheduler,
    notifier: { notify: (_title, body) => notices.push(body) },
    emit: (event, payload) => event === 'analysis.completed' && events.push(payload as { videoId: string }),
    log: () => undefined,
  });
  return { settings, back, scheduler, poll, events, notices };
}

describe('first-analysis poll (spec §4)', () => {
  it('keeps the spec constant of 300000 ms', () => {
    expect(ANALYSIS_POLL_MS).toBe(300000);
  });

  it('checks the status every 300000 ms while the marker says pending and the brand has one video', async () => {
    const { settings, back, scheduler, poll } = await setup();
    await settings.update({ markers: { firstAnalysis: 'v1,pending' } });
    expect(poll.state()).toMatchObject({ active: true, videoId: 'v1', status: 'pending', intervalMs: 300000 });
    expect(scheduler.active()).toEqual([300000]);
    await scheduler.advance(299_999);
    expect(back.statusCalls).toEqual([]);
    await scheduler.advance(1);
    expect(back.statusCalls).toEqual([300000]);
    await scheduler.advance(600_000);
    expect(back.statusCalls).toEqual([300000, 600000, 900000]);
  });

  it('on completed: stores id,completed, emits analysis.completed once, notifies and stops', async () => {
    const { settings, back, scheduler, poll, events, notices } = await setup();
    await settings.update({ markers: { firstAnalysis: 'v1,pending' } });
    await scheduler.advance(ANALYSIS_POLL_MS);
    back.stage = 'completed';
    await scheduler.advance(ANALYSIS_POLL_MS);
    expect(settings.get().markers.firstAnalysis).toBe('v1,completed');
    expect(events).toEqual([{ videoId: 'v1' }]);
    expect(notices).toEqual([MESSAGES.firstVideoAnalyzed]);
    expect(poll.state()).toMatchObject({ active: false, status: 'completed' });
    expect(scheduler.active()).toEqual([]);
    await scheduler.advance(10 * ANALYSIS_POLL_MS);
    expect(events).toHaveLength(1);
  });

  it('does not start without a pending marker (none, or already completed)', async () => {
    const { settings, scheduler, poll } = await setup({ stage: 'completed' });
    poll.evaluate();
    expect(scheduler.active()).toEqual([]);
    await settings.update({ markers: { firstAnalysis: 'v1,completed' } });
    expect(scheduler.active()).toEqual([]);
    expect(poll.state().active).toBe(false);
  });

  it('stops without reading the status when the navbar video count is no longer 1', async () => {
    const { settings, back, scheduler, poll, events } = await setup({ count: 2, stage: 'completed' });
    await settings.update({ markers: { firstAnalysis: 'v1,pending' } });
    await scheduler.advance(ANALYSIS_POLL_MS);
    expect(back.countCalls).toBe(1);
    expect(back.statusCalls).toEqual([]);
    expect(events).toEqual([]);
    expect(poll.state()).toMatchObject({ active: false, status: 'pending' });
    expect(scheduler.active()).toEqual([]);
  });

  it('stops on logout (the marker is cleared) and restarts for the next first video', async () => {
    const { settings, scheduler, back } = await setup();
    const session = createSessionService({ settings, secrets: createSecretsService({ keychain: null, encrypted: null, allowInsecure: () => false }) });
    await settings.update({ markers: { firstAnalysis: 'v1,pending' } });
    await session.logout();
    expect(scheduler.active()).toEqual([]);
    await scheduler.advance(ANALYSIS_POLL_MS);
    expect(back.countCalls).toBe(0);
    await settings.update({ markers: { firstAnalysis: 'v2,pending' } });
    expect(scheduler.active()).toEqual([300000]);
  });

  it('keeps polling after a failed check (server down) and stops when signed out', async () => {
    const { settings, scheduler } = await setup();
    let failure = 'The Reelscope server cannot be reached.';
    const failing = createFirstAnalysisPoll({
      api: { videoCount: () => Promise.reject(new Error(failure)), analysisStage: () => Promise.resolve('pending') },
      settings, scheduler, notifier: { notify: () => undefined }, emit: () => undefined, log: () => undefined,
    });
    await settings.update({ markers: { firstAnalysis: 'v9,pending' } });
    await scheduler.advance(ANALYSIS_POLL_MS);
    expect(failing.state().active).toBe(true);
    failure = 'You are signed out. Sign in again to continue.';
    await scheduler.advance(ANALYSIS_POLL_MS);
    expect(failing.state()).toMatchObject({ active: false, stoppedBecause: 'signed out' });
  });
});
