import { useRef, type KeyboardEvent } from 'react';
import { GRAPH_TYPES, type GraphType } from '../../../shared/charts/timeSeriesOption';

const LABELS: Record<GraphType, string> = { line: 'Line', bar: 'Bar', area: 'Area' };

/** Line, bar or area: a radio group (arrow keys move the choice, as radio buttons do). */
export function GraphTypeSwitch({ value, onChange, label = 'Graph type' }: { value: GraphType; onChange: (type: GraphType) => void; label?: string }) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + GRAPH_TYPES.length) % GRAPH_TYPES.length;
    const type = GRAPH_TYPES[next] ?? 'line';
    onChange(type);
    buttons.current[next]?.focus();
  };
  return (
    <div className="graph-type-switch" role="radiogroup" aria-label={label}>
      {GRAPH_TYPES.map((type, index) => (
        <button
          key={type}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          type="button"
          role="radio"
          aria-checked={value === type}
          tabIndex={value === type ? 0 : -1}
          className={`graph-type-switch__option${value === type ? ' is-selected' : ''}`}
          onClick={() => onChange(type)}
          onKeyDown={(event) => move(event, index)}
        >
          {LABELS[type]}
        </button>
      ))}
    </div>
  );
}
