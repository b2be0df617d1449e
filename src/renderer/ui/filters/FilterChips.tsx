export interface Chip {
  id: string;
  label: string;
}

interface FilterChipsProps {
  chips: readonly Chip[];
  onRemove: (id: string) => void;
  onClearAll: () => void;
}

/** The active filters as removable chips, with one control to clear them all. */
export function FilterChips({ chips, onRemove, onClearAll }: FilterChipsProps) {
  if (chips.length === 0) return null;
  return (
    <div className="filter-chips">
      <ul className="filter-chips__list" aria-label="Active filters">
        {chips.map((chip) => (
          <li key={chip.id} className="filter-chip">
            <span>{chip.label}</span>
            <button type="button" className="filter-chip__remove" aria-label={`Remove filter ${chip.label}`} onClick={() => onRemove(chip.id)}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="link-button" onClick={onClearAll}>
        Clear all filters
      </button>
    </div>
  );
}
