import { CAMPAIGN_DEFAULTS, type US_TIMEZONES } from '../../../../shared/constants';
import type { Campaign, CampaignFields, VIDEO_LENGTH_TYPES } from '../../../../shared/http/campaigns.schemas';
import { CampaignFieldsSchema, campaignProblems } from '../../../../shared/http/campaigns.schemas';

/**
 * The wizard's form as typed: numbers and dates stay text until they are checked, so nothing a person types is
 * lost to a conversion (a half-typed limit or colour is kept and marked, not dropped).
 */
export interface CampaignForm {
  campaign_headline: string;
  campaign_hashtag: string;
  campaign_brand_name: string;
  campaign_product: string;
  products: string[];
  image_dimensions: string;
  description: string;
  brand_instruction: string;
  campaign_reward: string;
  campaign_reward_type: string;
  terms_and_conditions: string;
  start_date: string;
  start_time: string;
  end_date: string;
  end_time: string;
  campaign_timezone: (typeof US_TIMEZONES)[number];
  ongoing: boolean;
  campaign_video_limit: string;
  campaign_video_length: string;
  campaign_video_length_type: (typeof VIDEO_LENGTH_TYPES)[number];
  campaign_allow_rating: boolean;
  campaign_upload_platform: string[];
  campaign_button_color: string;
  campaign_button_text_color: string;
  preview_color_change: string;
}
export type FormField = keyof CampaignForm;
export type Problems = Partial<Record<FormField, string>>;

export const WIZARD_STEPS = [
  { title: 'Campaign', fields: ['campaign_headline', 'campaign_hashtag', 'campaign_brand_name', 'campaign_product', 'products', 'image_dimensions'] },
  { title: 'Brief', fields: ['description', 'brand_instruction', 'campaign_reward', 'campaign_reward_type', 'terms_and_conditions'] },
  { title: 'Dates', fields: ['start_date', 'start_time', 'end_date', 'end_time', 'campaign_timezone', 'ongoing'] },
  { title: 'Videos', fields: ['campaign_video_limit', 'campaign_video_length', 'campaign_video_length_type', 'campaign_allow_rating', 'campaign_upload_platform'] },
  { title: 'Look', fields: ['campaign_button_color', 'campaign_button_text_color', 'preview_color_change'] },
] as const satisfies readonly { title: string; fields: readonly FormField[] }[];
export const LAST_STEP = WIZARD_STEPS.length - 1;

/** A new campaign: the defaults of spec §9, the brand's name filled in. */
export function emptyForm(brandName: string): CampaignForm {
  return {
    campaign_headline: '', campaign_hashtag: '', campaign_brand_name: brandName, campaign_product: '', products: [], image_dimensions: '1200x628',
    description: '', brand_instruction: '', campaign_reward: '', campaign_reward_type: '', terms_and_conditions: '',
    start_date: '', start_time: '09:00', end_date: '', end_time: '18:00', campaign_timezone: CAMPAIGN_DEFAULTS.timezone, ongoing: false,
    campaign_video_limit: String(CAMPAIGN_DEFAULTS.videoLimit), campaign_video_length: '', campaign_video_length_type: 'seconds', campaign_allow_rating: false,
    campaign_upload_platform: [], campaign_button_color: CAMPAIGN_DEFAULTS.buttonColor, campaign_button_text_color: CAMPAIGN_DEFAULTS.buttonTextColor,
    preview_color_change: CAMPAIGN_DEFAULTS.previewColor,
  };
}

/** A stored campaign as the form shows it. */
export function formOf(campaign: Campaign): CampaignForm {
  const text = (value: string | null) => value ?? '';
  return {
    ...campaign,
    start_date: text(campaign.start_date), start_time: text(campaign.start_time), end_date: text(campaign.end_date), end_time: text(campaign.end_time),
    campaign_video_limit: String(campaign.campaign_video_limit),
    campaign_video_length: campaign.campaign_video_length === null ? '' : String(campaign.campaign_video_length),
    campaign_upload_platform: [...campaign.campaign_upload_platform], products: [...campaign.products],
  };
}

const WHOLE = /^\s*-?\d+\s*$/;
/** A typed number as the schema reads it: a whole number, or the text itself so the schema names what is wrong. */
const numberOf = (typed: string): number | string => (WHOLE.test(typed) ? Number(typed) : typed);

/** The form as the API's campaign fields; `problems` names each field that is not acceptable, with its message. */
export function checkForm(form: CampaignForm, publish: boolean): { fields: CampaignFields | null; problems: Problems } {
  const blankIsNull = (value: string) => (value.trim() === '' ? null : value.trim());
  const input = {
    ...form,
    start_date: blankIsNull(form.start_date), start_time: blankIsNull(form.start_time), end_date: blankIsNull(form.end_date), end_time: blankIsNull(form.end_time),
    campaign_video_limit: numberOf(form.campaign_video_limit),
    campaign_video_length: form.campaign_video_length.trim() === '' ? null : numberOf(form.campaign_video_length),
  };
  const problems: Problems = {};
  const parsed = CampaignFieldsSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as FormField;
      const typedNumber = issue.code === 'invalid_type' && typeof input[field] === 'string' && field.startsWith('campaign_video_');
      problems[field] ??= typedNumber ? 'Write a whole number, e.g. 200.' : issue.message;
    }
  }
  // The checks across fields run on the rest even when some field is wrong, so each step sees its own problems.
  const rest = parsed.success ? parsed : CampaignFieldsSchema.safeParse(Object.fromEntries(Object.entries(input).filter(([field]) => problems[field as FormField] === undefined)));
  if (rest.success) for (const problem of campaignProblems(rest.data, publish)) problems[problem.path] ??= problem.message;
  return { fields: parsed.success && Object.keys(problems).length === 0 ? parsed.data : null, problems };
}

/** What stops a step from moving on: its own fields' problems, checked as for publishing (the wizard leads there). */
export function stepProblems(step: number, form: CampaignForm): Problems {
  const { problems } = checkForm(form, true);
  const own: readonly FormField[] = WIZARD_STEPS[step]?.fields ?? [];
  return Object.fromEntries(Object.entries(problems).filter(([field]) => own.includes(field as FormField)));
}

/** The first step holding a problem (to send the person there), or null. */
export function firstStepWith(problems: Problems): number | null {
  const index = WIZARD_STEPS.findIndex((step) => step.fields.some((field: FormField) => problems[field] !== undefined));
  return index < 0 ? null : index;
}
