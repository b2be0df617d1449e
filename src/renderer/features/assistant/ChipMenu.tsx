import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

/** A menu item's height and the menu's padding (assistant.css), to tell whether it fits below its chip. */
const MENU_ITEM_PX = 32;
const MENU_PADDING_PX = 10;

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
  // Opened near the bottom of the window, the menu opens upwards, so every choice is in view.
  const [upwards, setUpwards] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const items = () => [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitemradio"]') ?? [])];

  useEffect(() => {
    if (open) (items().find((item) => item.getAttribute('aria-checked') === 'true') ?? items()[0])?.focus();
  }, [open]);
  const toggle = () => {
    const chip = button.current?.getBoundingClientRect();
    const height = options.length * MENU_ITEM_PX + MENU_PADDING_PX;
    setUpwards(chip !== undefined && chip.bottom + height > window.innerHeight && chip.top > height);
    setOpen(!open);
  };

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
        onClick={toggle}
        onKeyDown={(event) => { if (event.key === 'ArrowDown' && !open) { event.preventDefault(); toggle(); } }}
      >
        <span className="reading-chip__name">{name}</span> <bdi>{current}</bdi> <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <ul ref={menu} id={menuId} role="menu" aria-label={name} className={`reading-chip__menu${upwards ? ' reading-chip__menu--up' : ''}`} onKeyDown={onMenuKey}>
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
