import { useAtomValue, useStore } from 'jotai';
import { useCallback, useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { SessionResponse } from '../../../shared/http/auth.schemas';
import { InvitationTokenSchema, type InvitationPreview } from '../../../shared/http/team.schemas';
import { MESSAGES } from '../../../shared/messages';
import { storeSignedInSession } from '../../app/session/sessionActions';
import { authPhaseAtom, sessionAtom } from '../../app/session/session.atoms';
import { useServices } from '../../app/useServices';
import { toFailure } from '../../lib/httpFailure';
import { useRemoteQuery } from '../../lib/useRemoteQuery';
import { FormAlert, TextField } from '../../ui/form';
import { RemoteView } from '../../ui/remote';
import { AuthLayout, login } from '../auth';
import { teamApi } from './team.api';

type Mode = 'signUp' | 'signIn';

/**
 * The invitation link (issue 29, `reelscope://join-brand?token=…`): who invites to which brand; a new person signs up
 * with the invited address and finishes with the link then mailed to it, someone with an account signs in (or is
 * signed in) and accepts. Either way they land in the brand. A used, expired or unknown link says so in one sentence.
 */
export function JoinBrandScreen() {
  const { api } = useServices();
  const store = useStore();
  const navigate = useNavigate();
  const phase = useAtomValue(authPhaseAtom);
  const signedInAs = useAtomValue(sessionAtom)?.currentUser.email ?? null;
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const valid = InvitationTokenSchema.safeParse(token).success;
  const preview = useRemoteQuery(`invitation:${token}`, useCallback(async () => {
    if (!valid) throw new Error(MESSAGES.teamInvitationInvalid);
    return { data: await teamApi.preview(api.main, token), status: 200 };
  }, [api, token, valid]));
  const [mode, setMode] = useState<Mode>('signUp');
  const [form, setForm] = useState({ first_name: '', last_name: '', password: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  const land = async (session: SessionResponse) => {
    await storeSignedInSession(store, session);
    navigate('/home', { replace: true });
  };
  const run = async (work: () => Promise<void>) => {
    setError(null);
    setBusy(true);
    try {
      await work();
    } catch (failure) {
      setError(toFailure(failure).error);
      setBusy(false);
    }
  };
  const submit = (invitation: InvitationPreview) => (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      if (mode === 'signUp') {
        // The account waits for the invited mailbox: this link has stopped working, the one mailed there finishes it.
        setSent(await teamApi.signUp(api.main, token, form));
        setBusy(false);
        return;
      }
      const outcome = await login(api.main, invitation.email, form.password);
      if (outcome.kind !== 'session') throw new Error(outcome.kind === 'incomplete' ? MESSAGES.registrationIncomplete : outcome.message);
      await storeSignedInSession(store, outcome.session);
      await land(await teamApi.accept(api.main, token));
    });
  };
  const finish = () => void run(async () => {
    const answer = await teamApi.finish(api.main, token);
    if ('message' in answer) {
      setMode('signIn');
      throw new Error(`${answer.message} Sign in to join.`);
    }
    await land(answer);
  });
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) => setForm((previous) => ({ ...previous, [key]: event.target.value }));

  const render = (invitation: InvitationPreview) => (
    <>
      <p className="auth__subtitle" data-testid="invitation-summary">
        <bdi>{invitation.invited_by ?? 'A brand manager'}</bdi> invited <bdi>{invitation.email}</bdi> to join <bdi>{invitation.brand_name}</bdi> as a {invitation.role}.
      </p>
      {error && <FormAlert tone="error">{error}</FormAlert>}
      {sent ? (
        <FormAlert tone="success">{sent}</FormAlert>
      ) : invitation.sign_up_pending && phase !== 'signedIn' && mode === 'signUp' ? (
        <>
          <p className="auth__subtitle">Your address is confirmed. Finish creating your account to open <bdi>{invitation.brand_name}</bdi>.</p>
          <button type="button" className="btn btn--primary btn--block" disabled={busy} onClick={finish}>Finish and join</button>
          <button type="button" className="btn btn--ghost btn--block" onClick={() => setMode('signIn')}>I already have an account</button>
        </>
      ) : phase === 'signedIn' ? (
        <button type="button" className="btn btn--primary btn--block" disabled={busy} onClick={() => void run(async () => land(await teamApi.accept(api.main, token)))}>
          Join {invitation.brand_name}{signedInAs ? ` as ${signedInAs}` : ''}
        </button>
      ) : (
        <form className="auth__form" onSubmit={submit(invitation)} noValidate>
          {mode === 'signUp' && (
            <div className="form-row">
              <TextField label="First name" autoComplete="given-name" value={form.first_name} onChange={set('first_name')} />
              <TextField label="Last name" autoComplete="family-name" value={form.last_name} onChange={set('last_name')} />
            </div>
          )}
          <TextField label="Email" type="email" value={invitation.email} readOnly onChange={() => undefined} />
          <TextField label="Password" type="password" autoComplete={mode === 'signUp' ? 'new-password' : 'current-password'} value={form.password} onChange={set('password')} />
          <button type="submit" className="btn btn--primary btn--block" disabled={busy}>{mode === 'signUp' ? 'Create account and join' : 'Sign in and join'}</button>
          <button type="button" className="btn btn--ghost btn--block" onClick={() => setMode(mode === 'signUp' ? 'signIn' : 'signUp')}>
            {mode === 'signUp' ? 'I already have an account' : 'I am new to Reelscope'}
          </button>
        </form>
      )}
    </>
  );
  return (
    <AuthLayout title="Join your team">
      <RemoteView state={preview.state} what="the invitation" onRetry={preview.reload}>{render}</RemoteView>
    </AuthLayout>
  );
}
