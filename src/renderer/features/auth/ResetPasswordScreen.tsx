import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { MESSAGES } from '../../../shared/messages';
import { RecoveryResetBodySchema } from '../../../shared/http/auth.schemas';
import { useServices } from '../../app/useServices';
import { FormAlert, TextField } from '../../ui/form';
import type { MessageOutcome } from './auth.api';
import { resetPassword } from './auth.api';
import { AuthLayout } from './AuthLayout';

const MIN_PASSWORD = RecoveryResetBodySchema.shape.password.minLength ?? 8;

/** Sets a new password with the token from the link (?token=…); a bad link says so. */
export function ResetPasswordScreen() {
  const { api } = useServices();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<MessageOutcome | null>(
    token === '' ? { kind: 'error', message: MESSAGES.linkInvalidOrExpired } : null,
  );
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length < MIN_PASSWORD) {
      setPasswordError(`Use at least ${MIN_PASSWORD} characters.`);
      return;
    }
    setPasswordError(null);
    setBusy(true);
    setOutcome(await resetPassword(api.main, token, password));
    setBusy(false);
  };

  const done = outcome?.kind === 'ok';
  return (
    <AuthLayout title="Choose a new password" footer={<Link to="/login">Back to sign in</Link>}>
      {done ? (
        <div className="auth__done">
          <FormAlert tone="success">{outcome.message}</FormAlert>
          <Link className="btn btn--primary btn--block" to="/login">
            Sign in
          </Link>
        </div>
      ) : (
        <form className="auth__form" onSubmit={(event) => void onSubmit(event)} noValidate>
          {outcome && (
            <FormAlert tone="error">
              <p>{outcome.message}</p>
              <Link to="/forgot-password">Request a new link</Link>
            </FormAlert>
          )}
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={passwordError}
            hint={passwordError ? undefined : `At least ${MIN_PASSWORD} characters.`}
            disabled={token === ''}
          />
          <button type="submit" className="btn btn--primary btn--block" disabled={busy || token === ''}>
            {busy ? 'Saving…' : 'Set new password'}
          </button>
        </form>
      )}
    </AuthLayout>
  );
}
