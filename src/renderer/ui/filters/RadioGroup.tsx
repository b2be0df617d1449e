import { useId } from 'react';

interface RadioGroupProps<Value extends string> {
  legend: string;
  options: readonly { value: Value; label: string }[];
  value: Value;
  onChange: (value: Value) => void;
}

/** A single-choice filter: a fieldset of radio buttons (arrow keys move between them natively). */
export function RadioGroup<Value extends string>({ legend, options, value, onChange }: RadioGroupProps<Value>) {
  const name = useId();
  return (
    <fieldset className="filter-group">
      <legend className="filter-group__legend">{legend}</legend>
      <div className="filter-group__options filter-group__options--inline">
        {options.map((option) => (
          <label key={option.value} className="filter-option">
            <input type="radio" name={name} checked={option.value === value} onChange={() => onChange(option.value)} />
            <span className="filter-option__label" dir="auto">{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
