import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { startSeconds } from '../videos/detail/useStartAt';
import { useSetAtom } from 'jotai';
import { pushBannerAtom } from '../../ui/banner';
import { EmptyState, PageHeader } from '../../ui/page';
import type { KindFilter } from './KindFilterControl';
import { KindFilterControl } from './KindFilterControl';
import { LibraryList } from './LibraryList';
import { LibrarySearchResults } from './LibrarySearchResults';
import { LibraryViewer } from './LibraryViewer';
import { useLibraryItems, useLibrarySearch } from './useLibrary';
import './library.css';

/**
 * The offline library (/library): downloaded videos and exported transcripts, played and searched from the host's
 * own files. It calls only the host, never the back end, so it works with the server unreachable.
 */
export function LibraryScreen() {
  const { state, reload } = useLibraryItems();
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useState('');
  // A moment asked for in the address (`&t=`, an assistant citation of a saved video) plays once the item is shown.
  const [seekRequest, setSeekRequest] = useState<{ seconds: number; at: number } | null>(() => {
    const seconds = startSeconds(params);
    return seconds === null ? null : { seconds, at: Date.now() };
  });
  const search = useLibrarySearch(query);
  const banner = useSetAtom(pushBannerAtom);
  const allItems = useMemo(() => state.items ?? [], [state.items]);
  const [kind, setKind] = useState<KindFilter>('all');
  const items = useMemo(() => (kind === 'all' ? allItems : allItems.filter((item) => item.kind === kind)), [allItems, kind]);

  const wantedItem = params.get('item');
  const wantedVideo = params.get('video');
  const selected =
    allItems.find((item) => item.itemId === wantedItem) ??
    (wantedVideo ? allItems.find((item) => item.videoId === wantedVideo && item.kind === 'video') : undefined) ??
    items[0] ??
    null;

  const select = (itemId: string, seconds: number | null) => {
    setParams({ item: itemId }, { replace: true });
    setSeekRequest(seconds === null ? null : { seconds, at: Date.now() });
  };

  return (
    <div className="page library-page">
      <PageHeader
        title="Offline library"
        description="Downloaded videos and exported transcripts on this computer. They play and search without the server."
      />
      {state.phase === 'failure' && (
        <div className="form-alert form-alert--error" role="alert">
          <span>The library could not be read: {state.error}</span>{' '}
          <button type="button" className="btn btn--small" onClick={reload}>
            Try again
          </button>
        </div>
      )}
      {state.items === null && state.phase === 'loading' && (
        <p className="library-page__loading" role="status">
          <span className="spinner" aria-hidden="true" /> Reading the offline library…
        </p>
      )}
      {state.phase === 'success' && allItems.length === 0 && (
        <EmptyState icon="video" title="Nothing offline yet">
          <p>Download a video (the download icon on a video) or use “Download all transcripts” on the Videos screen. What you save shows up here.</p>
        </EmptyState>
      )}
      {allItems.length > 0 && (
        <>
          <div className="library-page__tools">
            <form role="search" className="library-page__search" onSubmit={(event) => event.preventDefault()}>
              <label htmlFor="library-search" className="visually-hidden">
                Search all offline transcripts
              </label>
              <input id="library-search" className="input" type="search" placeholder="Search all offline transcripts" value={query} onChange={(event) => setQuery(event.target.value)} />
            </form>
            <KindFilterControl items={allItems} value={kind} onChange={setKind} />
          </div>
          <LibrarySearchResults query={query} state={search} onOpen={select} />
          <div className="library-page__layout">
            <LibraryList items={items} selectedId={selected?.itemId ?? null} onSelect={(item) => select(item.itemId, null)} />
            {selected && (
              <LibraryViewer
                key={selected.itemId}
                item={selected}
                seekRequest={seekRequest}
                onRemoved={() => setParams({}, { replace: true })}
                onError={(text) => banner(text, 'error')}
              />
            )}
          </div>
        </>
      )}
    </div>
  );
}
