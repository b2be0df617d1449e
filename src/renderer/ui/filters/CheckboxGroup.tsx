export interface ChoiceOption {
  value: string;
  label: string;
  /** How many items have it; negative when not known. */
  count?: number;
}

interface CheckboxGroupProps {
  legend: string;
  options: readonly ChoiceOption[];
  selected: readonly string[];
  onChange: (values: string[]) => void;
  /** Shown when there is nothing to choose from. */
  emptyText?: string;
}

/** A multi-choice filter family: a fieldset of checkboxes with optional counts. */
export function CheckboxGroup({ legend, options, selected, onChange, emptyText = 'Nothing to filter by yet' }: CheckboxGroupProps) {
  const toggle = (value: string, on: boolean) => onChange(on ? [...selected, value] : selected.filter((entry) => entry !== value));
  // Chosen values the options no longer list (another tab) stay visible so they can be unchecked.
  const missing = selected.filter((value) => !options.some((option) => option.value === value)).map((value) => ({ value, label: value }));
  const all: ChoiceOption[] = [...options, ...missing];
  return (
    <fieldset className="filter-group">
      <legend className="filter-group__legend">{legend}</legend>
      {all.length === 0 ? (
        <p className="filter-group__empty">{emptyText}</p>
      ) : (
        <div className="filter-group__options">
          {all.map((option) => (
            <label key={option.value} className="filter-option">
              <input type="checkbox" checked={selected.includes(option.value)} onChange={(event) => toggle(option.value, event.target.checked)} />
              <span className="filter-option__label" dir="auto">{option.label}</span>
              {option.count !== undefined && option.count >= 0 && <span className="filter-option__count">{option.count}</span>}
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
