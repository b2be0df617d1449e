/**
 * The mail outbox (issue 26, items 10 and 35): mail the back end could not hand to a mail server (none configured, or
 * it refused), kept so a person can read it in Settings. Secrets in it — a password-reset link's token — are stored
 * redacted: the live link exists only in the mail handed over or, on the embedded workspace, in the host's memory
 * (`mail.localOutbox`). Paths under `/jwt_api`.
 */
import { z } from 'zod';

export const MAIL_KINDS = ['password_reset', 'confirmation', 'invitation', 'creator_mail'] as const;
export const MailKindSchema = z.enum(MAIL_KINDS);
export type MailKind = z.infer<typeof MailKindSchema>;

/** What stands in a kept mail where its secret was. */
export const REDACTED_SECRET = '[redacted]';

export const OutboxMailSchema = z.object({
  id: z.number().int(),
  kind: MailKindSchema,
  to: z.string(),
  subject: z.string(),
  /** The text as kept: a reset link's token reads REDACTED_SECRET. */
  body: z.string(),
  created_at: z.string(),
});
export type OutboxMail = z.infer<typeof OutboxMailSchema>;

/** How many kept mails GET /outbox answers, newest first. */
export const OUTBOX_LIST_LIMIT = 200;

/**
 * GET /outbox 200: the signed-in user's own account mails and every mail of their brands (to creators, invitations),
 * none of them sent; `transport` says whether the back end has a mail server now ('smtp') or keeps mail ('outbox').
 */
export const OutboxResponseSchema = z.object({ transport: z.enum(['smtp', 'outbox']), mails: z.array(OutboxMailSchema) });
export type OutboxResponse = z.infer<typeof OutboxResponseSchema>;

/**
 * A kept mail as the embedded back end hands it to its host (a process message `{type: 'mail', mail}`), live links and
 * all; the host holds it in memory only. `expires_at` is when its link stops working (a reset link: one hour).
 */
export const LiveMailSchema = OutboxMailSchema.extend({ expires_at: z.string().nullable() });
export type LiveMail = z.infer<typeof LiveMailSchema>;
export const LiveMailMessageSchema = z.object({ type: z.literal('mail'), mail: LiveMailSchema });
