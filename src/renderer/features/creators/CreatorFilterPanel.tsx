import { useAtomValue, useSetAtom } from 'jotai';
import { SUBSCRIBER_THRESHOLDS } from '../../../shared/constants';
import type { CreatorFilterOptions } from '../../../shared/http/creators.schemas';
import { formatCount } from '../../../shared/rules/formatting';
import { CheckboxGroup, RadioGroup } from '../../ui/filters';
import { creatorListStateAtom, patchCreatorListAtom } from './creatorList.atoms';
import type { CountRadio } from './creatorList.state';

const RADIO_ITEMS = [
  { value: 'gte', label: 'At least' },
  { value: 'lte', label: 'At most' },
] as const satisfies readonly { value: CountRadio; label: string }[];

/** Country, subscribers (thresholds of §9), videos, and the valid-email / verified / trending flags. */
export function CreatorFilterPanel({ id, options }: { id: string; options: CreatorFilterOptions | null }) {
  const state = useAtomValue(creatorListStateAtom);
  const patch = useSetAtom(patchCreatorListAtom);
  return (
    <section id={id} className="creators-filters" aria-label="Creator filters">
      <CheckboxGroup
        legend="Country"
        options={(options?.country ?? []).map((option) => ({ value: option.value, label: option.label, count: option.count }))}
        selected={state.country}
        onChange={(country) => patch({ country })}
      />
      <div className="creators-filters__family">
        <RadioGroup
          legend="Subscribers"
          options={RADIO_ITEMS}
          value={state.subscribers.radio}
          onChange={(radio) => patch({ subscribers: { ...state.subscribers, radio } })}
        />
        <label className="creators-filters__field">
          <span>Subscribers threshold</span>
          <select
            className="select"
            value={state.subscribers.value === null ? '' : String(state.subscribers.value)}
            onChange={(event) => patch({ subscribers: { ...state.subscribers, value: event.target.value === '' ? null : Number(event.target.value) } })}
          >
            <option value="">Any</option>
            {SUBSCRIBER_THRESHOLDS.map((value) => (
              <option key={value} value={value}>
                {formatCount(value)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="creators-filters__family">
        <RadioGroup
          legend="Videos"
          options={RADIO_ITEMS}
          value={state.videos.radio}
          onChange={(radio) => patch({ videos: { ...state.videos, radio } })}
        />
        <label className="creators-filters__field">
          <span>Number of videos</span>
          <input
            className="input"
            type="number"
            min={0}
            value={state.videos.value === null ? '' : String(state.videos.value)}
            onChange={(event) => {
              const raw = event.target.value;
              const value = raw === '' ? null : Math.max(0, Math.floor(Number(raw)));
              patch({ videos: { ...state.videos, value: Number.isFinite(value) ? value : null } });
            }}
          />
        </label>
      </div>
      <fieldset className="filter-group">
        <legend className="filter-group__legend">Flags</legend>
        <label className="filter-option">
          <input type="checkbox" checked={state.validEmail} onChange={(event) => patch({ validEmail: event.target.checked })} />
          <span className="filter-option__label">Valid email{options ? ` (${options.validEmail})` : ''}</span>
        </label>
        <label className="filter-option">
          <input type="checkbox" checked={state.reelscopeVerified} onChange={(event) => patch({ reelscopeVerified: event.target.checked })} />
          <span className="filter-option__label">Reelscope verified{options ? ` (${options.reelscopeVerified})` : ''}</span>
        </label>
        <label className="filter-option">
          <input type="checkbox" checked={state.trending} onChange={(event) => patch({ trending: event.target.checked })} />
          <span className="filter-option__label">Trending</span>
        </label>
      </fieldset>
    </section>
  );
}
