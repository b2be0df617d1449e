import { SERVICE_PREFIXES } from '../../shared/constants';
import type { BackendInfo, ServiceUrls } from '../../shared/ipc/contract';
import type { Settings } from '../../shared/ipc/settings.schemas';
import type { Clock, Notifier, ProcessSpawner, SpawnedProcess } from './ports';

export interface BackendLauncher {
  /** Starts (embedded) or resolves (hosted) the back end; resolves once running or failed, never rejects. */
  start(): Promise<BackendInfo>;
  /** Stops the embedded child (no restart) and waits for it to exit. */
  stop(): Promise<void>;
  /** Re-reads the backend settings: switches between embedded and hosted when they changed. */
  reconfigure(): Promise<BackendInfo>;
  /** Where the back end is and whether it runs. */
  info(): BackendInfo;
  /** Subscribes to state changes (source of the `backend.changed` event); answers the unsubscribe function. */
  onChange(listener: (info: BackendInfo) => void): () => void;
}

export interface BackendLauncherDeps {
  spawner: ProcessSpawner;
  clock: Clock;
  notifier: Notifier;
  settings: () => Settings;
  /** The back-end entry script (src/server/cli.ts in the web host, the built child in Electron). */
  entry: string;
  /** Folder of the embedded database and media, passed as REELSCOPE_DATA_DIR. */
  dataDir: string;
  /** Extra environment for the child (e.g. REELSCOPE_PORT, REELSCOPE_WEB_PORT). */
  env?: Record<string, string>;
  /** REELSCOPE_BACKEND_URL: forces hosted mode at this origin, whatever the settings say. */
  forcedUrl?: string | null;
  /** How many crashes of a running back end are restarted before giving up. */
  maxRestarts?: number;
  /** How long to wait for the child's ready message. */
  readyTimeoutMs?: number;
  /** Every other message the embedded back end sends its host (kept account mail, live: `{type: 'mail', …}`). */
  onChildMessage?: (message: unknown) => void;
}

/** Services share one origin under fixed prefixes (spec §7). */
export function serviceUrls(origin: string): ServiceUrls {
  const base = origin.replace(/\/+$/, '');
  return {
    main: base + SERVICE_PREFIXES.main,
    second: base + SERVICE_PREFIXES.second,
    metrics: base + SERVICE_PREFIXES.metrics,
    gateway: base + SERVICE_PREFIXES.gateway,
    graphql: base + SERVICE_PREFIXES.graphql,
  };
}

/** How long a stopping back end gets to close cleanly before it is killed. */
const STOP_GRACE_MS = 5000;

type ReadyMessage = { type: 'ready'; port: number; url?: string };
function isReady(message: unknown): message is ReadyMessage {
  if (typeof message !== 'object' || message === null) return false;
  const m = message as Record<string, unknown>;
  return m.type === 'ready' && typeof m.port === 'number';
}

