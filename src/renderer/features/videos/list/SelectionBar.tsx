import { useAtomValue, useSetAtom } from 'jotai';
import { useServices } from '../../../app/useServices';
import { SelectAllMatchingButton } from '../../../ui/selection';
import { fetchVideoIds } from '../videos.api';
import type { BulkAction } from './bulkActions';
import { actionForMode, actionsForTab } from './bulkActions';
import { selectBlocker } from './selectionRules';
import {
  checkModeAtom, clearSelectionsAtom, identityAtom, listQueryAtom, selectionsAtom, setSelectionAtom,
} from './videoList.atoms';
import type { SelectedVideo, VideoTab } from './videoList.types';

interface SelectionBarProps {
  tab: VideoTab;
  /** How many videos match the list query. */
  matching: number;
  onAct: (action: BulkAction) => void;
}

/** Starts a check mode per selection list, then offers select-all, the action and cancel. */
export function SelectionBar({ tab, matching, onAct }: SelectionBarProps) {
  const { api } = useServices();
  const mode = useAtomValue(checkModeAtom);
  const setMode = useSetAtom(checkModeAtom);
  const selections = useAtomValue(selectionsAtom);
  const setSelection = useSetAtom(setSelectionAtom);
  const clear = useSetAtom(clearSelectionsAtom);
  const query = useAtomValue(listQueryAtom);
  const who = useAtomValue(identityAtom);
  const action = mode ? actionForMode(tab, mode) : null;

  if (!mode || !action) {
    return (
      <div className="selection-bar" role="toolbar" aria-label="Select videos to">
        <span className="selection-bar__hint">Select videos to</span>
        {actionsForTab(tab).map((entry) => (
          <button key={entry.id} type="button" className="btn btn--small" onClick={() => setMode(entry.kind)}>
            {entry.start}
          </button>
        ))}
      </div>
    );
  }

  const selected = Object.keys(selections[mode]).length;
  const selectAllMatching = async () => {
    if (!query || !who) return;
    const answer = await fetchVideoIds(api.main, query);
    const entries: Record<string, SelectedVideo> = {};
    for (const video of answer.videos) {
      const is_competitor = !video.manufacturer_ids.includes(who.brand_id);
      if (selectBlocker(mode, { platform: 'GoogleDrive', is_competitor }) !== null) continue;
      entries[video.video_id] = { ...video, is_competitor, platform: null };
    }
    setSelection(mode, entries);
  };
  const download = action.id === 'download';

  return (
    <div className="selection-bar selection-bar--active" role="toolbar" aria-label={`${action.start}: selection`}>
      <strong aria-live="polite">
        <bdi>{selected} selected</bdi>
      </strong>
      {!download && <SelectAllMatchingButton matching={matching} noun="videos" selectAll={selectAllMatching} />}
      {selected > 0 && (
        <button type="button" className="btn btn--small btn--ghost" onClick={() => setSelection(mode, {})}>
          Clear selection
        </button>
      )}
      <span className="selection-bar__spacer" />
      <button
        type="button"
        className={`btn btn--small ${action.id === 'delete' ? 'btn--danger' : 'btn--primary'}`}
        disabled={selected === 0}
        onClick={() => onAct(action)}
      >
        {action.verb}
        {selected > 0 ? ` (${selected})` : ''}
      </button>
      <button type="button" className="btn btn--small" onClick={() => clear()}>
        Cancel
      </button>
    </div>
  );
}
