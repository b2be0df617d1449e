import { useState } from 'react';
import type { FormEvent } from 'react';
import { AGE_RANGES, ETHNICITIES, GENDERS } from '../../../../../shared/constants';
import { toFailure } from '../../../../lib/httpFailure';
import type { LabelDraft } from '../videoDetail.api';

interface LabelFormProps {
  initial?: LabelDraft;
  submitLabel: string;
  /** Rejects with a readable message; the form keeps what was typed. */
  onSubmit: (draft: LabelDraft) => Promise<void>;
  onCancel?: () => void;
}

const EMPTY: LabelDraft = { label: '', age_range: null, ethnicity: null, gender: null };

function Choice<T extends string>({ label, value, options, onChange }: { label: string; value: T | null; options: readonly T[]; onChange: (value: T | null) => void }) {
  return (
    <label className="field label-form__choice">
      <span className="field__label">{label}</span>
      <select className="select" value={value ?? ''} onChange={(event) => onChange(event.target.value === '' ? null : (event.target.value as T))}>
        <option value="">Any</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Add or edit one audience label: its text and, optionally, the bucket it describes. */
export function LabelForm({ initial = EMPTY, submitLabel, onSubmit, onCancel }: LabelFormProps) {
  const [draft, setDraft] = useState<LabelDraft>(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (draft.label.trim() === '') {
      setError('Write the label first.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit({ ...draft, label: draft.label.trim() });
      if (!onCancel) setDraft(EMPTY);
    } catch (failure) {
      setError(toFailure(failure).error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="label-form"
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && onCancel && !busy) onCancel();
      }}
    >
      <label className="field label-form__text">
        <span className="field__label">Label</span>
        <input className="input" value={draft.label} maxLength={200} onChange={(event) => setDraft({ ...draft, label: event.target.value })} placeholder="e.g. Core audience" />
      </label>
      <Choice label="Age range" value={draft.age_range} options={AGE_RANGES} onChange={(age_range) => setDraft({ ...draft, age_range })} />
      <Choice label="Ethnicity" value={draft.ethnicity} options={ETHNICITIES} onChange={(ethnicity) => setDraft({ ...draft, ethnicity })} />
      <Choice label="Gender" value={draft.gender} options={GENDERS} onChange={(gender) => setDraft({ ...draft, gender })} />
      <div className="label-form__actions">
        <button type="submit" className="btn btn--small btn--primary" disabled={busy}>
          {busy ? 'Saving…' : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="btn btn--small" disabled={busy} onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
      {error && (
        <p className="field__error label-form__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
