import type { Transporter } from 'nodemailer';
import { SMTP_DEFAULT_FROM, SMTP_FROM_ENV, SMTP_URL_ENV } from '../../../../shared/http/mailCampaigns.schemas';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** Where mail goes: an SMTP server named by REELSCOPE_SMTP_URL, or nowhere (the caller keeps it in the outbox). */
export interface Mailer {
  transport: 'smtp' | 'outbox';
  /** Sends one message; rejects with the server's reason. Only for transport 'smtp'. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** The mailer for the current settings (read on each call, so a changed setting applies to the next send). */
export function mailerFromEnv(env: NodeJS.ProcessEnv = process.env): Mailer {
  const url = env[SMTP_URL_ENV]?.trim();
  if (!url) return { transport: 'outbox', send: () => Promise.reject(new Error('No SMTP settings')), close: () => undefined };
  const from = env[SMTP_FROM_ENV]?.trim() || SMTP_DEFAULT_FROM;
  const parsed = new URL(url);
  const loopback = parsed.hostname === '127.0.0.1' || parsed.hostname === 'localhost';
  // nodemailer is loaded on the first send: most starts send no mail, and it costs the back end memory from the start.
  let transporter: Transporter | null = null;
  const connect = async (): Promise<Transporter> => {
    const { default: nodemailer } = await import('nodemailer');
    transporter ??= nodemailer.createTransport({
      host: parsed.hostname,
      port: Number(parsed.port) || (parsed.protocol === 'smtps:' ? 465 : 587),
      secure: parsed.protocol === 'smtps:',
      ...(parsed.username ? { auth: { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } } : {}),
      // Loopback servers in development and tests often have no trusted certificate; TLS is still used when offered.
      tls: { rejectUnauthorized: !loopback },
    });
    return transporter;
  };
  return {
    transport: 'smtp',
    async send(mail) {
      await (await connect()).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
    close: () => transporter?.close(),
  };
}
