import { useState } from 'react';
import type { AxiosInstance } from 'axios';
import { MESSAGES } from '../../../shared/messages';
import { FormAlert } from '../../ui/form';
import { resendConfirmation } from './auth.api';

interface ResendConfirmationProps {
  api: AxiosInstance;
  email: string;
}

/** Registration not complete: say so, and offer to send the confirmation email again. */
export function ResendConfirmation({ api, email }: ResendConfirmationProps) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const resend = async () => {
    setBusy(true);
    const outcome = await resendConfirmation(api, email);
    setResult({ tone: outcome.kind === 'ok' ? 'success' : 'error', text: outcome.message });
    setBusy(false);
  };

  return (
    <div className="field">
      <FormAlert tone="info">
        <p>{MESSAGES.registrationIncomplete}</p>
        <button type="button" className="btn btn--small resend-button" disabled={busy} onClick={() => void resend()}>
          {busy ? 'Sending…' : 'Resend confirmation email'}
        </button>
      </FormAlert>
      {result && <FormAlert tone={result.tone}>{result.text}</FormAlert>}
    </div>
  );
}
