export interface SelectOption<Value extends string> {
  value: Value;
  label: string;
}

interface SelectFieldProps<Value extends string> {
  label: string;
  value: Value;
  options: readonly SelectOption<Value>[];
  onChange: (value: Value) => void;
}

/** A labelled select of known values (the label is the select's accessible name). */
export function SelectField<Value extends string>({ label, value, options, onChange }: SelectFieldProps<Value>) {
  return (
    <label className="toolbar-field">
      <span>{label}</span>
      <select className="select" value={value} onChange={(event) => onChange(event.target.value as Value)}>
        {options.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
      </select>
    </label>
  );
}

/** Options from values and a way to name each. */
export const optionsOf = <Value extends string>(values: readonly Value[], label: (value: Value) => string): SelectOption<Value>[] =>
  values.map((value) => ({ value, label: label(value) }));