/** The origin (scheme://host:port) of a URL, or null when it is not an http(s) URL. */
function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** Starts the embedded back end as a child process and keeps it alive, or points at a hosted one. */
export function createBackendLauncher(deps: BackendLauncherDeps): BackendLauncher {
  const maxRestarts = deps.maxRestarts ?? 3;
  const readyTimeoutMs = deps.readyTimeoutMs ?? 60_000;
  const listeners = new Set<(info: BackendInfo) => void>();
  let child: SpawnedProcess | null = null;
  let childExited: Promise<void> = Promise.resolve();
  let stopping = false;
  let restarts = 0;
  let current: BackendInfo = hostedOrEmbeddedIdle();

  function hostedOrEmbeddedIdle(): BackendInfo {
    const forced = originOf(deps.forcedUrl);
    if (deps.forcedUrl) {
      return forced
        ? { mode: 'hosted', origin: forced, urls: serviceUrls(forced), dataDir: null, state: 'running', error: null }
        : { mode: 'hosted', origin: '', urls: serviceUrls(''), dataDir: null, state: 'failed', error: `REELSCOPE_BACKEND_URL is not an http(s) address: ${deps.forcedUrl}` };
    }
    const backend = deps.settings().backend;
    if (backend.mode === 'hosted') {
      const origin = originOf(backend.hostedUrl);
      return origin
        ? { mode: 'hosted', origin, urls: serviceUrls(origin), dataDir: null, state: 'running', error: null }
        : { mode: 'hosted', origin: '', urls: serviceUrls(''), dataDir: null, state: 'failed', error: 'No hosted back-end address is set. Enter one in Settings or switch back to the built-in back end.' };
    }
    return { mode: 'embedded', origin: '', urls: serviceUrls(''), dataDir: deps.dataDir, state: 'stopped', error: null };
  }

  function publish(next: BackendInfo): BackendInfo {
    current = next;
    for (const listener of listeners) listener(next);
    return next;
  }

  /** Forks the child and resolves when it reports ready (running) or exits / times out first (failed). */
  function spawnOnce(): Promise<BackendInfo> {
    publish({ ...current, mode: 'embedded', dataDir: deps.dataDir, state: 'starting', error: null });
    const env = { ...deps.env, REELSCOPE_DATA_DIR: deps.dataDir };
    const proc = deps.spawner.fork(deps.entry, env);
    child = proc;
    let resolveExited: () => void = () => undefined;
    childExited = new Promise((resolve) => (resolveExited = resolve));

    return new Promise<BackendInfo>((resolve) => {
      let ready = false;
      let settled = false;
      const settle = (info: BackendInfo) => {
        if (settled) return;
        settled = true;
        resolve(publish(info));
      };
      proc.onMessage((message) => {
        if (!isReady(message)) return deps.onChildMessage?.(message);
        if (ready) return;
        ready = true;
        const origin = originOf(message.url) ?? `http://127.0.0.1:${message.port}`;
        restarts = 0;
        settle({ mode: 'embedded', origin, urls: serviceUrls(origin), dataDir: deps.dataDir, state: 'running', error: null });
      });
      proc.onExit((code) => {
        resolveExited();
        if (child === proc) child = null;
        if (stopping) {
          settle({ ...current, state: 'stopped', error: null });
          return;
        }
        const tail = proc.stderrTail().trim();
        const error = `The built-in back end exited (code ${code ?? 'signal'})${tail ? `: ${tail}` : '.'}`;
        if (!ready) {
          settle({ ...current, state: 'failed', error });
          return;
        }
        void onCrash(error);
      });
      void deps.clock.sleep(readyTimeoutMs).then(() => {
        if (ready || settled) return;
        settle({ ...current, state: 'failed', error: `The built-in back end did not start within ${Math.round(readyTimeoutMs / 1000)} s.` });
        proc.kill();
      });
    });
  }

  /** A running back end died: restart it a bounded number of times, waiting longer each time. */
  async function onCrash(error: string): Promise<void> {
    if (restarts >= maxRestarts) {
      publish({ ...current, state: 'failed', error });
      deps.notifier.notify('Reelscope back end stopped', error);
      return;
    }
    restarts += 1;
    publish({ ...current, state: 'starting', error });
    await deps.clock.sleep(250 * 2 ** (restarts - 1));
    if (stopping) return;
    const info = await spawnOnce();
    if (info.state === 'failed') deps.notifier.notify('Reelscope back end stopped', info.error ?? error);
  }

  async function stop(): Promise<void> {
    stopping = true;
    const proc = child;
    if (proc) {
      proc.kill();
      // A back end that ignores the polite request (stuck closing its database) must not hold the quit forever.
      const exited = await Promise.race([childExited.then(() => true), deps.clock.sleep(STOP_GRACE_MS).then(() => false)]);
      if (!exited) {
        proc.kill(true);
        await childExited;
      }
    }
    child = null;
    if (current.mode === 'embedded') publish({ ...current, state: 'stopped', error: null });
  }

  async function start(): Promise<BackendInfo> {
    stopping = false;
    const idle = hostedOrEmbeddedIdle();
    if (idle.mode === 'hosted') return publish(idle);
    if (child && current.state === 'running') return current;
    restarts = 0;
    return spawnOnce();
  }

  return {
    start,
    stop,
    async reconfigure() {
      const wanted = hostedOrEmbeddedIdle();
      const embeddedAlive = wanted.mode === 'embedded' && current.mode === 'embedded' && (current.state === 'running' || current.state === 'starting');
      const sameHosted = wanted.mode === 'hosted' && current.mode === 'hosted' && wanted.origin === current.origin && wanted.state === current.state;
      if (embeddedAlive || sameHosted) return current;
      await stop();
      return start();
    },
    info: () => current,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
