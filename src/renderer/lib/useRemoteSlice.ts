import { useAtomValue, useStore } from 'jotai';
import { useCallback, useEffect } from 'react';
import { useRefetchOnReturn } from './reconnect';
import type { RemoteResponse, RemoteSlice, RemoteState } from './remoteSlice';

/**
 * Reads a slice and loads it once while it is still idle (e.g. a tab's first visit); `reload` runs the request
 * again. `enabled` false defers the first load. It reads again when the back end returns after an outage.
 */
export function useRemoteSlice<Body>(slice: Pick<RemoteSlice<Body>, 'state' | 'load' | 'refresh'>, request: () => Promise<RemoteResponse<Body>>, enabled = true) {
  const store = useStore();
  const state: RemoteState<Body> = useAtomValue(slice.state, { store });
  const reload = useCallback(() => store.set(slice.load, request), [store, slice, request]);
  useEffect(() => {
    // Read the store itself: a second effect run (strict mode) must not start a second request.
    if (enabled && store.get(slice.state).phase === 'idle') void reload();
  }, [enabled, store, slice, reload, state.phase]);
  // Back from a server outage: read again, keeping what is shown until the answer arrives (a playing video stays).
  const refresh = useCallback(() => (store.get(slice.state).phase === 'idle' ? undefined : store.set(slice.refresh, request)), [store, slice, request]);
  useRefetchOnReturn(refresh);
  /** refresh: reads again keeping what is shown until the answer replaces it (a live change, the back end's return). */
  return { state, reload, refresh };
}
