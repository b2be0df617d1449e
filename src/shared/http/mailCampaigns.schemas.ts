/**
 * Mail campaigns to creators (spec §3 "Mail campaign", §7 /mail_campaigns; issue 6 item 6). Paths under `/jwt_api`.
 * A campaign belongs to a brand and its brand manager; POST /mail_campaigns/send_mail sends it to the chosen creators
 * that have a valid email (spec §5): through SMTP when the back end has SMTP settings (env REELSCOPE_SMTP_URL, e.g.
 * smtp://127.0.0.1:2525), otherwise into the outbox the person can read. Creators must be visible to the brand (404).
 */
import { z } from 'zod';
import { IdentitySchema, id, ids } from './videoList.schemas';

export const MAIL_CAMPAIGN_STATUSES = ['draft', 'sent'] as const;

export const MailCampaignSchema = z.object({
  _id: z.string(),
  brand_id: z.string(),
  brand_manager_id: z.string(),
  subject: z.string(),
  body: z.string(),
  /** Creator ids the campaign was sent to (accumulated over sends). */
  recipients: z.array(z.string()),
  status: z.enum(MAIL_CAMPAIGN_STATUSES),
  sent_at: z.string().nullable(),
  created_at: z.string(),
});
export type MailCampaign = z.infer<typeof MailCampaignSchema>;

/** GET /mail_campaigns?brand_manager_id= (must be the signed-in user) 200, newest first. */
export const MailCampaignListQuerySchema = IdentitySchema.extend({ brand_manager_id: id });
export const MailCampaignListResponseSchema = z.object({ mail_campaigns: z.array(MailCampaignSchema) });

/** POST /mail_campaigns body and 200 (a draft of the acting brand, by the signed-in user). */
export const MailCampaignCreateBodySchema = IdentitySchema.extend({
  subject: z.string().trim().min(1).max(300),
  body: z.string().trim().min(1).max(20_000),
});
export const MailCampaignResponseSchema = z.object({ mail_campaign: MailCampaignSchema });

/** Recipients of one POST /mail_campaigns/send_mail; a larger selection is sent in several calls. */
export const SEND_MAIL_MAX_RECIPIENTS = 1000;
/** POST /mail_campaigns/send_mail body. */
export const SendMailBodySchema = IdentitySchema.extend({ campaign_id: id, influencer_ids: ids.min(1).max(SEND_MAIL_MAX_RECIPIENTS) });
/**
 * Per recipient: 'sent' (accepted by the SMTP server), 'queued' (kept in the outbox: no SMTP settings),
 * 'skipped_invalid_email' (no valid email, nothing sent), 'failed' (the SMTP server refused; `error` says why).
 */
export const SEND_STATUSES = ['sent', 'queued', 'skipped_invalid_email', 'failed'] as const;
export const SendMailResponseSchema = z.object({
  message: z.string(),
  transport: z.enum(['smtp', 'outbox']),
  results: z.array(z.object({ influencer_id: z.string(), email: z.string().nullable(), status: z.enum(SEND_STATUSES), error: z.string().nullable() })),
});
export type SendMailResponse = z.infer<typeof SendMailResponseSchema>;
/** Env var naming the SMTP server (smtp://user:pass@host:port or smtps://...); unset = outbox. */
export const SMTP_URL_ENV = 'REELSCOPE_SMTP_URL';
/** Env var of the From address (default SMTP_DEFAULT_FROM). */
export const SMTP_FROM_ENV = 'REELSCOPE_SMTP_FROM';
export const SMTP_DEFAULT_FROM = 'Reelscope <no-reply@reelscope.app>';
