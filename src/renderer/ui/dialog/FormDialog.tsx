import { useId } from 'react';
import type { ReactNode } from 'react';
import { FormAlert } from '../form';
import { Modal } from './Modal';

interface FormDialogProps {
  title: string;
  /** The submit button's words, and its words while the form is sent. */
  submitLabel: string;
  busyLabel?: string;
  busy: boolean;
  /** The form-level error, shown above the fields. */
  error: string | null;
  onSubmit: () => void;
  onClose: () => void;
  size?: 'normal' | 'wide';
  children: ReactNode;
}

/** A form in a dialog: Enter or the submit button sends it, Cancel and Escape close it, its error is announced. */
export function FormDialog({ title, submitLabel, busyLabel = 'Saving…', busy, error, onSubmit, onClose, size, children }: FormDialogProps) {
  const formId = useId();
  return (
    <Modal
      title={title}
      onDismiss={onClose}
      size={size}
      actions={<>
        <button type="button" className="btn" onClick={onClose}>Cancel</button>
        <button type="submit" form={formId} className="btn btn--primary" disabled={busy}>{busy ? busyLabel : submitLabel}</button>
      </>}
    >
      <form id={formId} className="form-dialog" onSubmit={(event) => { event.preventDefault(); onSubmit(); }}>
        {error && <FormAlert tone="error">{error}</FormAlert>}
        {children}
      </form>
    </Modal>
  );
}
