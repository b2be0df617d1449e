import type {
  HostBridge,
  InvokeArgs,
  IpcChannel,
  IpcEvent,
  IpcEventPayload,
  IpcOutput,
} from '../../shared/ipc/contract';
import { IPC_CHANNELS, PRELOAD_GLOBAL } from '../../shared/ipc/contract';
import { HOST_UNAVAILABLE_MESSAGE, HostCallError } from './hostCallError';
import { createWebBridge, readHostToken } from './webBridge';

export type HostRuntime = 'electron' | 'web' | 'none';

/** The renderer's only way to reach the host: unwraps envelopes and throws HostCallError. */
export interface HostClient {
  readonly runtime: HostRuntime;
  /** Electron only: the disk path of a File dropped onto the window ('' when it has none); null elsewhere (web host). */
  readonly pathForFile: ((file: File) => string) | null;
  invoke<C extends IpcChannel>(channel: C, ...args: InvokeArgs<C>): Promise<IpcOutput<C>>;
  on<E extends IpcEvent>(event: E, listener: (payload: IpcEventPayload<E>) => void): () => void;
}

function isHostBridge(value: unknown): value is HostBridge {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<HostBridge>).invoke === 'function' &&
    typeof (value as Partial<HostBridge>).on === 'function'
  );
}

/** Wraps a bridge (preload, web or a test double) into the client the app uses. */
export function createHostClient(bridge: HostBridge | null, runtime: HostRuntime): HostClient {
  return {
    runtime,
    pathForFile: bridge?.pathForFile ? (file) => bridge.pathForFile?.(file) ?? '' : null,
    async invoke<C extends IpcChannel>(channel: C, ...args: InvokeArgs<C>): Promise<IpcOutput<C>> {
      if (!bridge) throw new HostCallError('unavailable', HOST_UNAVAILABLE_MESSAGE);
      let envelope;
      try {
        envelope = await bridge.invoke(channel, ...args);
      } catch (error) {
        throw new HostCallError('unavailable', error instanceof Error ? error.message : HOST_UNAVAILABLE_MESSAGE);
      }
      if (!envelope.ok) throw new HostCallError(envelope.error.code, envelope.error.message);
      // The output crosses a process boundary: check it against the contract before trusting it.
      const parsed = IPC_CHANNELS[channel].output.safeParse(envelope.value);
      if (!parsed.success) throw new HostCallError('failed', `The host answered ${channel} in an unexpected shape.`);
      return parsed.data as IpcOutput<C>;
    },
    on(event, listener) {
      return bridge ? bridge.on(event, listener) : () => undefined;
    },
  };
}

/** Finds the bridge this page runs with: the Electron preload first, then the web host's meta token. */
export function detectHostClient(win: Window = window): HostClient {
  const preload: unknown = (win as unknown as Record<string, unknown>)[PRELOAD_GLOBAL];
  if (isHostBridge(preload)) return createHostClient(preload, 'electron');
  const token = readHostToken(win.document);
  if (token) return createHostClient(createWebBridge(token, win.document.baseURI), 'web');
  return createHostClient(null, 'none');
}

let current: HostClient | null = null;

/** The host client of this page (detected once). */
export function host(): HostClient {
  current ??= detectHostClient();
  return current;
}

/** Replaces the host client: for tests, which drive the app through a small fake bridge. */
export function installHostClient(client: HostClient): void {
  current = client;
}
