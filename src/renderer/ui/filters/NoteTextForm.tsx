import { useState } from 'react';

interface NoteTextFormProps {
  initial: string;
  onApply: (text: string) => void;
}

/**
 * Words to look for in the brand's notes; applied on Enter or with the button (a chip removes it). Give it
 * `key={initial}` so a text cleared elsewhere (a chip) shows here too.
 */
export function NoteTextForm({ initial, onApply }: NoteTextFormProps) {
  const [text, setText] = useState(initial);
  return (
    <form
      className="filter-group"
      onSubmit={(event) => {
        event.preventDefault();
        onApply(text);
      }}
    >
      <label className="toolbar-field">
        <span className="filter-group__legend">Note text</span>
        <input className="input" type="search" value={text} placeholder="Words in your notes" onChange={(event) => setText(event.target.value)} />
      </label>
      <button type="submit" className="btn btn--small">
        Apply note text
      </button>
    </form>
  );
}
