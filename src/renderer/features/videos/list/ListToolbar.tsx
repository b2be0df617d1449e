import { useEffect, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { PAGE_SIZES } from '../../../../shared/constants';
import { DATE_ITEMS, SORT_ITEMS, sortItemId } from './listOptions';
import { patchListStateAtom, videoListStateAtom } from './videoList.atoms';
import type { DateRange } from './videoList.types';

const SEARCH_DELAY_MS = 300;

/** Search, date range (with a custom start and end), sort and page size. */
export function ListToolbar() {
  const state = useAtomValue(videoListStateAtom);
  const patch = useSetAtom(patchListStateAtom);
  const [search, setSearch] = useState(state.search);

  // Typing settles for a moment before the list reloads; Enter applies at once.
  useEffect(() => {
    if (search === state.search) return;
    const timer = window.setTimeout(() => patch({ search }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [search, state.search, patch]);

  return (
    <div className="videos-toolbar">
      <form
        role="search"
        className="videos-toolbar__search"
        onSubmit={(event) => {
          event.preventDefault();
          patch({ search });
        }}
      >
        <label className="visually-hidden" htmlFor="videos-search">
          Search videos
        </label>
        <input
          id="videos-search"
          className="input"
          type="search"
          placeholder="Search titles and creators"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </form>
      <label className="videos-toolbar__field">
        <span>Date</span>
        <select className="select" value={state.date} onChange={(event) => patch({ date: event.target.value as DateRange })}>
          {DATE_ITEMS.map((item) => (
            <option key={item.value} value={item.value}>
              {item.label}
            </option>
          ))}
        </select>
      </label>
      {state.date === 'custom' && (
        <>
          <label className="videos-toolbar__field">
            <span>From</span>
            <input className="input" type="date" value={state.startDate} max={state.endDate || undefined} onChange={(event) => patch({ startDate: event.target.value })} />
          </label>
          <label className="videos-toolbar__field">
            <span>To</span>
            <input className="input" type="date" value={state.endDate} min={state.startDate || undefined} onChange={(event) => patch({ endDate: event.target.value })} />
          </label>
        </>
      )}
      <label className="videos-toolbar__field">
        <span>Sort</span>
        <select
          className="select"
          value={sortItemId(state.sort, state.desc)}
          onChange={(event) => {
            const item = SORT_ITEMS.find((entry) => entry.id === event.target.value);
            if (item) patch({ sort: item.sort, desc: item.desc });
          }}
        >
          {SORT_ITEMS.map((item) => (
            <option key={item.id} value={item.id}>
              {item.label}
            </option>
          ))}
        </select>
      </label>
      <label className="videos-toolbar__field">
        <span>Per page</span>
        <select className="select" value={state.perPage} onChange={(event) => patch({ perPage: Number(event.target.value) })}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
