import { useAtomValue } from 'jotai';
import { useCallback, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { TEAM_ROLES, type TeamResponse, type TeamRole, type Teammate } from '../../../shared/http/team.schemas';
import { joinLinksFor } from '../../../shared/joinBrandLink';
import { isValidEmail } from '../../../shared/rules';
import { joinBrandReaderHere } from '../../host/joinBrandReader';
import { sessionAtom } from '../../app/session/session.atoms';
import { useServices } from '../../app/useServices';
import { toFailure } from '../../lib/httpFailure';
import { formatDate } from '../../lib/format';
import { timeAgo } from '../../lib/relativeTime';
import { useRemoteQuery } from '../../lib/useRemoteQuery';
import { ConfirmDialog } from '../../ui/dialog';
import { FormAlert, TextField } from '../../ui/form';
import { PageHeader } from '../../ui/page';
import { RemoteView } from '../../ui/remote';
import { teamApi } from './team.api';
import { useMyRole } from './useMyRole';
import { MESSAGES } from '../../../shared/messages';
import './team.css';

const ROLE_LABEL: Record<TeamRole, string> = { manager: 'Manager', member: 'Member' };
const ROLE_HINT = 'Managers also manage the team and the API key and can delete the brand’s data for good.';

function RoleSelect({ value, onChange, label, disabled }: { value: TeamRole; onChange: (role: TeamRole) => void; label: string; disabled?: boolean }) {
  return (
    <select className="select team__role" aria-label={label} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value as TeamRole)}>
      {TEAM_ROLES.map((role) => <option key={role} value={role}>{ROLE_LABEL[role]}</option>)}
    </select>
  );
}

/**
 * The link of the invitation just sent, shown this once (the back end answers it only to its inviter; the outbox and
 * the team list never show it): it signs its holder up into the brand with the invited role, so it is handed over,
 * not left lying around.
 */
function InvitationLink({ link }: { link: string }) {
  const [copied, setCopied] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      // No clipboard here (an insecure origin): the text is selected for the person to copy themselves.
      field.current?.select();
      return;
    }
    setCopied(true);
  };
  return (
    <div className="team__link" data-testid="team-invitation-link">
      <label className="field team__link-field">
        <span className="field__label">Invitation link</span>
        <input ref={field} className="input" readOnly value={link} dir="ltr" onFocus={(event) => event.target.select()} />
      </label>
      <button type="button" className="btn" onClick={() => void copy()}>{copied ? 'Copied' : 'Copy invitation link'}</button>
      <p className="field__hint">Shown only now. Whoever holds this link can join as the invited person: send it only to them, or let them use the mail.</p>
    </div>
  );
}

