import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { LiveMail, OutboxMail } from '../../../shared/http/outbox.schemas';
import { routeOfDeepLink } from '../../../shared/deepLinks';
import { host } from '../../host/hostClient';
import { toFailure } from '../../lib/httpFailure';
import { FormAlert } from '../../ui/form';
import { MailList } from '../../ui/mail';
import { AuthLayout } from './AuthLayout';

const APP_LINK = /reelscope:\/\/[^\s]+/g;

/** The mail's text with each app link (a reset link) turned into a button that opens it in this window. */
function withAppLinks(mail: OutboxMail) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of mail.body.matchAll(APP_LINK)) {
    const route = routeOfDeepLink(match[0]);
    if (!route) continue;
    parts.push(mail.body.slice(last, match.index).trimEnd());
    parts.push(<Link key={match.index} className="btn btn--primary btn--small" to={route}>{mail.kind === 'password_reset' ? 'Choose a new password' : 'Open the link'}</Link>);
    last = match.index + match[0].length;
  }
  parts.push(mail.body.slice(last));
  return <>{parts.filter((part) => part !== '')}</>;
}

/**
 * The mail outbox of the embedded workspace (issue 26): account mail the built-in back end could not send (no mail
 * server), read from the host's memory — the only place its live links exist — so a person who forgot their
 * password can reset it on this computer.
 */
export function MailOutboxScreen() {
  const [mails, setMails] = useState<LiveMail[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    host().invoke('mail.localOutbox').then(setMails, (failure: unknown) => setError(toFailure(failure).error));
  }, []);
  return (
    <AuthLayout
      title="Mail outbox"
      subtitle="No mail server is set up for the built-in back end, so its mail waits here, on this computer, instead of being sent."
      footer={<Link to="/login">Back to sign in</Link>}
    >
      {error && <FormAlert tone="error">{error}</FormAlert>}
      {mails?.length === 0 && <FormAlert tone="info">No mail is waiting. Mail a mail server sent, or mail from before the app was last started, is not shown here.</FormAlert>}
      {mails && mails.length > 0 && <MailList mails={mails} renderBody={withAppLinks} />}
    </AuthLayout>
  );
}
