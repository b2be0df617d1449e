import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES } from '../../../shared/messages';
import { isValidEmail } from '../../../shared/rules';
import { useServices } from '../../app/useServices';
import { FormAlert, TextField } from '../../ui/form';
import type { MessageOutcome } from './auth.api';
import { requestPasswordReset } from './auth.api';
import { AuthLayout } from './AuthLayout';
import { host } from '../../host/hostClient';

/** Whether the host holds a kept mail to this address (only an embedded back end without a mail server hands any over). */
async function mailWaitsHere(email: string): Promise<boolean> {
  try {
    const mails = await host().invoke('mail.localOutbox');
    return mails.some((mail) => mail.to.toLowerCase() === email.trim().toLowerCase());
  } catch {
    return false;
  }
}

/** Asks for a reset link (POST /jwt_api/recovery_passwords); the server's answer is shown as it is. */
export function ForgotPasswordScreen() {
  const { api } = useServices();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<MessageOutcome | null>(null);
  const [busy, setBusy] = useState(false);
  // The mail waits on this computer (embedded back end, no mail server): the live link is reachable from here only.
  const [keptHere, setKeptHere] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    if (!isValidEmail(email)) {
      setEmailError(MESSAGES.invalidEmail);
      return;
    }
    setEmailError(null);
    setBusy(true);
    const answer = await requestPasswordReset(api.main, email);
    setBusy(false);
    // Same place and words as on login: the unknown email is said under the email field.
    if (answer.kind === 'fieldError') setEmailError(answer.message);
    else setOutcome(answer);
    if (answer.kind === 'ok') setKeptHere(await mailWaitsHere(email));
  };

  return (
    <AuthLayout
      title="Reset your password"
      subtitle="Enter the email you sign in with and we will send you a link to choose a new password."
      footer={<Link to="/login">Back to sign in</Link>}
    >
      <form className="auth__form" onSubmit={(event) => void onSubmit(event)} noValidate>
        {outcome && <FormAlert tone={outcome.kind === 'ok' ? 'success' : 'error'}>{outcome.message}</FormAlert>}
        {outcome?.kind === 'ok' && keptHere && (
          <FormAlert tone="info">
            <p>No mail server is set up, so the mail was not sent: it waits on this computer.</p>
            <Link className="btn btn--small auth__outbox-link" to="/mail-outbox">Open the mail outbox</Link>
          </FormAlert>
        )}
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setEmailError(null);
          }}
          error={emailError}
          autoFocus
        />
        <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
          {busy ? 'Sending…' : 'Send reset link'}
        </button>
      </form>
    </AuthLayout>
  );
}
