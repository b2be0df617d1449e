import { useId, useState, type KeyboardEvent } from 'react';
import { QUESTION_MAX_CHARS } from '../../../shared/assistant/assistant.schemas';
import { DATE_RANGES, DEFAULT_REPORT_DURATION } from '../../../shared/constants';
import { DATE_RANGE_LABELS } from '../../../shared/labels';
import { WindowFields } from '../../ui/form';

export type Duration = (typeof DATE_RANGES)[number];
export interface AskWindow { duration: Duration; start_date: string | null; end_date: string | null }

interface ComposerProps {
  /** The text: kept by the screen, so a failed or stopped question is still there to send again. */
  text: string;
  onText: (text: string) => void;
  busy: boolean;
  onSend: (question: string, window: AskWindow) => void;
  onStop: () => void;
}

const WINDOW_OPTIONS = DATE_RANGES.map((value) => ({ value, label: DATE_RANGE_LABELS[value] }));

/** The question box: Enter sends, Shift+Enter breaks the line, Escape stops an answer on its way; the window it covers. */
export function Composer({ text, onText, busy, onSend, onStop }: ComposerProps) {
  const [window, setWindow] = useState<AskWindow>({ duration: DEFAULT_REPORT_DURATION, start_date: null, end_date: null });
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();
  const length = [...text].length;

  const send = () => {
    const question = text.trim();
    if (question === '') return setError('Type a question first.');
    if (length > QUESTION_MAX_CHARS) return setError(`A question is at most ${QUESTION_MAX_CHARS} characters.`);
    if (window.duration === 'custom' && (!window.start_date || !window.end_date)) return setError('A custom window needs a start and an end date.');
    if (window.duration === 'custom' && window.start_date && window.end_date && window.start_date > window.end_date) return setError('The start date is after the end date.');
    setError(null);
    onSend(question, window);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape' && busy) {
      event.preventDefault();
      onStop();
      return;
    }
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!busy) send();
  };

  return (
    <form className="assistant-composer" onSubmit={(event) => { event.preventDefault(); send(); }} noValidate>
      <label className="assistant-composer__field">
        <span className="visually-hidden">Your question</span>
        <textarea
          className="input assistant-composer__input"
          rows={2}
          value={text}
          placeholder="Ask about your videos… (Enter sends, Shift+Enter for a new line)"
          aria-describedby={hintId}
          aria-invalid={error ? true : undefined}
          onChange={(event) => { onText(event.target.value); setError(null); }}
          onKeyDown={onKeyDown}
        />
      </label>
      <div className="assistant-composer__bar">
        <WindowFields
          label="Window"
          value={window.duration}
          options={WINDOW_OPTIONS}
          onChange={(duration) => setWindow({ ...window, duration })}
          dates={{ start: window.start_date, end: window.end_date, startLabel: 'From', endLabel: 'To' }}
          onDates={({ start, end }) => setWindow({ ...window, start_date: start, end_date: end })}
        />
        <span id={hintId} dir="ltr" className={`assistant-composer__count${length > QUESTION_MAX_CHARS ? ' is-over' : ''}`}>{length} / {QUESTION_MAX_CHARS}</span>
        {busy
          ? <button type="button" className="btn" onClick={onStop}>Stop (Esc)</button>
          : <button type="submit" className="btn btn--primary">Ask</button>}
      </div>
      {error && <p className="field__error" role="alert">{error}</p>}
    </form>
  );
}
