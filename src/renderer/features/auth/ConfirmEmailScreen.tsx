import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { MESSAGES } from '../../../shared/messages';
import { useServices } from '../../app/useServices';
import { FormAlert } from '../../ui/form';
import type { MessageOutcome } from './auth.api';
import { confirmEmail } from './auth.api';
import { AuthLayout } from './AuthLayout';

/** Opened from the confirmation email's link (?token=…): confirms the address once and says how it went. */
export function ConfirmEmailScreen() {
  const { api } = useServices();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [outcome, setOutcome] = useState<MessageOutcome | null>(
    token === '' ? { kind: 'error', message: MESSAGES.linkInvalidOrExpired } : null,
  );

  useEffect(() => {
    if (token === '') return;
    let current = true;
    void confirmEmail(api.main, token).then((answer) => {
      if (current) setOutcome(answer);
    });
    return () => {
      current = false;
    };
  }, [api.main, token]);

  return (
    <AuthLayout title="Confirm your email address" footer={<Link to="/login">Back to sign in</Link>}>
      {outcome === null ? (
        <p role="status">Confirming your email address…</p>
      ) : (
        <div className="auth__done">
          <FormAlert tone={outcome.kind === 'ok' ? 'success' : 'error'}>{outcome.message}</FormAlert>
          {outcome.kind === 'ok' && (
            <Link className="btn btn--primary btn--block" to="/login">
              Sign in
            </Link>
          )}
        </div>
      )}
    </AuthLayout>
  );
}
