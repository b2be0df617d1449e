/**
 * Waits for a condition the back end reaches on its own (a job ending, a port answering), looking every `everyMs`; it
 * fails after `limitMs` naming `what`. No assertion on how long it took: the limit only keeps a broken run from hanging.
 */
export async function until(done: () => Promise<boolean> | boolean, options: { what?: string; everyMs?: number; limitMs?: number } = {}): Promise<void> {
  const { what = 'the condition', everyMs = 50, limitMs = 20_000 } = options;
  const end = Date.now() + limitMs;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`${what} was never reached`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
