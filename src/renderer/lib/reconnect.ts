import { useEffect, useEffectEvent, useRef } from 'react';
import { atom, useAtomValue } from 'jotai';

/**
 * Counts the times the back end came back after the server-down modal showed. What is on screen reads again when
 * it changes, so a list that failed while the server was away shows its current rows, not an error and the rows of
 * a tab it has left.
 */
export const backendReturnsAtom = atom(0);

/** The current count of returns: a dependency for effects that load their own data. */
export function useBackendReturns(): number {
  return useAtomValue(backendReturnsAtom);
}

/** Calls `refetch` each time the back end comes back while the calling component is on screen. */
export function useRefetchOnReturn(refetch: () => unknown): void {
  const returns = useBackendReturns();
  const seen = useRef(returns);
  // The latest refetch, without making each render's new closure a reason to run the effect.
  const onReturn = useEffectEvent(() => void refetch());
  useEffect(() => {
    if (returns === seen.current) return;
    seen.current = returns;
    onReturn();
  }, [returns]);
}
