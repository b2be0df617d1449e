import type { ReactNode } from 'react';
import type { MailKind, OutboxMail } from '../../../shared/http/outbox.schemas';
import { formatDateTime } from '../../lib/format';
import './mailList.css';

const KIND_LABELS: Record<MailKind, string> = {
  password_reset: 'Password reset',
  confirmation: 'Account confirmation',
  invitation: 'Invitation',
  creator_mail: 'Mail to a creator',
};

interface MailListProps {
  mails: readonly OutboxMail[];
  /** The body as shown; plain text by default. */
  renderBody?: (mail: OutboxMail) => ReactNode;
}

/** Mail kept unsent (issue 26): each marked "Not sent", with what it is, to whom and when. */
export function MailList({ mails, renderBody = (mail) => mail.body }: MailListProps) {
  return (
    <ul className="mail-list" aria-label="Mail not sent">
      {mails.map((mail) => (
        <li key={mail.id} className="mail-item">
          <div className="mail-item__head">
            <h3 className="mail-item__subject">{mail.subject}</h3>
            <span className="mail-item__status">Not sent</span>
          </div>
          <p className="mail-item__meta">
            {KIND_LABELS[mail.kind]} · to <bdi>{mail.to}</bdi> · {formatDateTime(mail.created_at)}
          </p>
          <div className="mail-item__body" dir="auto">{renderBody(mail)}</div>
        </li>
      ))}
    </ul>
  );
}
