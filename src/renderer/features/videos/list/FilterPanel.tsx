import { useAtomValue, useSetAtom } from 'jotai';
import { VIEW_THRESHOLDS } from '../../../../shared/constants';
import { VIEWS_RADIO } from '../../../../shared/http/videos.schemas';
import type { VideoFilterOptions, VideoFilters } from '../../../../shared/http/videos.schemas';
import { formatCount } from '../../../../shared/rules/formatting';
import { FamilyGroups, NoteTextForm, RadioGroup } from '../../../ui/filters';
import { LIST_FAMILIES } from './filterFamilies';
import { patchListStateAtom, videoListStateAtom } from './videoList.atoms';

interface FilterPanelProps {
  id: string;
  /** Options of the tab, from the last list response (`data.filters`). */
  options: VideoFilterOptions | null;
}

const SPONSORSHIP = [
  { value: 'any', label: 'Any' },
  { value: 'yes', label: 'Sponsored' },
  { value: 'no', label: 'Not sponsored' },
] as const;
type Sponsorship = (typeof SPONSORSHIP)[number]['value'];
const VIEWS_LABELS: Record<(typeof VIEWS_RADIO)[number], string> = { gte: 'At least', lte: 'At most' };

/** Every filter family of spec §3; a change applies at once and goes back to page 1. */
export function FilterPanel({ id, options }: FilterPanelProps) {
  const { filters } = useAtomValue(videoListStateAtom);
  const patch = useSetAtom(patchListStateAtom);
  const apply = (next: VideoFilters) => patch({ filters: next });

  const sponsorship: Sponsorship = filters.sponsored.sponsorship === null ? 'any' : filters.sponsored.sponsorship ? 'yes' : 'no';
  const views = filters.views ?? { radio: 'gte' as const, value: null };

  return (
    <section id={id} className="filter-panel" aria-label="Filters">
      <FamilyGroups families={LIST_FAMILIES} filters={filters} options={options} onChange={apply} />
      <fieldset className="filter-group">
        <legend className="filter-group__legend">Views</legend>
        <RadioGroup
          legend="Views comparison"
          options={VIEWS_RADIO.map((value) => ({ value, label: VIEWS_LABELS[value] }))}
          value={views.radio}
          onChange={(radio) => apply({ ...filters, views: views.value === null ? { radio, value: null } : { radio, value: views.value } })}
        />
        <label className="toolbar-field">
          <span>Views threshold</span>
          <select
            className="select"
            value={views.value ?? ''}
            onChange={(event) => {
              const value = event.target.value === '' ? null : Number(event.target.value);
              apply({ ...filters, views: value === null ? null : { radio: views.radio, value } });
            }}
          >
            <option value="">Any number of views</option>
            {VIEW_THRESHOLDS.map((threshold) => (
              <option key={threshold} value={threshold}>
                {formatCount(threshold)}
              </option>
            ))}
          </select>
        </label>
      </fieldset>
      <RadioGroup
        legend="Sponsorship"
        options={SPONSORSHIP}
        value={sponsorship}
        onChange={(value) =>
          apply({ ...filters, sponsored: { ...filters.sponsored, sponsorship: value === 'any' ? null : value === 'yes' } })
        }
      />
      <NoteTextForm key={filters.note.text} initial={filters.note.text} onApply={(text) => apply({ ...filters, note: { ...filters.note, text } })} />
    </section>
  );
}
