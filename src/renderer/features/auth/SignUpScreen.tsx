import { useState } from 'react';
import type { FormEvent } from 'react';
import { useStore } from 'jotai';
import { Link, useNavigate } from 'react-router-dom';
import { MESSAGES } from '../../../shared/messages';
import { SignUpBodySchema } from '../../../shared/http/auth.schemas';
import { isValidEmail } from '../../../shared/rules';
import { acceptanceOf, storeSignedInSession } from '../../app/session/sessionActions';
import { justSignedUpAtom } from '../../app/session/session.atoms';
import { useServices } from '../../app/useServices';
import { FormAlert, TextField } from '../../ui/form';
import { signUp, signUpWithGoogle } from './auth.api';
import { host } from '../../host/hostClient';
import { toFailure } from '../../lib/httpFailure';
import { AuthLayout } from './AuthLayout';
import { ResendConfirmation } from './ResendConfirmation';

const MIN_PASSWORD = SignUpBodySchema.shape.password.minLength ?? 8;

const FIELDS = [
  { key: 'first_name', label: 'First name', autoComplete: 'given-name' },
  { key: 'last_name', label: 'Last name', autoComplete: 'family-name' },
  { key: 'brand_name', label: 'Brand name', autoComplete: 'organization' },
] as const;

type Form = { first_name: string; last_name: string; brand_name: string; email: string; password: string };
type Errors = Partial<Record<keyof Form, string>>;

function checkForm(form: Form): Errors {
  const errors: Errors = {};
  for (const { key, label } of FIELDS) if (form[key].trim() === '') errors[key] = `Enter your ${label.toLowerCase()}.`;
  if (!isValidEmail(form.email)) errors.email = 'Enter a valid email address.';
  if (form.password.length < MIN_PASSWORD) errors.password = `Use at least ${MIN_PASSWORD} characters.`;
  return errors;
}

/** Create an account: client checks first, then 208 "already an account" under Email, others above. */
export function SignUpScreen() {
  const { api } = useServices();
  const store = useStore();
  const navigate = useNavigate();
  const [form, setForm] = useState<Form>({ first_name: '', last_name: '', brand_name: '', email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (key: keyof Form) => (event: { target: { value: string } }) =>
    setForm((previous) => ({ ...previous, [key]: event.target.value }));

  /** The session a sign-up answered: stored and on to onboarding, or the reason it is refused. */
  const finish = async (outcome: Awaited<ReturnType<typeof signUp>>, email: string) => {
    if (outcome.kind === 'fieldError') setErrors({ email: outcome.message });
    if (outcome.kind === 'error') setGeneralError(outcome.message);
    if (outcome.kind === 'session') {
      const acceptance = acceptanceOf(outcome.session);
      if (acceptance === 'vip') setGeneralError(MESSAGES.vipRefused);
      if (acceptance === 'incomplete') setPendingEmail(email);
      if (acceptance === 'accepted') {
        store.set(justSignedUpAtom, true);
        await storeSignedInSession(store, outcome.session);
        // A new brand continues with brand details and its first upload (issue 5).
        navigate('/onboarding', { replace: true });
        return;
      }
    }
    setBusy(false);
  };

  const withGoogle = async () => {
    setGeneralError(null);
    setBusy(true);
    try {
      const flow = await host().invoke('auth.googleBegin');
      window.open(flow.authorizationUrl, '_blank', 'noopener');
      const { id_token } = await host().invoke('auth.googleComplete', { flowId: flow.flowId });
      await finish(await signUpWithGoogle(api.main, id_token, form.brand_name), '');
    } catch (failure) {
      setGeneralError(toFailure(failure).error);
      setBusy(false);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setGeneralError(null);
    setPendingEmail(null);
    const found = checkForm(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    await finish(await signUp(api.main, { ...form, email: form.email.trim() }), form.email.trim());
  };

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Set up a workspace for your brand in a minute."
      footer={
        <>
          Already have an account? <Link to="/login">Sign in</Link>
        </>
      }
    >
      <form className="auth__form" onSubmit={(event) => void onSubmit(event)} noValidate>
        {generalError && <FormAlert tone="error">{generalError}</FormAlert>}
        {pendingEmail && <ResendConfirmation api={api.main} email={pendingEmail} />}
        <div className="form-row">
          {FIELDS.slice(0, 2).map(({ key, label, autoComplete }) => (
            <TextField key={key} label={label} autoComplete={autoComplete} value={form[key]} onChange={set(key)} error={errors[key]} />
          ))}
        </div>
        <TextField label="Brand name" autoComplete="organization" value={form.brand_name} onChange={set('brand_name')} error={errors.brand_name} />
        <TextField label="Email" type="email" autoComplete="email" value={form.email} onChange={set('email')} error={errors.email} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          value={form.password}
          onChange={set('password')}
          error={errors.password}
          // The error repeats the rule: shown instead of the hint, not beside it (two messages saying one thing).
          hint={errors.password ? undefined : `At least ${MIN_PASSWORD} characters.`}
        />
        <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
          {busy ? 'Creating account…' : 'Create account'}
        </button>
        <button type="button" className="btn btn--block" disabled={busy} onClick={() => void withGoogle()}>Sign up with Google</button>
      </form>
    </AuthLayout>
  );
}
