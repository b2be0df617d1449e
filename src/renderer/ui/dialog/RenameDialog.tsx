import { useState } from 'react';
import { TextField } from '../form/TextField';
import { FormDialog } from './FormDialog';

interface RenameDialogProps {
  /** The dialog's title, e.g. "Rename report". */
  title: string;
  current: string;
  maxLength: number;
  /** Said when the new name is blank. */
  blankMessage: string;
  /** Saves the trimmed name; a thrown Error's message is shown under the field. */
  save: (name: string) => Promise<void>;
  onClose: (done: boolean) => void;
}

/** Renames one thing (a report, a conversation): the field keeps what was typed when saving fails. */
export function RenameDialog({ title, current, maxLength, blankMessage, save, onClose }: RenameDialogProps) {
  const [name, setName] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (name.trim() === '') return setError(blankMessage);
    setBusy(true);
    try {
      await save(name.trim());
      onClose(true);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  };
  return (
    <FormDialog title={title} submitLabel="Save" busy={busy} error={null} onSubmit={() => void submit()} onClose={() => onClose(false)}>
      <TextField label="Title" value={name} maxLength={maxLength} autoFocus error={error} onChange={(event) => { setName(event.target.value); setError(null); }} />
    </FormDialog>
  );
}
