import { US_TIMEZONES } from '../../../../shared/constants';
import { US_TIMEZONE_LABELS } from '../../../../shared/rules/campaignTabs';
import { FieldShell, TextField } from '../../../ui/form';
import type { StepProps } from './stepProps';

/** Step 3: when the campaign runs, in one of the seven US zones (default Pacific Daylight Time), or ongoing. */
export function DatesStep({ form, problems, set }: StepProps) {
  return (
    <>
      <div className="form-row">
        <TextField label="Start date" type="date" required value={form.start_date} error={problems.start_date} onChange={(event) => set('start_date', event.target.value)} />
        <TextField label="Start time" type="time" value={form.start_time} error={problems.start_time} onChange={(event) => set('start_time', event.target.value)} />
      </div>
      <label className="check">
        <input type="checkbox" checked={form.ongoing} onChange={(event) => set('ongoing', event.target.checked)} />
        <span>Ongoing: no end date</span>
      </label>
      {!form.ongoing && (
        <div className="form-row">
          <TextField label="End date" type="date" required value={form.end_date} min={form.start_date || undefined} error={problems.end_date}
            onChange={(event) => set('end_date', event.target.value)} />
          <TextField label="End time" type="time" value={form.end_time} error={problems.end_time} onChange={(event) => set('end_time', event.target.value)} />
        </div>
      )}
      <FieldShell label="Time zone" error={problems.campaign_timezone} hint="The dates and times are read in this zone, daylight saving included.">
        {(control) => (
          <select className="select" {...control} value={form.campaign_timezone} onChange={(event) => set('campaign_timezone', event.target.value as StepProps['form']['campaign_timezone'])}>
            {US_TIMEZONES.map((zone) => <option key={zone} value={zone}>{US_TIMEZONE_LABELS[zone]}</option>)}
          </select>
        )}
      </FieldShell>
    </>
  );
}
