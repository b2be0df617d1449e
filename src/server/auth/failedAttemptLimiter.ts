/** One reserved attempt: settle it once the outcome is known. Settling twice is harmless. */
export interface AttemptTicket {
  /** The attempt failed: it counts against the key for the window. */
  fail(): void;
  /** The attempt succeeded: the key's failures are forgotten. */
  succeed(): void;
  /** Neither (the check did not finish): the reservation is given back. A no-op once settled. */
  release(): void;
}

/** Counts failed attempts per key in a sliding window, reserving each attempt before it is checked. */
export interface FailedAttemptLimiter {
  /**
   * Reserves an attempt for `key`, or answers null when failures plus attempts still in flight already reach the
   * limit. Counting in-flight attempts is what makes the limit hold under concurrency: a slow check (scrypt) no
   * longer lets every parallel request past before the first failure is recorded.
   */
  reserve(key: string): AttemptTicket | null;
}

interface KeyState {
  failures: number[];
  inFlight: number;
}

/** A sliding-window counter of failures per key (e.g. per account and client address), on an injectable clock. */
export function createFailedAttemptLimiter(options: { limit: number; windowMs: number; now: () => Date }): FailedAttemptLimiter {
  const states = new Map<string, KeyState>();

  function prune(key: string, state: KeyState): void {
    const since = options.now().getTime() - options.windowMs;
    state.failures = state.failures.filter((time) => time > since);
    if (state.failures.length === 0 && state.inFlight === 0) states.delete(key);
  }

  function sweep(): void {
    // Bound memory under a flood of distinct keys.
    if (states.size > 10_000) for (const [key, state] of states) prune(key, state);
  }

  return {
    reserve(key) {
      const state = states.get(key) ?? { failures: [], inFlight: 0 };
      prune(key, state);
      if (state.failures.length + state.inFlight >= options.limit) return null;
      state.inFlight += 1;
      states.set(key, state);
      sweep();
      let settled = false;
      const settle = (outcome: 'fail' | 'succeed' | 'release') => {
        if (settled) return;
        settled = true;
        state.inFlight -= 1;
        if (outcome === 'fail') state.failures.push(options.now().getTime());
        if (outcome === 'succeed') state.failures = [];
        // The entry may have been swept while the attempt was in flight: keep counting on it.
        if (state.failures.length > 0 || state.inFlight > 0) states.set(key, state);
        else states.delete(key);
      };
      return { fail: () => settle('fail'), succeed: () => settle('succeed'), release: () => settle('release') };
    },
  };
}
