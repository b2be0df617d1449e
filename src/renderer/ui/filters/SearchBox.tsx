import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';

const SEARCH_DELAY_MS = 300;

interface SearchBoxProps {
  id: string;
  /** Accessible name ("Search videos"). */
  label: string;
  placeholder: string;
  /** The applied search of the list state. */
  value: string;
  onSearch: (text: string) => void;
  /** Typing, before it is applied (e.g. to ask for suggestions). */
  onType?: (text: string) => void;
  /** Id of a <datalist> of suggestions, rendered by the caller as `children`. */
  list?: string;
  className?: string;
  children?: ReactNode;
}

/** The search box of a list: typing settles for a moment before the list reloads; Enter applies at once. */
export function SearchBox({ id, label, placeholder, value, onSearch, onType, list, className, children }: SearchBoxProps) {
  const [text, setText] = useState(value);
  // A search changed from outside (Clear all, a new tab) replaces what the box shows; otherwise the pause below
  // would apply the old text again.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  // The latest callback, so a parent re-rendering (a page loading) does not restart the pause.
  const search = useRef(onSearch);
  useEffect(() => {
    search.current = onSearch;
  }, [onSearch]);

  useEffect(() => {
    if (text === value) return;
    const timer = window.setTimeout(() => search.current(text), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text, value]);

  return (
    <form
      role="search"
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text);
      }}
    >
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input"
        type="search"
        placeholder={placeholder}
        value={text}
        list={list}
        autoComplete="off"
        onChange={(event) => {
          setText(event.target.value);
          onType?.(event.target.value);
        }}
      />
      {children}
    </form>
  );
}
