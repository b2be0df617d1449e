/** Counts failed attempts per key in a sliding window. */
export interface FailedAttemptLimiter {
  /** True when `limit` failures are already counted in the window: the next attempt must be refused. */
  isBlocked(key: string): boolean;
  recordFailure(key: string): void;
}

/** A sliding-window counter of failures per key (e.g. per client IP), on an injectable clock. */
export function createFailedAttemptLimiter(options: { limit: number; windowMs: number; now: () => Date }): FailedAttemptLimiter {
  const failures = new Map<string, number[]>();

  function recent(key: string): number[] {
    const since = options.now().getTime() - options.windowMs;
    const kept = (failures.get(key) ?? []).filter((time) => time > since);
    if (kept.length === 0) failures.delete(key);
    else failures.set(key, kept);
    return kept;
  }

  return {
    isBlocked: (key) => recent(key).length >= options.limit,
    recordFailure(key) {
      const kept = recent(key);
      kept.push(options.now().getTime());
      failures.set(key, kept);
      // Bound memory under a flood of distinct keys: sweep expired entries now and then.
      if (failures.size > 10_000) for (const other of [...failures.keys()]) recent(other);
    },
  };
}
