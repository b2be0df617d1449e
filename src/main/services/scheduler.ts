/**
 * Repeating timers for host services (the first-analysis poll). Production uses real time; unit tests inject a
 * manual scheduler; the web host's e2e runs may speed real time up with REELSCOPE_TEST_CLOCK_SPEED (test-only).
 * The services keep their spec constants (e.g. ANALYSIS_POLL_MS = 300000) and never learn the speed.
 */

/** Runs a task repeatedly. */
export interface Scheduler {
  /** Calls `task` every `ms` milliseconds (first call after one interval); answers the cancel function. */
  every(ms: number, task: () => void | Promise<void>): () => void;
  /** Milliseconds since the epoch, on this scheduler's time line (for "next check at"). */
  now(): number;
}

/** Real time; its timers never keep the process alive on their own. */
export const systemScheduler: Scheduler = {
  every(ms, task) {
    const timer = setInterval(() => void task(), ms);
    timer.unref();
    return () => clearInterval(timer);
  },
  now: () => Date.now(),
};

/**
 * TEST ONLY: real timers running `speed` times faster (300000 ms at 600× fire every 500 ms). Never used unless the
 * web host is started with REELSCOPE_TEST_CLOCK_SPEED; the e2e tests set it so they do not wait five minutes.
 */
export function spedUpScheduler(speed: number): Scheduler {
  if (!Number.isFinite(speed) || speed < 1) throw new Error(`A test clock speed must be a number ≥ 1, not ${speed}.`);
  const started = Date.now();
  return {
    every: (ms, task) => systemScheduler.every(Math.max(1, Math.round(ms / speed)), task),
    now: () => started + (Date.now() - started) * speed,
  };
}

/** The scheduler of a host: REELSCOPE_TEST_CLOCK_SPEED (test-only) picks a sped-up one, else real time. */
export function schedulerFromEnv(value: string | undefined, log: (message: string) => void): Scheduler {
  if (!value) return systemScheduler;
  const speed = Number(value);
  log(`TEST ONLY: REELSCOPE_TEST_CLOCK_SPEED=${value}: host timers run ${speed}× faster.`);
  return spedUpScheduler(speed);
}

/** A scheduler moved by hand (unit tests): `advance(ms)` fires every interval that falls due, in order. */
export interface ManualScheduler extends Scheduler {
  advance(ms: number): Promise<void>;
  /** Intervals currently scheduled (their periods). */
  active(): number[];
}

export function createManualScheduler(start = 0): ManualScheduler {
  let now = start;
  let nextId = 0;
  const timers = new Map<number, { ms: number; due: number; task: () => void | Promise<void> }>();
  return {
    every(ms, task) {
      const id = nextId++;
      timers.set(id, { ms, due: now + ms, task });
      return () => timers.delete(id);
    },
    now: () => now,
    active: () => [...timers.values()].map((timer) => timer.ms),
    async advance(ms) {
      const end = now + ms;
      for (;;) {
        let next: { id: number; due: number } | null = null;
        for (const [id, timer] of timers) if (timer.due <= end && (!next || timer.due < next.due)) next = { id, due: timer.due };
        if (!next) break;
        const timer = timers.get(next.id)!;
        now = timer.due;
        timer.due += timer.ms;
        // Each run finishes (fake answers, settings written) before the next one fires.
        await timer.task();
      }
      now = end;
    },
  };
}

/** A task run on demand and every `ms` (first at start()), never twice at once: a call during a run waits for it. */
export function periodicTask(scheduler: Scheduler, ms: number, task: () => Promise<void>): { run: () => Promise<void>; start: () => () => void } {
  let running: Promise<void> | null = null;
  const run = (): Promise<void> => {
    running ??= task().finally(() => {
      running = null;
    });
    return running;
  };
  return {
    run,
    start() {
      void run();
      return scheduler.every(ms, run);
    },
  };
}
