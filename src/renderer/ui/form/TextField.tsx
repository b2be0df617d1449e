import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { FieldShell } from './FieldShell';

interface FieldText {
  label: string;
  error?: string | null;
  hint?: string;
}

/** A labelled input whose error is announced with it (aria-invalid + aria-describedby). */
export function TextField({ label, error, hint, className, ...input }: FieldText & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={className}>
      {(control) => <input className="input" {...control} {...input} />}
    </FieldShell>
  );
}

/** The same for several lines of text. */
export function TextAreaField({ label, error, hint, className, ...input }: FieldText & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={className}>
      {(control) => <textarea className="input" {...control} {...input} />}
    </FieldShell>
  );
}
