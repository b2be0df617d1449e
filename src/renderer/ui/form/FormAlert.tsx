import type { ReactNode } from 'react';

interface FormAlertProps {
  tone: 'error' | 'success' | 'info';
  children: ReactNode;
}

/** A form-level message: errors are alerts, the rest are status messages. */
export function FormAlert({ tone, children }: FormAlertProps) {
  return (
    <div className={`form-alert form-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
