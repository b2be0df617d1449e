import { useState } from 'react';
import type { ReactNode } from 'react';
import { toFailure } from '../../lib/httpFailure';
import { Modal } from './Modal';

type Phase = { step: 'ask'; error: string | null } | { step: 'busy' } | { step: 'done'; message: string };

export interface ConfirmDialogProps {
  title: string;
  /** The question asked first. */
  question: ReactNode;
  /** Extra controls under the question (e.g. a reason). */
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Disables Yes (e.g. a required choice is missing). */
  confirmDisabled?: boolean;
  /**
   * Does the work. Resolve with a success message to show it (ask → busy → success), or with nothing to close at
   * once (a plain Yes/No confirm). Throw an Error to go back to the question with its message.
   */
  onConfirm: () => Promise<string | void>;
  /** done is true when the dialog closes after success. */
  onClose: (done: boolean) => void;
}

/** Spec §4 confirm flow: ask, then busy (Yes disabled), then the success message; closing reports whether it was done. */
export function ConfirmDialog({
  title, question, children, confirmLabel = 'Yes', cancelLabel = 'No', confirmDisabled = false, onConfirm, onClose,
}: ConfirmDialogProps) {
  const [phase, setPhase] = useState<Phase>({ step: 'ask', error: null });

  const confirm = async () => {
    setPhase({ step: 'busy' });
    try {
      const message = await onConfirm();
      if (typeof message === 'string' && message.trim() !== '') setPhase({ step: 'done', message });
      else onClose(true);
    } catch (error) {
      setPhase({ step: 'ask', error: toFailure(error).error });
    }
  };
  // While the work runs, the dialog cannot be dismissed: the outcome must be seen.
  const dismiss = () => {
    if (phase.step === 'busy') return;
    onClose(phase.step === 'done');
  };

  if (phase.step === 'done') {
    return (
      <Modal
        // A new dialog instance: the focus moves to Close (the pressed Yes is gone).
        key="done"
        title={title}
        onDismiss={dismiss}
        actions={
          <button type="button" className="btn btn--primary" onClick={dismiss}>
            Close
          </button>
        }
      >
        <p role="status" className="confirm-dialog__success">
          {phase.message}
        </p>
      </Modal>
    );
  }

  const busy = phase.step === 'busy';
  return (
    <Modal
      title={title}
      role="alertdialog"
      onDismiss={dismiss}
      actions={
        <>
          <button type="button" className="btn" onClick={dismiss} disabled={busy}>
            {cancelLabel}
          </button>
          <button type="button" className="btn btn--primary" onClick={() => void confirm()} disabled={busy || confirmDisabled} aria-busy={busy}>
            {busy ? <span className="spinner spinner--small" aria-hidden="true" /> : null}
            {confirmLabel}
          </button>
        </>
      }
    >
      <div>{question}</div>
      {children}
      {phase.step === 'ask' && phase.error && (
        <p role="alert" className="form-alert form-alert--error">
          {phase.error}
        </p>
      )}
    </Modal>
  );
}
