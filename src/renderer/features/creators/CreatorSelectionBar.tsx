import { useAtom, useAtomValue } from 'jotai';
import type { CreatorListItem } from '../../../shared/http/creators.schemas';
import { useServices } from '../../app/useServices';
import { SelectAllMatchingButton } from '../../ui/selection';
import type { SelectedCreator } from './creatorList.atoms';
import { creatorQueryAtom, creatorSelectionAtom } from './creatorList.atoms';
import { fetchCreatorIds } from './creators.api';

const toSelected = (row: CreatorListItem): SelectedCreator => ({ _id: row._id, name: row.name, email: row.email, valid_email: row.valid_email });

interface CreatorSelectionBarProps {
  rows: readonly CreatorListItem[];
  /** How many creators match the list query (every page). */
  matching: number;
  onContact: () => void;
}

/** Check mode of the creators list: the count, check this page, select all N matching, clear, contact. */
export function CreatorSelectionBar({ rows, matching, onContact }: CreatorSelectionBarProps) {
  const { api } = useServices();
  const query = useAtomValue(creatorQueryAtom);
  const [selection, setSelection] = useAtom(creatorSelectionAtom);
  const selected = Object.keys(selection).length;
  const allChecked = rows.length > 0 && rows.every((row) => selection[row._id]);

  const togglePage = () => {
    const next = { ...selection };
    for (const row of rows) {
      if (allChecked) delete next[row._id];
      else next[row._id] = toSelected(row);
    }
    setSelection(next);
  };
  const selectAllMatching = async () => {
    if (!query) return;
    const answer = await fetchCreatorIds(api.main, query);
    setSelection(Object.fromEntries(answer.influencers.map((entry) => [
      entry.influencer_id, { _id: entry.influencer_id, name: entry.name, email: entry.email, valid_email: entry.valid_email },
    ])));
  };

  return (
    <div className="selection-bar selection-bar--active" role="region" aria-label="Selection">
      <strong data-testid="creators-selected" aria-live="polite">{selected} selected</strong>
      <button type="button" className="btn btn--small" disabled={rows.length === 0} onClick={togglePage}>
        {allChecked ? 'Uncheck this page' : 'Check this page'}
      </button>
      <SelectAllMatchingButton matching={matching} noun="creators" selectAll={selectAllMatching} />
      {selected > 0 && <button type="button" className="btn btn--small btn--ghost" onClick={() => setSelection({})}>Clear selection</button>}
      <span className="selection-bar__spacer" />
      <button type="button" className="btn btn--primary btn--small" disabled={selected === 0} onClick={onContact}>
        Contact creators
      </button>
    </div>
  );
}

export { toSelected as toSelectedCreator };
