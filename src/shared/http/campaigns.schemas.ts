/**
 * Creator campaigns (spec §2 Campaigns, §3 Campaign form, §4 tab default ACTIVE and sort default OLD, §9 defaults;
 * issue 14). Paths under `/jwt_api`. A campaign's tab follows from its state and its end in its own zone
 * (`campaignTab` in src/shared/rules). Banner upload and the submission link come with the wizard.
 */
import { z } from 'zod';
import { PersonSchema } from './team.schemas';
import { CAMPAIGN_DEFAULTS, CAMPAIGN_TABS as CAMPAIGN_TAB_NAMES, PLATFORMS, US_TIMEZONES } from '../constants';
import { normalizeUrl } from '../rules/validation';
import { ProductVideoSchema } from './products.schemas';
import { IdentitySchema, id } from './videoList.schemas';
import { searchText } from './searchText';

export const CAMPAIGN_TABS = ['active', 'past', 'draft'] as const;
/** The tabs' names (spec §2), in the order of CAMPAIGN_TABS. */
export const CAMPAIGN_TAB_LABELS = { active: CAMPAIGN_TAB_NAMES[0], past: CAMPAIGN_TAB_NAMES[1], draft: CAMPAIGN_TAB_NAMES[2] } as const;
export const CAMPAIGN_SORTS = ['OLD', 'NEW'] as const;
export const VIDEO_LENGTH_TYPES = ['seconds', 'minutes'] as const;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are written YYYY-MM-DD.');
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Times are written HH:MM (24 hours).');
/** A colour as the campaign form stores it: #RRGGBB. */
export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;
const colour = z.string().regex(HEX_COLOUR, 'A colour is written #RRGGBB, e.g. #96C392.');
/** One token that reads as a web address (brand.com/terms, https://…): no spaces, a dotted host. */
const LINK = /^(https?:\/\/)?[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+(\/\S*)?$/u;
const text = (max: number) => z.string().trim().max(max, `At most ${max.toLocaleString('en-US')} characters.`);

/** Every field of the campaign form (spec §3) a person edits; the server adds id, brand, state and times. */
export const CampaignFieldsSchema = z.object({
  campaign_headline: text(120).min(1, 'A campaign needs a headline.'),
  campaign_hashtag: text(60).transform((tag) => (tag === '' || tag.startsWith('#') ? tag : `#${tag}`)).default(''),
  campaign_brand_name: text(120).default(''),
  campaign_product: text(200).default(''),
  products: z.array(id).max(50).default([]),
  description: text(5000).default(''),
  brand_instruction: text(5000).default(''),
  campaign_reward: text(200).default(''),
  campaign_reward_type: text(60).default(''),
  // The terms themselves, or a link to them: a bare link gets its scheme as every URL does (spec §5).
  terms_and_conditions: text(20_000).default('').transform((terms) => (LINK.test(terms) ? normalizeUrl(terms) : terms)),
  start_date: day.nullable().default(null),
  start_time: clock.nullable().default(null),
  end_date: day.nullable().default(null),
  end_time: clock.nullable().default(null),
  campaign_timezone: z.enum(US_TIMEZONES, { message: `The time zone is one of ${US_TIMEZONES.join(', ')}.` }).default(CAMPAIGN_DEFAULTS.timezone),
  ongoing: z.boolean().default(false),
  campaign_video_limit: z.number().int('The limit is a whole number.').min(1, 'Allow at least 1 video.').max(100_000).default(CAMPAIGN_DEFAULTS.videoLimit),
  campaign_video_length: z.number().int().min(1, 'A video length is at least 1.').max(36_000).nullable().default(null),
  campaign_video_length_type: z.enum(VIDEO_LENGTH_TYPES).default('seconds'),
  campaign_allow_rating: z.boolean().default(false),
  campaign_upload_platform: z.array(z.enum(PLATFORMS)).max(PLATFORMS.length).default([]),
  campaign_button_color: colour.default(CAMPAIGN_DEFAULTS.buttonColor),
  campaign_button_text_color: colour.default(CAMPAIGN_DEFAULTS.buttonTextColor),
  preview_color_change: colour.default(CAMPAIGN_DEFAULTS.previewColor),
  image_dimensions: z.string().regex(/^\d{2,5}x\d{2,5}$/, 'Dimensions are written WIDTHxHEIGHT, e.g. 1200x628.').default('1200x628'),
});
export type CampaignFields = z.infer<typeof CampaignFieldsSchema>;

/** The checks across fields: a published campaign has a description and its dates (unless ongoing), and ends after it starts. */
export function campaignProblems(fields: CampaignFields, publish: boolean): { path: keyof CampaignFields; message: string }[] {
  const problems: { path: keyof CampaignFields; message: string }[] = [];
  if (publish && fields.description === '') problems.push({ path: 'description', message: 'Tell creators what the video should show.' });
  if (publish && !fields.start_date) problems.push({ path: 'start_date', message: 'A published campaign needs a start date.' });
  if (publish && !fields.ongoing && !fields.end_date) problems.push({ path: 'end_date', message: 'Give an end date, or mark the campaign ongoing.' });
  if (fields.start_date && fields.end_date && !fields.ongoing) {
    const start = `${fields.start_date}T${fields.start_time ?? '00:00'}`;
    const end = `${fields.end_date}T${fields.end_time ?? '23:59'}`;
    if (end <= start) problems.push({ path: 'end_date', message: 'The campaign must end after it starts.' });
  }
  return problems;
}

export const CampaignSchema = CampaignFieldsSchema.extend({
  _id: z.string(),
  brand_id: z.string(),
  state: z.enum(['active', 'past', 'draft']),
  tab: z.enum(CAMPAIGN_TABS),
  submitted_videos: z.number().int(),
  banner_image: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Who created it and who changed it last (issue 29): in the brand's own answers only, never on the public page. */
  created_by: PersonSchema.nullable().optional(),
  updated_by: PersonSchema.nullable().optional(),
});
export type Campaign = z.infer<typeof CampaignSchema>;

export const CampaignListQuerySchema = IdentitySchema.extend({
  tab: z.enum(CAMPAIGN_TABS, { message: `tab is one of ${CAMPAIGN_TABS.join(', ')}` }).default('active'),
  sort: z.enum(CAMPAIGN_SORTS, { message: 'sort is OLD or NEW' }).default('OLD'),
  search: searchText().default(''),
});
export const CampaignListResponseSchema = z.object({
  campaigns: z.array(CampaignSchema),
  counts: z.object({ active: z.number().int(), past: z.number().int(), draft: z.number().int() }),
});
export type CampaignList = z.infer<typeof CampaignListResponseSchema>;

/** POST /campaigns and PUT /campaigns/{id}: the fields, and whether to publish (false keeps or makes it a draft). */
export const CampaignWriteBodySchema = IdentitySchema.extend({ publish: z.boolean().default(false), campaign: CampaignFieldsSchema });
export const CampaignIdParamsSchema = z.object({ id });
export const CampaignResponseSchema = z.object({ campaign: CampaignSchema });

/** The banner upload (POST /campaigns/{id}/banner, multipart file field `banner`): a picture, at most 5 MB. */
export const CAMPAIGN_BANNER_FIELD = 'banner';
export const CAMPAIGN_BANNER_MAX_BYTES = 5 * 1024 * 1024;
export const CAMPAIGN_BANNER_MIME_MAP: Readonly<Record<string, string>> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp' };
/** Banner shapes offered by the wizard; the banner is cropped to the chosen one before it is uploaded. */
export const CAMPAIGN_BANNER_SIZES = ['1200x628', '1080x1080', '1080x1920', '1500x500'] as const;
export const CAMPAIGN_MESSAGES = {
  bannerType: 'The banner must be a PNG, JPEG or WebP picture.',
  bannerTooLarge: 'The banner is over 5 MB: choose a smaller picture.',
  bannerMissing: 'Choose a picture for the banner.',
} as const;

/** GET /manufacturers/{id}/campaign_lists: the brand's campaigns with the videos submitted to each (the videos list's Campaigns tab). */
export const CampaignListsQuerySchema = IdentitySchema.extend({ campaign_id: id.optional() });
export const CampaignListsResponseSchema = z.object({
  campaign_lists: z.array(z.object({
    _id: z.string(), campaign_headline: z.string(), campaign_hashtag: z.string(), tab: z.enum(CAMPAIGN_TABS), campaign_video_limit: z.number().int(),
    /** Each with who sent it through the campaign's public page (null for a video the brand linked itself). */
    videos: z.array(ProductVideoSchema.extend({ submitted_at: z.string(), submitter_name: z.string().nullable().default(null), submitter_email: z.string().nullable().default(null),
      /** The creator's 1–5 rating of the product, for a campaign that asks for one. */
      submitter_rating: z.number().int().min(1).max(5).nullable().default(null) })),
  })),
});
export type CampaignLists = z.infer<typeof CampaignListsResponseSchema>;
