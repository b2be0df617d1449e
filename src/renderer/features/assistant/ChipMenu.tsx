import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

export interface ChipOption { value: string; label: string }

interface ChipMenuProps {
  /** What the chip is ("Window", "Platform"): the start of its button's name and the menu's name. */
  name: string;
  /** The value as shown on the chip. */
  current: string;
  options: readonly ChipOption[];
  value: string;
  onPick: (value: string) => void;
}

/**
 * A reading chip whose value is picked from a small menu (issue 30): a button that opens a list of choices; arrows
 * move between them, Enter picks, Escape closes and gives the focus back to the chip.
 */
export function ChipMenu({ name, current, options, value, onPick }: ChipMenuProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const items = () => [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitemradio"]') ?? [])];

  useEffect(() => {
    if (open) (items().find((item) => item.getAttribute('aria-checked') === 'true') ?? items()[0])?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: all.length - 1 }[event.key];
    if (event.key === 'Escape') close();
    else if (to !== undefined) all[(to + all.length) % all.length]?.focus();
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <span className="reading-chip reading-chip--menu" onBlur={(event) => { if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false); }}>
      <button
        ref={button}
        type="button"
        className="reading-chip__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => { if (event.key === 'ArrowDown' && !open) { event.preventDefault(); setOpen(true); } }}
      >
        <span className="reading-chip__name">{name}</span> <bdi>{current}</bdi> <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <ul ref={menu} id={menuId} role="menu" aria-label={name} className="reading-chip__menu" onKeyDown={onMenuKey}>
          {options.map((option) => (
            <li key={option.value} role="none">
              <button type="button" role="menuitemradio" aria-checked={option.value === value} tabIndex={-1} onClick={() => { onPick(option.value); close(); }}>
                <bdi>{option.label}</bdi>
              </button>
            </li>
          ))}
        </ul>
      )}
    </span>
  );
}
