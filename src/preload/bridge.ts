import type { HostBridge, IpcChannel, IpcEnvelope, IpcEvent, IpcEventPayload, IpcOutput } from '../shared/ipc/contract';
import { isIpcChannel, isIpcEvent } from '../shared/ipc/contract';

/** The part of Electron's ipcRenderer the bridge uses, so the logic is testable without Electron. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

/** The part of Electron's webUtils the bridge uses (resolving a dropped File to its disk path). */
export interface WebUtilsLike {
  getPathForFile(file: File): string;
}

/**
 * The object the preload exposes: `invoke` and `on`, only for names in the contract, and (with webUtils) `pathForFile`.
 * Anything else is refused here, before it reaches IPC, so a compromised renderer cannot probe other channels.
 * pathForFile only answers the path of a File the page already holds (one the person dropped); it reads nothing and
 * sends nothing, and main checks any path it is later given (uploads.start: regular file, allowed extension).
 */
export function createBridge(ipc: IpcRendererLike, webUtils?: WebUtilsLike): HostBridge {
  const bridge = {
    invoke<C extends IpcChannel>(channel: C, ...args: unknown[]): Promise<IpcEnvelope<IpcOutput<C>>> {
      if (!isIpcChannel(channel)) return Promise.reject(new Error(`Refused: "${String(channel)}" is not a host channel.`));
      // Exactly one argument crosses: the input (undefined for channels without one). Extra arguments are dropped.
      return ipc.invoke(channel, args[0]) as Promise<IpcEnvelope<IpcOutput<C>>>;
    },
    on<E extends IpcEvent>(event: E, listener: (payload: IpcEventPayload<E>) => void): () => void {
      if (!isIpcEvent(event)) throw new Error(`Refused: "${String(event)}" is not a host event.`);
      if (typeof listener !== 'function') throw new Error('A listener function is required.');
      // The Electron event object (with its sender) never reaches the page; only the payload does.
      const wrapped = (_event: unknown, payload: unknown) => listener(payload as IpcEventPayload<E>);
      ipc.on(event, wrapped);
      return () => void ipc.removeListener(event, wrapped);
    },
  } satisfies HostBridge;
  if (!webUtils) return bridge;
  return {
    ...bridge,
    pathForFile(file: File): string {
      // getPathForFile throws for anything that is not a File; answer '' (no path) instead of leaking the error.
      try {
        return webUtils.getPathForFile(file);
      } catch {
        return '';
      }
    },
  };
}
