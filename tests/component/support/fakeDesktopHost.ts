import type { HostBridge, IpcChannel, IpcEnvelope, IpcEvent, IpcEventPayload } from '../../../src/shared/ipc/contract';
import { createHostClient, installHostClient } from '../../../src/renderer/host/hostClient';
import type { HostRuntime } from '../../../src/renderer/host/hostClient';

/**
 * A stand-in for the host bridge for the desktop features (downloads, exports, library): answers come from a table
 * the test fills, and the test pushes host events. Everything on the renderer side (host client, envelope unwrapping,
 * output validation against the contract) is the real code.
 */
export interface FakeDesktopHost {
  calls: { channel: IpcChannel; input: unknown }[];
  callsTo(channel: IpcChannel): unknown[];
  /** Sets the answer (or a function of the input) for a channel; an Error answer becomes a failed envelope. */
  answer(channel: IpcChannel, value: unknown): void;
  emit<E extends IpcEvent>(event: E, payload: IpcEventPayload<E>): void;
}

/** `pathForFile` stands in for the Electron preload's (webUtils) resolution of a dropped File's disk path. */
export function installFakeDesktopHost(runtime: HostRuntime = 'web', options: { pathForFile?: (file: File) => string } = {}): FakeDesktopHost {
  const answers = new Map<IpcChannel, unknown>();
  const listeners = new Map<IpcEvent, Set<(payload: unknown) => void>>();
  const calls: FakeDesktopHost['calls'] = [];
  const bridge: HostBridge = {
    invoke: (async (channel: IpcChannel, input?: unknown) => {
      calls.push({ channel, input });
      const entry = answers.get(channel);
      const value = typeof entry === 'function' ? (entry as (input: unknown) => unknown)(input) : entry;
      if (value instanceof Error) return { ok: false, error: { code: 'failed', message: value.message } };
      return { ok: true, value: value === undefined ? null : value } as IpcEnvelope<unknown>;
    }) as HostBridge['invoke'],
    on: ((event: IpcEvent, listener: (payload: unknown) => void) => {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener);
      return () => set.delete(listener);
    }) as HostBridge['on'],
    ...(options.pathForFile ? { pathForFile: options.pathForFile } : {}),
  };
  installHostClient(createHostClient(bridge, runtime));
  return {
    calls,
    callsTo: (channel) => calls.filter((call) => call.channel === channel).map((call) => call.input),
    answer: (channel, value) => answers.set(channel, value),
    emit: (event, payload) => {
      for (const listener of listeners.get(event) ?? []) listener(payload);
    },
  };
}
