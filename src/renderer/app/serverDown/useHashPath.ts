import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void): () => void {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
}

/** The route of the hash router ("/library"), readable outside the router (the server-down modal lives beside it). */
export function useHashPath(): string {
  return useSyncExternalStore(subscribe, () => window.location.hash.replace(/^#/, '').split('?')[0] || '/');
}

/** The offline library's route: it needs no back end, so the server-down modal must not cover it. */
export const OFFLINE_LIBRARY_PATH = '/library';

export function openOfflineLibrary(): void {
  window.location.hash = `#${OFFLINE_LIBRARY_PATH}`;
}
