/**
 * When the pipeline's steps run. Production uses `realTimer` (setTimeout, unref'd so a pending analysis never keeps the
 * process alive: the job is in the database and resumes at the next start); tests inject a manual one and run due
 * tasks at once.
 */
export interface AnalysisTimer {
  /**
   * Runs `task` after `delayMs`; returns a cancel function. The task's promise settles when its step has stored what it
   * does (a test timer awaits it; the real one lets it run: a step settles its own errors).
   */
  schedule(delayMs: number, task: () => void | Promise<void>): () => void;
}

// setTimeout fires at once for delays above 2^31-1 ms; longer waits are chained.
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

export const realTimer: AnalysisTimer = {
  schedule(delayMs, task) {
    let handle: NodeJS.Timeout;
    const arm = (remaining: number): void => {
      handle = setTimeout(() => (remaining > MAX_TIMEOUT_MS ? arm(remaining - MAX_TIMEOUT_MS) : void task()), Math.min(Math.max(0, remaining), MAX_TIMEOUT_MS));
      handle.unref();
    };
    arm(delayMs);
    return () => clearTimeout(handle);
  },
};
