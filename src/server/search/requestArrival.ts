import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Since when an index check is fresh enough for the request being served (performance.now()): its arrival, then the
 * end of each write it made. A check begun at or after that moment saw every write acknowledged before the request was
 * sent and every write of its own, which is all a request may ask of it: such a check, already made or under way for
 * another caller, serves this request too (videoSearchIndex.ts `ready`).
 */
const served = new AsyncLocalStorage<{ since: number }>();

/** Runs `serve` (and everything it starts) as the serving of a request that arrives now. */
export function serveArrivedNow(serve: () => void): void {
  served.run({ since: performance.now() }, serve);
}

/** After a write made while serving a request (a statement, or a transaction committed): checks begun before it are stale for it. */
export function noteRequestWrote(): void {
  const request = served.getStore();
  if (request) request.since = performance.now();
}

/** Since when a check serves the request being served; undefined outside a request (then every check is made afresh). */
export function checkFreshSince(): number | undefined {
  return served.getStore()?.since;
}
