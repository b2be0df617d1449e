import { HighlightedText, TimeButton } from '../../ui/transcript';
import type { SearchState } from './useLibrary';

interface LibrarySearchResultsProps {
  query: string;
  state: SearchState;
  /** Opens the item and plays from the matching line. */
  onOpen: (itemId: string, seconds: number | null) => void;
}

/** Matches across every offline transcript, grouped by item; each time plays that item from there. */
export function LibrarySearchResults({ query, state, onOpen }: LibrarySearchResultsProps) {
  if (state.phase === 'idle') return null;
  if (state.phase === 'loading') {
    return (
      <p className="library-search__state" role="status">
        <span className="spinner spinner--small" aria-hidden="true" /> Searching offline transcripts…
      </p>
    );
  }
  if (state.phase === 'failure') {
    return (
      <p className="form-alert form-alert--error" role="alert">
        The search failed: {state.error}
      </p>
    );
  }
  const total = state.hits.reduce((sum, hit) => sum + hit.totalMatches, 0);
  return (
    <section className="library-search" aria-label="Search results" data-testid="library-search-results">
      <p className="library-search__state" role="status" dir="auto">
        {state.hits.length === 0
          ? `No offline transcript contains “${query.trim()}”.`
          : `${total} matching line${total === 1 ? '' : 's'} in ${state.hits.length} item${state.hits.length === 1 ? '' : 's'}`}
      </p>
      <ul className="library-search__list">
        {state.hits.map((hit) => (
          <li key={hit.itemId} className="library-search__hit" data-testid="library-search-hit" data-kind={hit.kind}>
            <button type="button" className="link-button library-search__title" onClick={() => onOpen(hit.itemId, null)}>
              <bdi>{hit.title}</bdi>
            </button>
            <span className="library-search__kind">{hit.kind === 'video' ? 'Video' : 'Exported transcript'}</span>
            <ol className="transcript-lines">
              {hit.matches.map((line, index) => (
                <li key={index} className="transcript-line">
                  <TimeButton seconds={line.start_time} onSeek={(seconds) => onOpen(hit.itemId, seconds)} />
                  <span className="transcript-line__text">
                    <HighlightedText text={line.content} query={query} />
                  </span>
                </li>
              ))}
            </ol>
            {hit.totalMatches > hit.matches.length && (
              <p className="library-search__more">and {hit.totalMatches - hit.matches.length} more in this transcript</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
