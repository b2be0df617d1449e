import type { IpcEvent, IpcEventPayload } from '../../shared/ipc/contract';

/** Receives every host event; Electron forwards it to windows, the web host to its SSE clients. */
export type HostEventListener = <E extends IpcEvent>(event: E, payload: IpcEventPayload<E>) => void;

export interface HostEvents {
  /** Sends an event to every subscriber. A throwing subscriber does not stop the others. */
  emit<E extends IpcEvent>(event: E, payload: IpcEventPayload<E>): void;
  /** Subscribes to all events; answers the unsubscribe function. */
  subscribe(listener: HostEventListener): () => void;
}

/** A tiny typed fan-out of the contract's events. */
export function createHostEvents(onListenerError: (error: unknown) => void = () => undefined): HostEvents {
  const listeners = new Set<HostEventListener>();
  return {
    emit(event, payload) {
      for (const listener of listeners) {
        try {
          listener(event, payload);
        } catch (error) {
          onListenerError(error);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
