/** A stored message as subscribers receive it. */
export interface ChatEvent {
  channel: string;
  timetoken: string;
  publisher: string;
  message: unknown;
}

interface Waiter {
  channels: ReadonlySet<string>;
  wake: () => void;
}

/**
 * Wakes long-polling subscribers when a message lands on one of their channels. Messages themselves are read from
 * the database after the wake-up, so a subscriber that was between polls misses nothing: it asks from its timetoken.
 */
export function createMessageBus() {
  const waiters = new Set<Waiter>();
  let closed = false;
  return {
    /** Resolves when a message arrives on one of `channels`, or after `timeoutMs`, or when `signal` aborts. */
    wait(channels: ReadonlySet<string>, timeoutMs: number, signal: AbortSignal): Promise<void> {
      return new Promise((resolve) => {
        const waiter: Waiter = { channels, wake: () => finish() };
        const timer = setTimeout(() => finish(), timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(waiter);
          signal.removeEventListener('abort', finish);
          resolve();
        };
        // A subscribe that reaches its wait after the server began closing answers at once too.
        if (signal.aborted || closed) return finish();
        signal.addEventListener('abort', finish);
        waiters.add(waiter);
      });
    },
    published(channel: string): void {
      for (const waiter of [...waiters]) if (waiter.channels.has(channel)) waiter.wake();
    },
    /** Wakes every waiter to read again (notices may have been missed while another instance's could not reach this one). */
    wakeAll(): void {
      for (const waiter of [...waiters]) waiter.wake();
    },
    /** Ends every wait, and every later one at once (the server is closing). */
    closeAll(): void {
      closed = true;
      for (const waiter of [...waiters]) waiter.wake();
    },
    get waiting(): number {
      return waiters.size;
    },
  };
}
export type MessageBus = ReturnType<typeof createMessageBus>;
