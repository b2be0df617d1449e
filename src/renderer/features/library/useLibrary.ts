import { useCallback, useEffect, useRef, useState } from 'react';
import type { LibraryItem } from '../../../shared/ipc/desktop.schemas';
import type { IpcOutput } from '../../../shared/ipc/contract';
import { libraryHost } from './library.host';

export type LibraryState =
  | { phase: 'loading'; items: LibraryItem[] | null }
  | { phase: 'success'; items: LibraryItem[] }
  | { phase: 'failure'; items: LibraryItem[] | null; error: string };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The offline items, re-read whenever the host says the library changed. */
export function useLibraryItems(): { state: LibraryState; reload: () => void } {
  const [state, setState] = useState<LibraryState>({ phase: 'loading', items: null });
  const fetchItems = useCallback(() => {
    libraryHost
      .list()
      .then((items) => setState({ phase: 'success', items }))
      .catch((error: unknown) => setState((prev) => ({ phase: 'failure', items: prev.items, error: messageOf(error) })));
  }, []);
  useEffect(() => {
    fetchItems();
    return libraryHost.onChanged(fetchItems);
  }, [fetchItems]);
  const reload = useCallback(() => {
    setState((prev) => ({ phase: 'loading', items: prev.items }));
    fetchItems();
  }, [fetchItems]);
  return { state, reload };
}

export type LibrarySearchHits = IpcOutput<'library.search'>;
export type SearchState = { phase: 'idle' } | { phase: 'loading' } | { phase: 'success'; hits: LibrarySearchHits } | { phase: 'failure'; error: string };

const SEARCH_DELAY_MS = 250;

/** Searches every offline transcript for the query (after typing settles); stale answers are dropped. */
export function useLibrarySearch(query: string): SearchState {
  const needle = query.trim();
  const [result, setResult] = useState<{ needle: string; state: SearchState } | null>(null);
  const latest = useRef(0);
  useEffect(() => {
    const ticket = ++latest.current;
    if (needle === '') return;
    const timer = window.setTimeout(() => {
      libraryHost
        .search(needle)
        .then((hits) => ticket === latest.current && setResult({ needle, state: { phase: 'success', hits } }))
        .catch((error: unknown) => ticket === latest.current && setResult({ needle, state: { phase: 'failure', error: messageOf(error) } }));
    }, SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [needle]);
  if (needle === '') return { phase: 'idle' };
  return result?.needle === needle ? result.state : { phase: 'loading' };
}
