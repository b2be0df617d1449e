/** Polling periods: fast while the modal shows, slow in the background. */
export const HEALTH_POLL_DOWN_MS = 3000;
export const HEALTH_POLL_UP_MS = 20000;

/**
 * True when GET {origin}/health gets any answer. The request is "no-cors": reachability is what counts
 * here, and a back end without CORS headers for this page must not look like one that is down.
 */
export async function backendReachable(origin: string): Promise<boolean> {
  try {
    await fetch(new URL('/health', origin), { mode: 'no-cors', cache: 'no-store', signal: AbortSignal.timeout(4000) });
    return true;
  } catch {
    return false;
  }
}
