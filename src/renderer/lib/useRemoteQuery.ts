import { useStore, useAtomValue } from 'jotai';
import { useEffect, useMemo, useRef } from 'react';
import { useRefetchOnReturn } from './reconnect';
import { useRefetchOnChange } from './liveChanges';
import type { ChangeKind, LiveChange } from '../../shared/http/liveChanges.schemas';
import { createRemoteSlice, type RemoteResponse, type RemoteState } from './remoteSlice';

/**
 * A remote read whose request changes with what the screen shows (a tab, a window, a filter): loads on first use,
 * and on each change reads again keeping the shown body until the answer replaces it (a panel does not blink back to
 * a spinner when a filter changes). `key` names the request; a new key reads again. Reads again when the back end
 * returns after an outage, and when a live change of `live.kinds` arrives (that `live.touches` accepts, when given).
 */
export function useRemoteQuery<Body>(
  key: string, request: () => Promise<RemoteResponse<Body>>, live?: { kinds: readonly ChangeKind[]; touches?: (change: LiveChange) => boolean },
): { state: RemoteState<Body>; reload: () => void } {
  const store = useStore();
  const slice = useMemo(() => createRemoteSlice<Body>(), []);
  const state = useAtomValue(slice.state, { store });
  const latest = useRef(request);
  // Declared before the reading effect, so a read always uses this render's request.
  useEffect(() => {
    latest.current = request;
  });
  useEffect(() => {
    const phase = store.get(slice.state).phase;
    void store.set(phase === 'success' ? slice.refresh : slice.load, () => latest.current());
  }, [key, store, slice]);
  const reload = () => void store.set(slice.load, () => latest.current());
  const refresh = () => (store.get(slice.state).phase === 'idle' ? undefined : store.set(slice.refresh, () => latest.current()));
  useRefetchOnReturn(refresh);
  // A teammate's change (or the back end's: an analysis, a publish job) shows without a reload, the shown body kept meanwhile.
  useRefetchOnChange(live?.kinds ?? [], refresh, live?.touches);
  return { state, reload };
}
