import { REDACTED_SECRET, type LiveMail, type MailKind } from '../../shared/http/outbox.schemas';
import type { OutboxRepository } from '../repositories/outboxRepository';
import { mailerFromEnv, type Mailer } from '../routes/main/mailCampaigns/mailer';

export interface MailToDeliver {
  kind: MailKind;
  to: string;
  subject: string;
  /** The live text, secrets included. */
  body: string;
  /** Parts of the body that must never be kept at rest (a reset token). */
  secrets?: readonly string[];
  brandId?: string | null;
  /** When the body's link stops working, if it has one that does. */
  expiresAt?: string | null;
}

/** Where the embedded back end hands kept mail, live: its host's process channel (nothing when run by hand). */
export type LiveMailSink = (mail: LiveMail) => void;

export interface MailDeliveryDeps {
  outbox: OutboxRepository;
  now: () => Date;
  /** The mailer of the current settings; read at each delivery, so a changed setting applies to the next mail. */
  mailer?: () => Mailer;
  handOver?: LiveMailSink | null;
}

/**
 * Hands a mail to the mail server, or keeps it (issue 26): the outbox table gets it with every secret redacted, and a
 * person's own account mail (a reset link, a confirmation) goes live to the host, which holds it in memory for the
 * person at this computer. So no live reset token is ever at rest, yet the embedded workspace can still reset.
 */
export function createMailDelivery({ outbox, now, mailer = mailerFromEnv, handOver = null }: MailDeliveryDeps) {
  return {
    /** 'sent' when a mail server took it, 'kept' when it waits in the outbox. */
    async deliver(mail: MailToDeliver): Promise<'sent' | 'kept'> {
      const transport = mailer();
      if (transport.transport === 'smtp') {
        try {
          await transport.send({ to: mail.to, subject: mail.subject, text: mail.body });
          return 'sent';
        } catch {
          // A refusing mail server keeps the mail like a missing one: the person can still read it in the app.
        } finally {
          transport.close();
        }
      }
      const redacted = (mail.secrets ?? []).reduce((text, secret) => text.split(secret).join(REDACTED_SECRET), mail.body);
      const brandId = mail.brandId ?? null;
      const createdAt = now().toISOString();
      const id = await outbox.add({ kind: mail.kind, to: mail.to, subject: mail.subject, body: redacted, brandId, createdAt });
      if (brandId === null) {
        handOver?.({ id, kind: mail.kind, to: mail.to, subject: mail.subject, body: mail.body, created_at: createdAt, expires_at: mail.expiresAt ?? null });
      }
      return 'kept';
    },
    /** Whether a mail server is configured now. */
    transport: (): Mailer['transport'] => {
      const current = mailer();
      current.close();
      return current.transport;
    },
  };
}
export type MailDelivery = ReturnType<typeof createMailDelivery>;
