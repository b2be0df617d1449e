import { useRefetchOnReturn } from '../../lib/reconnect';
import { useEffect, useState } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { CREATOR_TABS, DATE_RANGES } from '../../../shared/constants';
import { DATE_RANGE_LABELS } from '../../../shared/labels';
import { CREATOR_SORTS } from '../../../shared/http/creators.schemas';
import { MESSAGES } from '../../../shared/messages';
import { useServices } from '../../app/useServices';
import { EmptyState, ListCount, PageHeader } from '../../ui/page';
import { Tabs } from '../../ui/tabs';
import { Pager, PerPageSelect } from '../../ui/pager';
import { SearchBox } from '../../ui/filters';
import { ContactCreatorsDialog } from './ContactCreatorsDialog';
import { CreatorSelectionBar } from './CreatorSelectionBar';
import { CreatorTable } from './CreatorTable';
import { CreatorFilterPanel } from './CreatorFilterPanel';
import { CreatorsCsvButton } from './CreatorsCsvButton';
import {
  creatorCheckModeAtom, creatorListSlice, creatorListStateAtom, creatorQueryAtom, creatorSelectionAtom, lastCreatorBodyAtom,
  loadCreatorListAtom, patchCreatorListAtom,
} from './creatorList.atoms';
import type { CreatorSort, DateRange } from './creatorList.state';
import { activeCreatorFilters, clearedCreatorFilters } from './creatorList.state';
import './creators.css';

const PANEL_ID = 'creators-tabpanel';
const FILTERS_ID = 'creators-filters';
const TAB_ITEMS = CREATOR_TABS.map((tab) => ({ value: tab, label: tab }));
/** Each sort in both directions, worded as a person asks for it. */
const SORT_LABELS: Record<CreatorSort, { desc: string; asc: string }> = {
  latest_platform_video_published_at: { desc: 'Newest video first', asc: 'Oldest video first' },
  subscribers: { desc: 'Most subscribers', asc: 'Fewest subscribers' },
  video_count: { desc: 'Most videos', asc: 'Fewest videos' },
};
const SORT_ITEMS = CREATOR_SORTS.flatMap((sort) => [
  { id: `${sort}:desc`, sort, desc: true, label: SORT_LABELS[sort].desc },
  { id: `${sort}:asc`, sort, desc: false, label: SORT_LABELS[sort].asc },
]);

