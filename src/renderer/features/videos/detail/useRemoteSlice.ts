import { useAtomValue, useStore } from 'jotai';
import { useCallback, useEffect } from 'react';
import type { RemoteResponse, RemoteSlice, RemoteState } from '../../../lib/remoteSlice';

/**
 * Reads a slice and loads it once while it is still idle (e.g. a tab's first visit); `reload` runs the request
 * again. `enabled` false defers the first load.
 */
export function useRemoteSlice<Body>(slice: Pick<RemoteSlice<Body>, 'state' | 'load'>, request: () => Promise<RemoteResponse<Body>>, enabled = true) {
  const store = useStore();
  const state: RemoteState<Body> = useAtomValue(slice.state, { store });
  const reload = useCallback(() => store.set(slice.load, request), [store, slice, request]);
  useEffect(() => {
    // Read the store itself: a second effect run (strict mode) must not start a second request.
    if (enabled && store.get(slice.state).phase === 'idle') void reload();
  }, [enabled, store, slice, reload, state.phase]);
  return { state, reload };
}
