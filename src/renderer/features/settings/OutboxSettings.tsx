import { useCallback } from 'react';
import { OutboxResponseSchema, REDACTED_SECRET, type OutboxMail } from '../../../shared/http/outbox.schemas';
import { joinLinksFor } from '../../../shared/joinBrandLink';
import { useServices } from '../../app/useServices';
import { joinBrandReaderHere } from '../../host/joinBrandReader';
import { useRemoteQuery } from '../../lib/useRemoteQuery';
import { MailList } from '../../ui/mail';
import { RemoteView } from '../../ui/remote';

/** A reset link kept without its token reads as what it is. */
function redactedLinks(mail: OutboxMail) {
  // An invitation link is shown as this window can follow it (a browser cannot open the desktop scheme).
  const body = joinLinksFor(mail.body, joinBrandReaderHere());
  const parts = body.split(/(\S+join-brand\?token=[A-Za-z0-9_-]+)/);
  if (parts.length > 1) return <span>{parts.map((part, index) => (index % 2 === 1 ? <a key={index} href={part}>{part}</a> : part))}</span>;
  const [before, ...rest] = body.split(/reelscope:\/\/reset-password\?token=\[redacted\]/);
  if (rest.length === 0) return body;
  return (
    <span>
      {before}
      <span className="mail-item__redacted" title="Reset links are kept without their secret">reset link {REDACTED_SECRET}</span>
      {rest.join('')}
    </span>
  );
}

/**
 * Settings → Mail outbox (issue 26): while the back end has no mail server, the mail it kept instead of sending — the
 * person's own account mail and their brands' mail to creators — each marked not sent.
 */
export function OutboxSettings() {
  const { api } = useServices();
  const outbox = useRemoteQuery('mail-outbox', useCallback(async () => ({ data: OutboxResponseSchema.parse((await api.main.get('/outbox')).data), status: 200 }), [api]));
  if (outbox.state.phase === 'success' && outbox.state.body.transport === 'smtp') return null;
  return (
    <section className="card settings-card settings-card--wide" aria-labelledby="mail-outbox-title">
      <h2 className="card__title" id="mail-outbox-title">Mail outbox</h2>
      <p className="field__hint">
        No mail server is set up (REELSCOPE_SMTP_URL), so mail is kept here and not sent. Reset links are kept without their
        secret: on this computer, choose Forgot password on the sign-in screen, then Open the mail outbox.
      </p>
      <RemoteView state={outbox.state} what="the mail outbox" onRetry={outbox.reload}>
        {(body) => body.mails.length === 0 ? <p className="field__hint">No mail is waiting.</p> : <MailList mails={body.mails} renderBody={redactedLinks} />}
      </RemoteView>
    </section>
  );
}