/** The creators list (issue 6 item 4): tabs, search, filters, date, sort, paging, check mode, CSV and contact. */
export function CreatorsScreen() {
  const { api } = useServices();
  const state = useAtomValue(creatorListStateAtom);
  const patch = useSetAtom(patchCreatorListAtom);
  const query = useAtomValue(creatorQueryAtom);
  const remote = useAtomValue(creatorListSlice.state);
  const lastBody = useAtomValue(lastCreatorBodyAtom);
  const load = useSetAtom(loadCreatorListAtom);
  const [checkMode, setCheckMode] = useAtom(creatorCheckModeAtom);
  const [selection, setSelection] = useAtom(creatorSelectionAtom);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [contactOpen, setContactOpen] = useState(false);
  const key = query ? JSON.stringify(query) : null;

  useEffect(() => {
    if (key !== null) void load(api.main);
  }, [key, load, api.main]);
  useRefetchOnReturn(() => load(api.main));

  const body = remote.phase === 'success' ? remote.body : lastBody;
  const loading = remote.phase === 'loading';
  const active = activeCreatorFilters(state);
  const selected = Object.values(selection);
  const rows = body?.influencers ?? [];

  return (
    <div className="page creators-page">
      <PageHeader
        title="Creators"
        description="The creators who talk about your brand and your competitors, with reach, engagement and audience."
      />
      <Tabs
        label="Creator folders"
        items={TAB_ITEMS}
        value={state.tab}
        panelId={PANEL_ID}
        onChange={(tab) => {
          if (tab === state.tab) return;
          setSelection({});
          patch({ tab });
        }}
      />
      <div id={PANEL_ID} role="tabpanel" aria-label={state.tab} className="creators-panel">
        {query === null ? (
          <EmptyState icon="plug" title="No brand connected">
            <p role="alert">{MESSAGES.connectYoutube}</p>
          </EmptyState>
        ) : (
          <>
            <div className="creators-controls">
              <SearchBox
                id="creators-search" className="creators-controls__search" label="Search creators" placeholder="Search names and handles"
                value={state.search} onSearch={(search) => patch({ search })}
              />
              <label className="creators-controls__field">
                <span>Date</span>
                <select className="select" value={state.date} onChange={(event) => patch({ date: event.target.value as DateRange })}>
                  {DATE_RANGES.map((value) => <option key={value} value={value}>{DATE_RANGE_LABELS[value]}</option>)}
                </select>
              </label>
              {state.date === 'custom' && (
                <>
                  <label className="creators-controls__field">
                    <span>From</span>
                    <input className="input" type="date" value={state.startDate} onChange={(event) => patch({ startDate: event.target.value })} />
                  </label>
                  <label className="creators-controls__field">
                    <span>To</span>
                    <input className="input" type="date" value={state.endDate} onChange={(event) => patch({ endDate: event.target.value })} />
                  </label>
                </>
              )}
              <label className="creators-controls__field">
                <span>Sort</span>
                <select
                  className="select"
                  value={`${state.sort}:${state.desc ? 'desc' : 'asc'}`}
                  onChange={(event) => {
                    const item = SORT_ITEMS.find((entry) => entry.id === event.target.value);
                    if (item) patch({ sort: item.sort, desc: item.desc });
                  }}
                >
                  {SORT_ITEMS.map((item) => <option key={item.id} value={item.id}>{item.label}</option>)}
                </select>
              </label>
              <PerPageSelect className="creators-controls__field" value={state.perPage} onChange={(perPage) => patch({ perPage })} />
              <button type="button" className="btn" aria-expanded={filtersOpen} aria-controls={FILTERS_ID} onClick={() => setFiltersOpen((open) => !open)}>
                Filters{active > 0 ? ` (${active})` : ''}
              </button>
              {(active > 0 || state.search !== '') && (
                <button type="button" className="btn btn--ghost" onClick={() => patch(clearedCreatorFilters())}>
                  Clear all
                </button>
              )}
              <CreatorsCsvButton matching={body?.data.count ?? 0} />
              <button
                type="button"
                className="btn"
                aria-pressed={checkMode}
                onClick={() => {
                  if (checkMode) setSelection({});
                  setCheckMode(!checkMode);
                }}
              >
                {checkMode ? 'Cancel selection' : 'Select creators'}
              </button>
            </div>
            {filtersOpen && <CreatorFilterPanel id={FILTERS_ID} options={body?.data.filters ?? null} />}
            {remote.phase === 'failure' && (
              <div className="form-alert form-alert--error" role="alert">
                <span>Could not load the creators: {remote.error || 'the server did not answer.'}</span>
                <button type="button" className="btn btn--small" onClick={() => void load(api.main)}>Try again</button>
              </div>
            )}
            {body && (
              <p className="creators-summary" aria-live="polite">
                <bdi>
                  <ListCount count={body.data.count} singular="creator" testId="creators-count" /> · page {body.data.page} of {Math.max(1, body.data.totalPages)}
                </bdi>
              </p>
            )}
            {checkMode && <CreatorSelectionBar rows={rows} matching={body?.data.count ?? 0} onContact={() => setContactOpen(true)} />}
            {body === null ? (
              loading && <div className="creators-loading" role="status"><span className="spinner" aria-hidden="true" /> Loading creators…</div>
            ) : rows.length === 0 ? (
              <EmptyState icon="creators" title={active > 0 || state.search !== '' ? 'No creators match' : 'No creators yet'}>
                <p>{active > 0 || state.search !== '' ? 'Try removing a filter or changing the search.' : 'Creators appear here as soon as their videos about your brand are analysed.'}</p>
              </EmptyState>
            ) : (
              <div className={loading ? 'creators-rows creators-rows--loading' : 'creators-rows'}>
                <CreatorTable rows={rows} busy={loading} />
              </div>
            )}
            {body && body.data.totalPages > 1 && <Pager page={state.page} totalPages={body.data.totalPages} onPage={(page) => patch({ page })} />}
          </>
        )}
      </div>
      {contactOpen && (
        <ContactCreatorsDialog
          creators={selected}
          onClose={() => setContactOpen(false)}
        />
      )}
    </div>
  );
}
