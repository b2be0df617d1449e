import { useEffect, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { MESSAGES } from '../../../shared/messages';
import { EmptyState, PageHeader } from '../../ui/page';
import { Tabs } from '../../ui/tabs';
import { ActiveFilters } from './list/ActiveFilters';
import { BulkActions } from './list/BulkActions';
import { FilterPanel } from './list/FilterPanel';
import { ListSummary } from './list/ListSummary';
import { ListToolbar } from './list/ListToolbar';
import { Pager } from '../../ui/pager';
import { TranscriptExportButton } from './list/TranscriptExportButton';
import { VideoTable } from './list/VideoTable';
import { TAB_ITEMS } from './list/listOptions';
import { useSearchFromAddress } from './list/useSearchFromAddress';
import { useVideoList } from './list/useVideoList';
import { activeFamilyCount } from './list/videoFilters.query';
import { clearSelectionsAtom, identityAtom, patchListStateAtom, videoListStateAtom } from './list/videoList.atoms';
import { VideoPopup } from './popup';
import './list/list.css';

const PANEL_ID = 'videos-tabpanel';
const FILTERS_ID = 'videos-filters';

/** The videos list (spec §2): tabs, search, filters, dates, sort, paging, summary, check mode and bulk actions. */
export function VideosScreen() {
  const state = useAtomValue(videoListStateAtom);
  const patch = useSetAtom(patchListStateAtom);
  const clearSelections = useSetAtom(clearSelectionsAtom);
  const brandId = useAtomValue(identityAtom)?.brand_id ?? null;
  useSearchFromAddress();
  const list = useVideoList();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [openVideo, setOpenVideo] = useState<string | null>(null);

  // Another brand's videos are another list: its selections would mean nothing.
  useEffect(() => {
    clearSelections();
  }, [brandId, clearSelections]);

  const body = list.state.phase === 'success' ? list.state.body : list.body;
  const loading = list.state.phase === 'loading';
  const activeFamilies = activeFamilyCount(state.filters);

  return (
    <div className="page videos-page">
      <PageHeader
        title="Videos"
        description="Every video about your brand and your competitors, with sentiment, transcripts, demographics and brand safety."
      />
      <Tabs
        label="Video folders"
        items={TAB_ITEMS}
        value={state.tab}
        panelId={PANEL_ID}
        onChange={(tab) => {
          if (tab === state.tab) return;
          clearSelections();
          patch({ tab });
        }}
      />
      <div id={PANEL_ID} role="tabpanel" aria-label={TAB_ITEMS.find((item) => item.value === state.tab)?.label} className="videos-panel">
        {!list.hasBrand ? (
          <EmptyState icon="plug" title="No brand connected">
            <p role="alert">{MESSAGES.connectYoutube}</p>
          </EmptyState>
        ) : (
          <>
            <div className="videos-controls">
              <ListToolbar />
              <button
                type="button"
                className="btn"
                aria-expanded={filtersOpen}
                aria-controls={FILTERS_ID}
                onClick={() => setFiltersOpen((open) => !open)}
              >
                Filters{activeFamilies > 0 ? ` (${activeFamilies})` : ''}
              </button>
              <TranscriptExportButton matching={body?.data.count ?? 0} />
            </div>
            {filtersOpen && <FilterPanel id={FILTERS_ID} options={body?.data.filters ?? null} />}
            <ActiveFilters options={body?.data.filters ?? null} />
            {list.state.phase === 'failure' && (
              <div className="form-alert form-alert--error videos-error" role="alert">
                <span>Could not load the videos: {list.state.error || MESSAGES.connectYoutube}</span>
                <button type="button" className="btn btn--small" onClick={() => void list.reload()}>
                  Try again
                </button>
              </div>
            )}
            {body && <ListSummary data={body.data} />}
            <BulkActions tab={state.tab} matching={body?.data.count ?? 0} reload={list.reload} />
            {body === null ? (
              loading && (
                <div className="videos-loading" role="status">
                  <span className="spinner" aria-hidden="true" /> Loading videos…
                </div>
              )
            ) : body.videos.length === 0 ? (
              <EmptyState icon="video" title={activeFamilies > 0 || state.search !== '' ? 'No videos match' : 'No videos here yet'}>
                <p>
                  {activeFamilies > 0 || state.search !== ''
                    ? 'Try removing a filter or changing the search.'
                    : 'Videos you add or mark show up in this folder.'}
                </p>
              </EmptyState>
            ) : (
              <div className={loading ? 'videos-rows videos-rows--loading' : 'videos-rows'}>
                <VideoTable rows={body.videos} busy={loading} onOpen={setOpenVideo} />
              </div>
            )}
            {body && body.data.totalPages > 1 && (
              <Pager page={state.page} totalPages={body.data.totalPages} onPage={(page) => patch({ page })} />
            )}
          </>
        )}
      </div>
      {openVideo && <VideoPopup videoId={openVideo} onClose={() => setOpenVideo(null)} />}
    </div>
  );
}
