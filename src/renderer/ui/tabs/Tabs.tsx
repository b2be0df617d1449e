import { useRef } from 'react';
import type { KeyboardEvent } from 'react';

export interface TabItem<Value extends string> {
  value: Value;
  label: string;
}

interface TabsProps<Value extends string> {
  label: string;
  items: readonly TabItem<Value>[];
  value: Value;
  onChange: (value: Value) => void;
  /** id of the panel the tabs control. */
  panelId: string;
}

/**
 * A tab list (WAI-ARIA tabs, automatic activation): arrow keys move and select, Home and End jump; only the selected
 * tab is in the Tab order. Arrow direction follows the reading direction (right-to-left swaps them).
 */
export function Tabs<Value extends string>({ label, items, value, onChange, panelId }: TabsProps<Value>) {
  const refs = useRef(new Map<Value, HTMLButtonElement>());

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.value === value);
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step: Record<string, number> = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 };
    let next: number | null = null;
    if (event.key in step) next = (index + (step[event.key] ?? 0) + items.length) % items.length;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = items.length - 1;
    if (next === null) return;
    event.preventDefault();
    const target = items[next];
    if (!target) return;
    onChange(target.value);
    refs.current.get(target.value)?.focus();
  };

  return (
    <div className="tabs" role="tablist" aria-label={label} onKeyDown={move}>
      {items.map((item) => {
        const selected = item.value === value;
        return (
          <button
            key={item.value}
            ref={(node) => {
              if (node) refs.current.set(item.value, node);
              else refs.current.delete(item.value);
            }}
            type="button"
            role="tab"
            className="tabs__tab"
            data-tab={item.value}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(item.value)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
