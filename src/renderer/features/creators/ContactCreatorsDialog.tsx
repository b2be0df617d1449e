import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import type { MailCampaign, SendMailResponse } from '../../../shared/http/mailCampaigns.schemas';
import { useServices } from '../../app/useServices';
import { formatDate } from '../../lib/format';
import { toFailure } from '../../lib/httpFailure';
import { Modal } from '../../ui/dialog';
import { FormAlert, TextField } from '../../ui/form';
import { contactSummary } from './contactSummary';
import { createMailCampaign, fetchMailCampaigns, sendMailCampaign } from './creators.api';
import type { SelectedCreator } from './creatorList.atoms';
import { creatorIdentityAtom } from './creatorList.atoms';

const STATUS_LABELS: Record<SendMailResponse['results'][number]['status'], string> = {
  sent: 'Sent',
  queued: 'In the outbox',
  skipped_invalid_email: 'Skipped: no valid email',
  failed: 'Failed',
};

const NEW = '__new__';

/** A message to start from (a campaign invitation): then a new mail campaign is chosen, filled with it. */
export interface MailDraft { title: string; subject: string; text: string }

/** Contact creators (issue 6 item 6): pick or create a mail campaign and send it to the selected creators with valid emails. */
/** A campaign as the picker lists it: its subject and when it went out (or that it is a draft), so two alike read apart. */
export function campaignOptionLabel(campaign: Pick<MailCampaign, 'subject' | 'status' | 'sent_at' | 'created_at'>): string {
  return campaign.status === 'sent' && campaign.sent_at ? `${campaign.subject} (sent ${formatDate(campaign.sent_at)})` : `${campaign.subject} (draft from ${formatDate(campaign.created_at)})`;
}

export function ContactCreatorsDialog({ creators, onClose, draft }: { creators: SelectedCreator[]; onClose: () => void; draft?: MailDraft }) {
  const { api } = useServices();
  const who = useAtomValue(creatorIdentityAtom);
  const [campaigns, setCampaigns] = useState<MailCampaign[] | null>(null);
  const [choice, setChoice] = useState<string>(NEW);
  const [subject, setSubject] = useState(draft?.subject ?? '');
  const [text, setText] = useState(draft?.text ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<SendMailResponse | null>(null);
  const reachable = creators.filter((creator) => creator.valid_email);

  useEffect(() => {
    if (!who) return;
    let live = true;
    fetchMailCampaigns(api.main, who)
      .then((list) => {
        if (!live) return;
        setCampaigns(list);
        if (list[0] && !draft) setChoice(list[0]._id);
      })
      .catch((failure: unknown) => live && setError(`Could not load the mail campaigns: ${toFailure(failure).error}`));
    return () => {
      live = false;
    };
  }, [api.main, who, draft]);

  const send = async () => {
    if (!who) return;
    setBusy(true);
    setError(null);
    try {
      let campaignId = choice;
      if (choice === NEW) {
        const created = await createMailCampaign(api.main, who, subject, text);
        setCampaigns((list) => [created, ...(list ?? [])]);
        setChoice(created._id);
        campaignId = created._id;
      }
      setResult(await sendMailCampaign(api.main, who, campaignId, creators.map((creator) => creator._id)));
    } catch (failure) {
      setError(toFailure(failure).error || 'The campaign could not be sent.');
    } finally {
      setBusy(false);
    }
  };

  const names = new Map(creators.map((creator) => [creator._id, creator.name]));
  const canSend = !busy && reachable.length > 0 && (choice !== NEW || (subject.trim() !== '' && text.trim() !== ''));

  return (
    <Modal
      title={draft?.title ?? 'Contact creators'}
      onDismiss={onClose}
      actions={
        <>
          <button type="button" className="btn" onClick={onClose}>{result ? 'Close' : 'Cancel'}</button>
          {!result && (
            <button type="button" className="btn btn--primary" disabled={!canSend} aria-busy={busy} onClick={() => void send()}>
              {busy ? 'Sending…' : `Send to ${reachable.length} creator${reachable.length === 1 ? '' : 's'}`}
            </button>
          )}
        </>
      }
    >
      <p>
        {creators.length} selected; {reachable.length} with a valid email
        {reachable.length < creators.length ? ' (the others are skipped)' : ''}.
      </p>
      {error && <FormAlert tone="error">{error}</FormAlert>}
      {result ? (
        <>
          <FormAlert tone={result.results.some((row) => row.status === 'failed') ? 'error' : 'success'}>{contactSummary(result.results, result.transport)}</FormAlert>
          <ul className="creators-contact__results" aria-label="Recipients">
            {result.results.map((row) => (
              <li key={row.influencer_id} data-testid="contact-result" data-status={row.status}>
                <bdi>{names.get(row.influencer_id) ?? row.influencer_id}</bdi>: {STATUS_LABELS[row.status]}
                {row.error ? ` (${row.error})` : ''}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <>
          <label className="field">
            <span className="field__label">Mail campaign</span>
            <select className="select" value={choice} onChange={(event) => setChoice(event.target.value)} disabled={campaigns === null && !error}>
              <option value={NEW}>New campaign…</option>
              {(campaigns ?? []).map((campaign) => (
                <option key={campaign._id} value={campaign._id}>{campaignOptionLabel(campaign)}</option>
              ))}
            </select>
          </label>
          {choice === NEW && (
            <>
              <TextField label="Subject" value={subject} maxLength={300} onChange={(event) => setSubject(event.target.value)} />
              <label className="field">
                <span className="field__label">Message</span>
                <textarea className="input creators-contact__body" rows={6} value={text} maxLength={20000} onChange={(event) => setText(event.target.value)} />
              </label>
            </>
          )}
        </>
      )}
    </Modal>
  );
}
