import { useId, useRef } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from './useFocusTrap';

interface ModalProps {
  title: string;
  /** Called on Escape and on a click on the backdrop. */
  onDismiss: () => void;
  children: ReactNode;
  actions?: ReactNode;
  /** alertdialog for questions that need an answer. */
  role?: 'dialog' | 'alertdialog';
  /** wide: a form with several columns (the report builder). */
  size?: 'normal' | 'wide';
}

/** A modal dialog: focus trapped inside, Escape and the backdrop dismiss it, focus returns where it was. */
export function Modal({ title, onDismiss, children, actions, role = 'dialog', size = 'normal' }: ModalProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useFocusTrap(ref, onDismiss);
  return createPortal(
    <div
      className="modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onDismiss();
      }}
    >
      <div ref={ref} className={size === 'wide' ? 'modal modal--wide' : 'modal'} role={role} aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        <div className="modal__body">{children}</div>
        {actions && <div className="modal__actions">{actions}</div>}
      </div>
    </div>,
    document.body,
  );
}
