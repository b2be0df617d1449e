import { PLATFORMS } from '../../../../shared/constants';
import { platformLabel } from '../../../../shared/labels';
import { VIDEO_LENGTH_TYPES } from '../../../../shared/http/campaigns.schemas';
import { FieldShell, TextField } from '../../../ui/form';
import { CheckboxGroup } from '../../../ui/filters';
import type { StepProps } from './stepProps';

const LENGTH_TYPE_LABELS: Record<(typeof VIDEO_LENGTH_TYPES)[number], string> = { seconds: 'seconds', minutes: 'minutes' };

/** Step 4: how many videos, how long, whether creators rate the product, and where they upload from. */
export function VideosStep({ form, problems, set }: StepProps) {
  return (
    <>
      <TextField label="Video limit" inputMode="numeric" value={form.campaign_video_limit} error={problems.campaign_video_limit}
        hint="The campaign stops taking videos at this many (default 200)." onChange={(event) => set('campaign_video_limit', event.target.value)} />
      <div className="form-row">
        <TextField label="Video length" inputMode="numeric" value={form.campaign_video_length} error={problems.campaign_video_length}
          hint="The longest video accepted; empty for any length." onChange={(event) => set('campaign_video_length', event.target.value)} />
        <FieldShell label="Length in" error={problems.campaign_video_length_type}>
          {(control) => (
            <select className="select" {...control} value={form.campaign_video_length_type}
              onChange={(event) => set('campaign_video_length_type', event.target.value as (typeof VIDEO_LENGTH_TYPES)[number])}>
              {VIDEO_LENGTH_TYPES.map((type) => <option key={type} value={type}>{LENGTH_TYPE_LABELS[type]}</option>)}
            </select>
          )}
        </FieldShell>
      </div>
      <label className="check">
        <input type="checkbox" checked={form.campaign_allow_rating} onChange={(event) => set('campaign_allow_rating', event.target.checked)} />
        <span>Creators rate the product in their submission</span>
      </label>
      <CheckboxGroup legend="Upload from" options={PLATFORMS.map((platform) => ({ value: platform, label: platformLabel(platform) }))}
        selected={form.campaign_upload_platform} onChange={(values) => set('campaign_upload_platform', values)} />
      {problems.campaign_upload_platform && <p className="field__error">{problems.campaign_upload_platform}</p>}
    </>
  );
}
