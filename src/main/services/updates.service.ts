/**
 * The background updater (issue 4, desktop conventions): asks the update feed at start and every few hours, lets the
 * updater download in the background, and tells the renderer when an update is ready so it can offer "Restart to
 * update". It never restarts the app by itself: only restart(), called on the person's explicit request, installs.
 * Electron's autoUpdater is reached through UpdaterPort, so this logic is tested with a fake updater.
 */
import type { UpdateStatus } from '../../shared/ipc/app.schemas';
import { HostError } from '../../shared/ipc/handlers';

/** What the updater reports (electron-updater's events, reduced to what the app shows). */
export type UpdaterEvent =
  | { type: 'checking' }
  | { type: 'available'; version: string }
  | { type: 'not-available' }
  | { type: 'progress'; percent: number }
  | { type: 'downloaded'; version: string }
  | { type: 'error'; message: string };

/** The update machinery (Electron: electron-updater on the generic feed, with downloads in the background). */
export interface UpdaterPort {
  /** Asks the feed; an available update starts downloading by itself. Rejects when the feed cannot be reached. */
  check(): Promise<void>;
  /** Subscribes to the updater's events. */
  onEvent(listener: (event: UpdaterEvent) => void): void;
  /** Quits the app and installs the downloaded update. */
  quitAndInstall(): void;
}

/** Repeating timers, so tests can fire "four hours later" at once. */
export interface IntervalTimer {
  /** Calls `run` every `ms` milliseconds until the answered function is called. */
  every(ms: number, run: () => void): () => void;
}

/** The real timer; it never keeps the process alive on its own. */
export const systemIntervalTimer: IntervalTimer = {
  every(ms, run) {
    const handle = setInterval(run, ms);
    handle.unref();
    return () => clearInterval(handle);
  },
};

/** Checks at start and then every four hours. */
export const UPDATE_CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000;

export interface UpdatesServiceDeps {
  updater: UpdaterPort;
  timer: IntervalTimer;
  now: () => number;
  /** Sends updates.changed to the renderer. */
  emit: (status: UpdateStatus) => void;
  log: (message: string) => void;
  intervalMs?: number;
}

export interface UpdatesService {
  /** First check now, then one every interval. */
  start(): void;
  /** Stops the periodic checks. */
  stop(): void;
  /** Asks the feed now (menu "Check for updates"); ignored while a download runs or an update waits. */
  checkNow(): void;
  status(): UpdateStatus;
  /** Installs the downloaded update (quits the app). Throws HostError('unavailable') when none is ready. */
  restart(): void;
}

/** Builds the service; call start() once the window exists. */
export function createUpdatesService(deps: UpdatesServiceDeps): UpdatesService {
  let current: UpdateStatus = { state: 'idle', version: null, percent: null, error: null, checkedAt: null };
  let stopTimer: (() => void) | null = null;

  const set = (patch: Partial<UpdateStatus>) => {
    current = { ...current, ...patch };
    deps.emit(current);
  };

  deps.updater.onEvent((event) => {
    // Once an update is downloaded, later feed chatter must not hide the "Restart to update" offer.
    if (current.state === 'ready' && event.type !== 'downloaded') return;
    switch (event.type) {
      case 'checking':
        return set({ state: 'checking', error: null });
      case 'available':
        return set({ state: 'downloading', version: event.version, percent: 0, error: null });
      case 'not-available':
        return set({ state: 'idle', percent: null, error: null });
      case 'progress':
        return set({ state: 'downloading', percent: Math.max(0, Math.min(100, Math.round(event.percent))) });
      case 'downloaded':
        return set({ state: 'ready', version: event.version, percent: 100, error: null });
      case 'error':
        deps.log(`Update failed: ${event.message}`);
        return set({ state: 'error', percent: null, error: event.message });
    }
  });

  const check = () => {
    // A download under way or an update waiting for a restart: asking the feed again would only start over.
    if (current.state === 'downloading' || current.state === 'ready') return;
    set({ checkedAt: new Date(deps.now()).toISOString() });
    deps.updater.check().catch((error: unknown) => {
      // An offline machine or an unreachable feed must not disturb the person; the next check tries again.
      const message = error instanceof Error ? error.message : String(error);
      deps.log(`Update check failed: ${message}`);
      if (current.state !== 'ready') set({ state: 'error', percent: null, error: message });
    });
  };

  return {
    start() {
      if (stopTimer) return;
      check();
      stopTimer = deps.timer.every(deps.intervalMs ?? UPDATE_CHECK_INTERVAL_MS, check);
    },
    stop() {
      stopTimer?.();
      stopTimer = null;
    },
    checkNow: check,
    status: () => current,
    restart() {
      if (current.state !== 'ready') throw new HostError('unavailable', 'No update is ready to install yet.');
      deps.updater.quitAndInstall();
    },
  };
}
