/** Value sets of the workspace tables that are not spec §9 constants but are shared by server and screens. */

export const MARK_TYPES = ['favorite', 'flag', 'trash'] as const;
export type MarkType = (typeof MARK_TYPES)[number];

/** What a note or mark is attached to; 'influencer' means a creator. */
export const TARGET_KINDS = ['video', 'product', 'influencer'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

export const CAMPAIGN_STATES = ['active', 'past', 'draft'] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

export const REPORT_TYPES = ['custom', 'demographic', 'sentiment', 'engagement', 'speech'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const LICENSE_STATUSES = ['requested', 'accepted', 'rejected', 'paid', 'expired'] as const;
export type LicenseStatus = (typeof LICENSE_STATUSES)[number];

/** URL path under which the back end serves the media folder (demo videos, thumbnails, product pictures). */
export const MEDIA_URL_PREFIX = '/media';
