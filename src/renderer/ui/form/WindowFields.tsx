import { SelectField, type SelectOption } from './SelectField';
import { TextField } from './TextField';

interface WindowFieldsProps<Value extends string> {
  label: string;
  value: Value;
  options: readonly SelectOption<Value>[];
  onChange: (value: Value) => void;
  /** The days of a custom window, asked for when the choice is 'custom'. */
  dates: { start: string | null; end: string | null; startLabel: string; endLabel: string };
  onDates: (dates: { start: string | null; end: string | null }) => void;
}

/** A window choice (a report's window, its comparison window) with its own dates when the choice is 'custom'. */
export function WindowFields<Value extends string>({ label, value, options, onChange, dates, onDates }: WindowFieldsProps<Value>) {
  return (
    <>
      <SelectField label={label} value={value} options={options} onChange={onChange} />
      {value === 'custom' && <>
        <TextField label={dates.startLabel} type="date" value={dates.start ?? ''} onChange={(event) => onDates({ start: event.target.value || null, end: dates.end })} />
        <TextField label={dates.endLabel} type="date" value={dates.end ?? ''} onChange={(event) => onDates({ start: dates.start, end: event.target.value || null })} />
      </>}
    </>
  );
}
