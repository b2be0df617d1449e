import type { HostBridge, IpcChannel, IpcEnvelope, IpcEvent, IpcEventPayload, IpcOutput } from '../shared/ipc/contract';
import { isIpcChannel, isIpcEvent } from '../shared/ipc/contract';

/** The part of Electron's ipcRenderer the bridge uses, so the logic is testable without Electron. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

/**
 * The object the preload exposes: exactly `invoke` and `on`, and only for names in the contract.
 * Anything else is refused here, before it reaches IPC, so a compromised renderer cannot probe other channels.
 */
export function createBridge(ipc: IpcRendererLike): HostBridge {
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
  return bridge;
}
