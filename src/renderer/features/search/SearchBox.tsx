import { useEffect, useId, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { BookmarkEntry } from '../../../shared/http/bookmarks.schemas';
import { useServices } from '../../app/useServices';
import { toFailure } from '../../lib/httpFailure';
import { loadBookmarks, matchEntries, toggleBookmark } from './search.api';
import './search.css';

/** The global search of the top bar (WAI-ARIA combobox): jumps to pages and bookmarked entries; ☆ toggles a bookmark. */
export function SearchBox() {
  const { api } = useServices();
  const navigate = useNavigate();
  const listId = useId();
  const [entries, setEntries] = useState<BookmarkEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [index, setIndex] = useState(0);

  useEffect(() => {
    if (!open || entries) return;
    loadBookmarks(api.main).then((data) => setEntries(data.suggestions), (failure: unknown) => setError(toFailure(failure).error));
  }, [open, entries, api.main]);

  const results = entries ? matchEntries(entries, query) : [];
  const go = (entry: BookmarkEntry) => {
    setOpen(false);
    setQuery('');
    navigate(entry.link);
  };
  const toggle = (entry: BookmarkEntry) => {
    toggleBookmark(api.main, entry.id).then(
      (next) => setEntries((all) => all?.map((item) => (item.id === next.id ? next : item)) ?? null),
      (failure: unknown) => setError(toFailure(failure).error),
    );
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') setIndex((i) => Math.min(results.length - 1, i + 1));
    else if (event.key === 'ArrowUp') setIndex((i) => Math.max(0, i - 1));
    else if (event.key === 'Enter' && results[index]) go(results[index]);
    else if (event.key === 'Escape') setOpen(false);
    else return;
    event.preventDefault();
  };

  return (
    <div className="search-box" onBlur={(event) => !event.currentTarget.contains(event.relatedTarget) && setOpen(false)}>
      <input
        className="input search-box__input"
        type="search"
        role="combobox"
        aria-label="Search pages and bookmarks"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && results[index] ? `${listId}-${results[index].id}` : undefined}
        placeholder="Search…"
        value={query}
        onFocus={() => setOpen(true)}
        onChange={(event) => {
          setQuery(event.target.value);
          setIndex(0);
          setOpen(true);
        }}
        onKeyDown={onKey}
      />
      {open && (
        <div className="search-box__popup">
          {error && <p className="search-box__note" role="alert">{error}</p>}
          {!entries && !error && <p className="search-box__note">Loading…</p>}
          {entries && results.length === 0 && <p className="search-box__note">{query ? 'No page matches.' : 'No bookmarks yet: star a page to keep it here.'}</p>}
          <ul id={listId} role="listbox" aria-label={query ? 'Pages' : 'Bookmarks'} className="search-box__list">
            {results.map((entry, i) => (
              <li key={entry.id} id={`${listId}-${entry.id}`} role="option" aria-selected={i === index} className="search-box__option">
                <button type="button" className="search-box__go" tabIndex={-1} onMouseDown={(event) => event.preventDefault()} onClick={() => go(entry)}>
                  {entry.title}
                </button>
                <button
                  type="button"
                  className="search-box__star"
                  aria-pressed={entry.isBookmarked}
                  aria-label={`${entry.isBookmarked ? 'Remove bookmark' : 'Bookmark'} ${entry.title}`}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => toggle(entry)}
                >
                  {entry.isBookmarked ? '★' : '☆'}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
