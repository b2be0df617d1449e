import { useState } from 'react';
import type { FormEvent } from 'react';
import { useStore } from 'jotai';
import { Link, useNavigate } from 'react-router-dom';
import { MESSAGES } from '../../../shared/messages';
import { isValidEmail } from '../../../shared/rules';
import { useEmbeddedBackend, useServices } from '../../app/useServices';
import { acceptanceOf, storeSignedInSession } from '../../app/session/sessionActions';
import { FormAlert, TextField } from '../../ui/form';
import type { AuthField } from './auth.api';
import { login } from './auth.api';
import { AuthLayout } from './AuthLayout';
import { DemoAccountsHint } from './DemoAccountsHint';
import { ResendConfirmation } from './ResendConfirmation';

type FieldErrors = Partial<Record<AuthField, string>>;

/** Sign in: field errors under their field, other refusals in one general message. */
export function LoginScreen() {
  const { api } = useServices();
  const embedded = useEmbeddedBackend();
  const store = useStore();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFieldErrors({});
    setGeneralError(null);
    setPendingEmail(null);
    if (email.trim() === '' || password === '') {
      setFieldErrors({
        email: email.trim() === '' ? 'Enter your email address.' : undefined,
        password: password === '' ? 'Enter your password.' : undefined,
      });
      return;
    }
    // Spec §5: the email must match the standard pattern before anything is sent (same words as sign-up).
    if (!isValidEmail(email)) {
      setFieldErrors({ email: MESSAGES.invalidEmail });
      return;
    }
    setBusy(true);
    const outcome = await login(api.main, email, password);
    if (outcome.kind === 'fieldError') setFieldErrors({ [outcome.field]: outcome.message });
    if (outcome.kind === 'error') setGeneralError(outcome.message);
    if (outcome.kind === 'incomplete') setPendingEmail(email.trim());
    if (outcome.kind === 'session') {
      const acceptance = acceptanceOf(outcome.session);
      // Spec §4: the session is stored only for a non-vip user whose registration is complete.
      if (acceptance === 'vip') setGeneralError(MESSAGES.vipRefused);
      if (acceptance === 'incomplete') setPendingEmail(outcome.session.currentUser.email ?? email.trim());
      if (acceptance === 'accepted') {
        await storeSignedInSession(store, outcome.session);
        navigate('/home', { replace: true });
        return;
      }
    }
    setBusy(false);
  };

  return (
    <AuthLayout
      title="Sign in"
      subtitle="Welcome back. Sign in to your brand workspace."
      footer={
        <>
          New to Reelscope? <Link to="/signup">Create an account</Link>
        </>
      }
    >
      <form className="auth__form" onSubmit={(event) => void onSubmit(event)} noValidate>
        {generalError && <FormAlert tone="error">{generalError}</FormAlert>}
        {pendingEmail && <ResendConfirmation api={api.main} email={pendingEmail} />}
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fieldErrors.email}
          autoFocus
        />
        <div className="field">
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={fieldErrors.password}
          />
          <Link className="auth__forgot" to="/forgot-password">
            Forgot your password?
          </Link>
        </div>
        <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      {embedded && (
        <DemoAccountsHint
          onUse={(demoEmail, demoPassword) => {
            setEmail(demoEmail);
            setPassword(demoPassword);
          }}
        />
      )}
    </AuthLayout>
  );
}
