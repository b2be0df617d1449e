/** Business constants of spec §9 and the product's fixed names. Imported, never retyped. */

export const PRODUCT_NAME = 'Reelscope';
/** Service name under which the jwt and refresh token live in the OS keychain. */
export const KEYCHAIN_SERVICE = 'Reelscope';
export const OWN_STORAGE_PLATFORM = 'Reelscope_AWS_S3';
export const ASK_INTRO_FLAG = 'ask_reelscope_intro';
export const VERIFIED_FILTER = 'reelscopeVerified';
export const ASSISTANT_ASK_OPERATION = 'askReelscope';

export const DEFAULT_BACKEND_PORT = 4100;
export const DEFAULT_WEB_PORT = 5180;

/** Fixed path prefixes of the four services and the assistant on one origin. */
export const SERVICE_PREFIXES = {
  main: '/jwt_api',
  second: '/second',
  metrics: '/metrics',
  gateway: '/gateway',
  graphql: '/graphql',
} as const;
export type ServiceName = keyof typeof SERVICE_PREFIXES;

export const PLATFORMS = [
  OWN_STORAGE_PLATFORM,
  'AWS_S3_Swirl',
  'GoogleDrive',
  'Youtube',
  'Tiktok',
  'Instagram',
  'Dropbox',
] as const;
export type Platform = (typeof PLATFORMS)[number];

export const PAGE_SIZES = [10, 25, 50, 100, 250, 500, 1000] as const;
export const SUBSCRIBER_THRESHOLDS = [10000, 25000, 50000, 100000, 250000, 500000, 1000000] as const;
export const VIEW_THRESHOLDS = [300, 1000, 3000, 10000, 30000, 100000, 300000] as const;
export const AGE_RANGES = ['0-2', '3-6', '7-12', '13-18', '18-24', '25-30', '30-40', '40-50', '50-60', '60+'] as const;
export const CREATOR_TYPES = ['brand', 'expert', 'fan', 'press'] as const;
export const ETHNICITIES = ['asian', 'black', 'white', 'hispanic', 'indian'] as const;
export const GENDERS = ['male', 'female'] as const;
export const LICENSING_DURATIONS = ['6 months', '1 year', '2 years'] as const;
export const DATE_RANGES = ['today', '1d', '1w', '1m', '3m', '6m', 'ytd', '1y', 'all_dates', 'custom'] as const;
export const CHART_RANGES = ['1w', '1m', '3m', '6m', 'ytd', '1y'] as const;
export const UPLOAD_SOURCES = ['Youtube', 'Dropbox'] as const;
export const REPORT_REASONS = [
  'Spam or misleading',
  'Violent or abusive content',
  'Harmful or dangerous acts',
  'Child abuse',
  'Sexual content',
  'Other',
] as const;

export const VIDEO_TABS = ['My Videos', 'Competition', 'Campaigns', 'Favorites', 'Flagged', 'Trash'] as const;
export const PRODUCT_TABS = ['My Products', 'Competitors', 'Favorites', 'Trash'] as const;
export const CREATOR_TABS = ['My Creators', 'Competitors', 'View All'] as const;
export const CAMPAIGN_TABS = ['Active Campaigns', 'Past Campaigns', 'Draft Campaigns'] as const;

export const PRODUCT_SORTS = ['highest_sentiment', 'lowest_sentiment', 'new_products', 'highest_video_reviews'] as const;
export const VIDEO_SORTS = ['highest_sentiment', 'lowest_sentiment', 'newest_videos', 'oldest_videos', 'favorite_videos'] as const;
export const DEFAULT_VIDEO_SORT = 'created_at';
export const DEFAULT_CREATOR_SORT = 'latest_platform_video_published_at';
export const DEFAULT_CAMPAIGN_SORT = 'OLD';
export const DEFAULT_CAMPAIGN_TAB = 'ACTIVE';
export const DEFAULT_DASHBOARD_DURATION = '1y';
export const DEFAULT_REPORT_DURATION = '6m';
export const DEFAULT_GRAPH_STATUS = '6m';
export const DEFAULT_DASHBOARD_DEVICE = 'Desktop';

export const SNIPPET_MAX_CHARS = 250;
export const BANNER_DISMISS_MS = 6000;
export const ANALYSIS_POLL_MS = 300000;
export const ANALYSIS_TAKES_MINUTES = 10;
export const MIN_VIDEOS_FOR_CAROUSEL = 5;
export const SIGNED_URL_RELEASE_MS = 100;

export const PLAYER_SIZES = {
  embedded: { width: 340, height: 738 },
  popupMaxWidth: 1058,
  popupPlayer: { width: 942, height: 530 },
  instagram: { width: 428, height: 564 },
  transcriptPanelMaxHeight: 300,
} as const;

export const CAMPAIGN_DEFAULTS = {
  videoLimit: 200,
  timezone: 'Pacific Daylight Time',
  buttonColor: '#96C392',
  // Not in the spec: dark text reads on the default button colour (white on it is 2:1).
  buttonTextColor: '#111111',
  previewColor: '#526261',
  wizardSteps: 5,
} as const;
export const US_TIMEZONES = [
  'Hawaii Standard Time',
  'Alaska Daylight Time',
  'Pacific Daylight Time',
  'Mountain Standard Time',
  'Mountain Daylight Time',
  'Central Daylight Time',
  'Eastern Daylight Time',
] as const;

export const WIDGET_DEFAULTS = {
  color: '#409DB2',
  // Not in the spec: dark text reads on the default colour (white on it is 3.1:1, under WCAG's 4.5:1).
  textColor: '#111111',
  menuOptions: ['most_recent', 'ratings', 'verified_shopper', 'brand_video'],
  deviceOptions: ['desktop', 'mobile'],
  aspect: 'Portrait',
} as const;

export const TUTORIAL_STEPS = { homeOverview: 5, firstVideoAnalyzed: 2 } as const;

/** Video files recognised for HTML5 playback (spec §5). */
export const VIDEO_MIME_MAP: Readonly<Record<string, string>> = {
  ogm: 'video/ogg',
  ogv: 'video/ogg',
  ogg: 'video/ogg',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

export const ROLE_VIP_INFLUENCER = 'vip_influencer';
export const ROLE_BRAND_MANAGER = 'brand_manager';

/** The `code` of the 403 answered to a user whose registration is not completed (no session, spec §4). */
export const REGISTRATION_INCOMPLETE_CODE = 'registration_incomplete';

/** Failed login attempts allowed per minute per account and client address before 429. */
export const LOGIN_ATTEMPTS_PER_MINUTE = 5;
/**
 * Account probes one client address may make across all accounts in ADDRESS_PROBE_WINDOW_MINUTES before 429: failed
 * sign-ins, sign-ups refused for a taken email, password-recovery and confirmation requests (each tells a known
 * email from an unknown one). Four accounts' worth of the per-account limit: a person never meets it.
 */
export const ADDRESS_PROBES_PER_WINDOW = 20;
export const ADDRESS_PROBE_WINDOW_MINUTES = 15;
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/** Origin of the Electron renderer (its custom protocol); the embedded back end always allows it. */
export const ELECTRON_APP_ORIGIN = 'app://reelscope';
