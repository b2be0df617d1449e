/**
 * Video licensing (spec §3 License agreement, §5 fee rule, §7 license_agreements; issue 14 item 5). Paths under
 * `/jwt_api`. A brand asks to license one of its videos from its creator for a duration at a price; the fee follows
 * the shared rule and the total is price + fee. States: requested → accepted or declined (the creator's answer,
 * recorded by the brand) → active (paid; runs for the duration) → expired. Every change is kept in `history`.
 */
import { z } from 'zod';
import { PersonSchema } from './team.schemas';
import { LICENSING_DURATIONS } from '../constants';
import { IdentitySchema, id } from './videoList.schemas';

export const LICENSE_STATES = ['requested', 'accepted', 'declined', 'active', 'expired'] as const;
export type LicenseState = (typeof LICENSE_STATES)[number];
/** The changes PUT accepts from each state (expiry happens by itself when the period ends). */
export const LICENSE_TRANSITIONS: Readonly<Record<LicenseState, readonly LicenseState[]>> = {
  requested: ['accepted', 'declined'],
  accepted: ['active', 'declined'],
  declined: [],
  active: [],
  expired: [],
};
/** Highest price a license may ask (a typo guard, not a business rule). */
export const LICENSE_PRICE_MAX = 1_000_000;

export const LicenseHistoryEntrySchema = z.object({ status: z.enum(LICENSE_STATES), at: z.string(), by: z.string(), note: z.string() });

export const LicenseAgreementSchema = z.object({
  _id: z.string(),
  brand_id: z.string(),
  requester_id: z.string(),
  /** The teammate who asked for the license (issue 29). */
  requested_by: PersonSchema.nullable().optional(),
  video_id: z.string(),
  video_title: z.string(),
  thumbnail_url: z.string().nullable(),
  creator_name: z.string().nullable(),
  duration: z.enum(LICENSING_DURATIONS),
  price: z.number(),
  fee: z.number(),
  total: z.number(),
  status: z.enum(LICENSE_STATES),
  influencer_video_note: z.string().nullable(),
  history: z.array(LicenseHistoryEntrySchema),
  /** When an active license ends (null before it is paid). */
  expires_at: z.string().nullable(),
  /** Active and ending within LICENSE_EXPIRY_NOTICE_DAYS. */
  expiring_soon: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LicenseAgreement = z.infer<typeof LicenseAgreementSchema>;

export const LicensePurchaseSchema = z.object({
  _id: z.string(),
  agreement_id: z.string(),
  video_id: z.string(),
  video_title: z.string(),
  duration: z.enum(LICENSING_DURATIONS),
  amount: z.number(),
  fee: z.number(),
  total: z.number(),
  purchased_at: z.string(),
  expires_at: z.string(),
});
export type LicensePurchase = z.infer<typeof LicensePurchaseSchema>;

/** GET /license_agreements: the acting brand's agreements, newest change first, and its purchases, newest first. */
export const LicenseListResponseSchema = z.object({ agreements: z.array(LicenseAgreementSchema), purchases: z.array(LicensePurchaseSchema) });

const price = z.number({ message: 'The price is a number.' }).finite('The price is a number.').min(0, 'A price cannot be negative.')
  .max(LICENSE_PRICE_MAX, `A price is at most ${LICENSE_PRICE_MAX.toLocaleString('en-US')}.`);

/** POST /license_agreements body (spec §7: requester_id, license_video, influencer_video_note). */
export const LicenseCreateBodySchema = IdentitySchema.extend({
  license_video: id,
  duration: z.enum(LICENSING_DURATIONS, { message: `The duration is one of ${LICENSING_DURATIONS.join(', ')}.` }),
  price,
  requester_id: id.optional(),
  influencer_video_note: z.string().trim().max(2000, 'A note is at most 2,000 characters.').optional(),
});
export type LicenseCreateBody = z.infer<typeof LicenseCreateBodySchema>;

/** PUT /license_agreements/{id} body: the next state (see LICENSE_TRANSITIONS) and/or the note. */
export const LicenseUpdateBodySchema = IdentitySchema.extend({
  status: z.enum(LICENSE_STATES).optional(),
  note: z.string().trim().max(500).optional(),
  influencer_video_note: z.string().trim().max(2000).optional(),
});

export const LicenseIdParamsSchema = z.object({ id });

export const LicenseResponseSchema = z.object({ license_agreement: LicenseAgreementSchema });

/** GET /license_agreements/purchases.csv: the header row, in this order. */
export const PURCHASE_CSV_COLUMNS = ['purchased_at', 'video_title', 'video_id', 'duration', 'price', 'fee', 'total', 'expires_at', 'agreement_id'] as const;