/** Invite by email: the answer is the same whether or not the address has an account. */
function InviteForm({ onInvite }: { onInvite: (email: string, role: TeamRole) => Promise<{ message: string; link: string }> }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TeamRole>('member');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<{ message: string; link: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSent(null);
    if (!isValidEmail(email.trim())) return setError('Enter a valid email address.');
    setError(null);
    setBusy(true);
    try {
      setSent(await onInvite(email.trim(), role));
      setEmail('');
    } catch (failure) {
      setError(toFailure(failure).error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card team__invite" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="team-invite-title">
      <h2 className="card__title" id="team-invite-title">Invite a teammate</h2>
      {sent && <FormAlert tone="success">{sent.message}</FormAlert>}
      {sent && <InvitationLink key={sent.link} link={joinLinksFor(sent.link, joinBrandReaderHere())} />}
      <div className="team__invite-row">
        <TextField label="Email" type="email" autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} error={error ?? undefined} />
        <label className="field">
          <span className="field__label">Role</span>
          <RoleSelect label="Role of the invited person" value={role} onChange={setRole} />
        </label>
        <button type="submit" className="btn btn--primary" disabled={busy}>Send invitation</button>
      </div>
      <p className="field__hint">{ROLE_HINT}</p>
    </form>
  );
}

function MemberRow({ member, me, onRole, onRemove }: { member: Teammate; me: boolean; onRole: (role: TeamRole) => void; onRemove: () => void }) {
  return (
    <li className="team__member" data-testid="team-member">
      <span className="team__avatar" aria-hidden="true">{member.name.slice(0, 1).toUpperCase()}</span>
      <span className="team__who">
        <bdi className="team__name">{member.name}{me && <span className="team__you"> (you)</span>}</bdi>
        <bdi className="team__email">{member.email}</bdi>
      </span>
      <span className="team__activity">{member.last_active_at ? `Active ${timeAgo(member.last_active_at)}` : 'Not active yet'}</span>
      <RoleSelect label={`Role of ${member.name}`} value={member.role} onChange={onRole} />
      <button type="button" className="btn btn--small btn--ghost team__remove" onClick={onRemove} aria-label={`Remove ${member.name}`}>Remove</button>
    </li>
  );
}

/** The brand's team (issue 29): its people with their role and last activity, invitations, role changes and removals. Managers only. */
export function TeamScreen() {
  const { api } = useServices();
  const session = useAtomValue(sessionAtom);
  const brandId = session?.currentBrand?._id ?? '';
  const query = useRemoteQuery(`team:${brandId}`, useCallback(async () => ({ data: await teamApi.team(api.main, brandId), status: 200 }), [api, brandId]));
  const [error, setError] = useState<string | null>(null);
  const role = useMyRole();
  /** The teammate whose removal is being confirmed (the app's own dialog, as every other removal asks). */
  const [removing, setRemoving] = useState<Teammate | null>(null);
  const act = async (work: () => Promise<unknown>) => {
    setError(null);
    try {
      await work();
      query.reload();
    } catch (failure) {
      setError(toFailure(failure).error);
    }
  };
  const render = (team: TeamResponse) => (
    <>
      <section className="card" aria-labelledby="team-members-title">
        <h2 className="card__title" id="team-members-title">People ({team.members.length})</h2>
        <ul className="team__list">
          {team.members.map((member) => (
            <MemberRow key={member._id} member={member} me={member._id === session?.currentUser._id}
              onRole={(role) => void act(() => teamApi.changeRole(api.main, brandId, member._id, role))}
              onRemove={() => setRemoving(member)} />
          ))}
        </ul>
      </section>
      {team.invitations.length > 0 && (
        <section className="card" aria-labelledby="team-invitations-title">
          <h2 className="card__title" id="team-invitations-title">Invitations waiting ({team.invitations.length})</h2>
          <ul className="team__list">
            {team.invitations.map((invitation) => (
              <li key={invitation._id} className="team__member" data-testid="team-invitation">
                <span className="team__avatar team__avatar--pending" aria-hidden="true">@</span>
                <span className="team__who">
                  <bdi className="team__name">{invitation.email}</bdi>
                  <span className="team__email">{ROLE_LABEL[invitation.role]}{invitation.invited_by && <> · invited by <bdi>{invitation.invited_by.name}</bdi></>} · {timeAgo(invitation.created_at)}</span>
                </span>
                <span className="team__activity">Link valid until {formatDate(invitation.expires_at)}</span>
                <button type="button" className="btn btn--small btn--ghost" onClick={() => void act(() => teamApi.cancelInvitation(api.main, brandId, invitation._id))}>Withdraw</button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
  return (
    <div className="page team">
      <PageHeader title="Team" description={<>The people of <bdi>{session?.currentBrand?.name ?? 'your brand'}</bdi>: invite teammates, choose their role, remove someone who left.</>} />
      {role === 'member' && <FormAlert tone="info">{MESSAGES.teamManagerOnly}</FormAlert>}
      {role !== 'member' && <>
      {/* Outside the team's read: the sent message stays while the list reads again. Hidden when the team is refused. */}
      {query.state.phase !== 'failure' && (
        <InviteForm onInvite={async (email, role) => {
          const sent = await teamApi.invite(api.main, brandId, email, role);
          query.reload();
          return sent;
        }} />
      )}
      {error && <FormAlert tone="error">{error}</FormAlert>}
      <RemoteView state={query.state} what="the team" onRetry={query.reload}>{render}</RemoteView>
      </>}
      {removing && (
        <ConfirmDialog
          title="Remove teammate"
          question={<>Remove <bdi>{removing.name}</bdi> from the team? They are signed out at once.</>}
          confirmLabel="Remove"
          cancelLabel="Cancel"
          onConfirm={async () => {
            await teamApi.remove(api.main, brandId, removing._id);
            query.reload();
          }}
          onClose={() => setRemoving(null)}
        />
      )}
    </div>
  );
}
