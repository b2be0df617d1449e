import { useAtomValue, useSetAtom } from 'jotai';
import { SearchBox } from '../../../ui/filters';
import { PerPageSelect } from '../../../ui/pager';
import { DATE_ITEMS, SORT_ITEMS, sortItemId } from './listOptions';
import { patchListStateAtom, videoListStateAtom } from './videoList.atoms';
import type { VideoSearchScope } from '../../../../shared/http/videos.schemas';
import type { DateRange } from './videoList.types';

/** What the search box says it searches, per scope. */
const SEARCH_PLACEHOLDERS: Record<VideoSearchScope, string> = {
  title: 'Search titles, creators and words on screen',
  transcript: 'Search what is said or shown in the videos',
  on_screen: 'Search words written on screen',
};

/** Search, date range (with a custom start and end), sort and page size. */
export function ListToolbar() {
  const state = useAtomValue(videoListStateAtom);
  const patch = useSetAtom(patchListStateAtom);
  return (
    <div className="videos-toolbar">
      <SearchBox
        id="videos-search"
        className="videos-toolbar__search"
        label="Search videos"
        placeholder={SEARCH_PLACEHOLDERS[state.searchIn]}
        value={state.search}
        onSearch={(search) => patch({ search })}
      />
      <label className="toolbar-field">
        <span>In</span>
        <select className="select" aria-label="Search in" value={state.searchIn} onChange={(event) => patch({ searchIn: event.target.value as VideoSearchScope })}>
          <option value="title">Titles and creators</option>
          <option value="transcript">Transcripts</option>
          <option value="on_screen">On screen</option>
        </select>
      </label>
      <label className="toolbar-field">
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
          <label className="toolbar-field">
            <span>From</span>
            <input className="input" type="date" value={state.startDate} max={state.endDate || undefined} onChange={(event) => patch({ startDate: event.target.value })} />
          </label>
          <label className="toolbar-field">
            <span>To</span>
            <input className="input" type="date" value={state.endDate} min={state.startDate || undefined} onChange={(event) => patch({ endDate: event.target.value })} />
          </label>
        </>
      )}
      <label className="toolbar-field">
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
      <PerPageSelect value={state.perPage} onChange={(perPage) => patch({ perPage })} />
    </div>
  );
}
