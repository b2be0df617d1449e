import { useSyncExternalStore } from 'react';
import { createStore } from 'jotai';

export type AppStore = ReturnType<typeof createStore>;

let store: AppStore = createStore();
let generation = 0;
const listeners = new Set<() => void>();

/** The jotai store the app runs on now (non-React code reads and writes through it). */
export function appStore(): AppStore {
  return store;
}

/**
 * Throws the whole state away (sign-out, spec §4 "the whole state resets") by starting a fresh store.
 * `seed` may put something into the new store first, e.g. the banner that says why.
 */
export function replaceAppStore(seed?: (fresh: AppStore) => void): AppStore {
  const fresh = createStore();
  seed?.(fresh);
  store = fresh;
  generation += 1;
  for (const listener of listeners) listener();
  return fresh;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current store and its generation (a key that remounts the tree when the store is replaced). */
export function useAppStore(): { store: AppStore; generation: number } {
  const current = useSyncExternalStore(subscribe, appStore);
  return { store: current, generation };
}
