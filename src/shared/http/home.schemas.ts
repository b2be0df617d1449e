/**
 * The home dashboard (spec §2 Home, §7 /home and /home/{url}; issue 12): the figures of one
 * brand (the acting brand or one of its competitors) over a window of §9, each with the same figure over the window of
 * the same length just before it, so the screen can show the change.
 */
import { z } from 'zod';
import { AGE_RANGES, DATE_RANGES, ETHNICITIES, GENDERS, PLATFORMS } from '../constants';
import { IdentitySchema, id } from './videoList.schemas';

export const HOME_WIDGETS = ['engagement', 'sentiment', 'top_products', 'demographics', 'recent_trending', 'word_cloud', 'benchmark'] as const;
export type HomeWidget = (typeof HOME_WIDGETS)[number];

/** The earliest day a custom window may start: nothing in a workspace is older. */
export const HOME_EARLIEST_DAY = '2000-01-01';
/** The latest day a custom window may end. */
export const HOME_LATEST_DAY = '2100-12-31';

/**
 * Query of every home call. duration: a §9 range on the videos' created_at (dashboard default 1y; 'custom' needs
 * start_date and end_date, end day inclusive); platform: only that platform's videos; competitors_brands: whose
 * figures (the acting brand when absent, or one of its competitors).
 */
export const HomeQuerySchema = IdentitySchema.extend({
  duration: z.enum(DATE_RANGES, { message: `duration must be one of ${DATE_RANGES.join(', ')}` }).default('1y'),
  start_date: z.iso.date({ message: 'start_date must be a date (YYYY-MM-DD)' }).optional(),
  end_date: z.iso.date({ message: 'end_date must be a date (YYYY-MM-DD)' }).optional(),
  platform: z.enum(PLATFORMS, { message: `platform must be one of ${PLATFORMS.join(', ')}` }).optional(),
  competitors_brands: id.optional(),
}).superRefine((query, issues) => {
  if (query.duration !== 'custom') return;
  if (!query.start_date || !query.end_date) {
    issues.addIssue({ code: 'custom', path: ['start_date'], message: 'A custom window needs both start_date and end_date' });
    return;
  }
  if (query.start_date > query.end_date) issues.addIssue({ code: 'custom', path: ['end_date'], message: 'end_date is before start_date' });
  if (query.start_date < HOME_EARLIEST_DAY) issues.addIssue({ code: 'custom', path: ['start_date'], message: `start_date is before ${HOME_EARLIEST_DAY}` });
  if (query.end_date > HOME_LATEST_DAY) issues.addIssue({ code: 'custom', path: ['end_date'], message: `end_date is after ${HOME_LATEST_DAY}` });
});
export type HomeQuery = z.output<typeof HomeQuerySchema>;
export type HomeQueryInput = z.input<typeof HomeQuerySchema>;

/** A figure now and over the previous window of the same length (null: no previous window, as with all dates). */
export const ComparedSchema = z.object({ current: z.number(), previous: z.number().nullable() });
export type Compared = z.infer<typeof ComparedSchema>;
/**
 * A figure that may have no data (sentiment of a window without a transcribed video): null, never a made-up 0, so
 * the screen shows "—".
 */
export const MaybeComparedSchema = z.object({ current: z.number().nullable(), previous: z.number().nullable() });
export type MaybeCompared = z.infer<typeof MaybeComparedSchema>;

const WindowSchema = z.object({ start: z.string().nullable(), end: z.string() });

/** Which brand, over which windows: every widget answers with it. */
export const HomeScopeSchema = z.object({
  brand: z.object({ id: z.string(), name: z.string(), competitor: z.boolean() }),
  window: WindowSchema,
  previous: WindowSchema.nullable(),
  platform: z.enum(PLATFORMS).nullable(),
});
export type HomeScope = z.infer<typeof HomeScopeSchema>;

export const HomeKpisSchema = z.object({
  videos: ComparedSchema,
  views: ComparedSchema,
  likes: ComparedSchema,
  comments: ComparedSchema,
  /** Likes and comments per view. */
  engagement_rate: ComparedSchema,
  /** Mean positive and negative sentiment share of the videos (null: no transcribed video in the window). */
  positive: MaybeComparedSchema,
  negative: MaybeComparedSchema,
});
export type HomeKpis = z.infer<typeof HomeKpisSchema>;

/** GET /home: the tabs (the brand and its competitors) and the shown brand's KPIs, for the first paint. */
export const HomeOverviewSchema = HomeScopeSchema.extend({
  brands: z.array(z.object({ id: z.string(), name: z.string(), competitor: z.boolean() })),
  kpis: HomeKpisSchema,
});
export type HomeOverview = z.infer<typeof HomeOverviewSchema>;

export const BUCKET_UNITS = ['day', 'week', 'month'] as const;
export type BucketUnit = (typeof BUCKET_UNITS)[number];

export const EngagementWidgetSchema = HomeScopeSchema.extend({
  unit: z.enum(BUCKET_UNITS),
  /** One per day, week (from Monday) or month of the window, empty ones included. */
  buckets: z.array(z.object({ start: z.string(), videos: z.number(), views: z.number(), likes: z.number(), comments: z.number() })),
  totals: z.object({ views: ComparedSchema, likes: ComparedSchema, comments: ComparedSchema }),
});
export type EngagementWidget = z.infer<typeof EngagementWidgetSchema>;

export const SentimentWidgetSchema = HomeScopeSchema.extend({
  unit: z.enum(BUCKET_UNITS),
  /** Null where the window has no transcribed video. */
  split: z.object({ positive: MaybeComparedSchema, negative: MaybeComparedSchema, neutral: MaybeComparedSchema }),
  /** Mean shares per bucket; null where the bucket has no video. */
  trend: z.array(z.object({ start: z.string(), positive: z.number().nullable(), negative: z.number().nullable() })),
});
export type SentimentWidget = z.infer<typeof SentimentWidgetSchema>;

export const TopProductsWidgetSchema = HomeScopeSchema.extend({
  products: z.array(z.object({
    id: z.string(),
    name: z.string(),
    image_url: z.string().nullable(),
    /** Videos that mention the product (linked to it), now and before. */
    mentions: ComparedSchema,
    positive: z.number(),
    negative: z.number(),
  })),
});
export type TopProductsWidget = z.infer<typeof TopProductsWidgetSchema>;

const shares = <T extends readonly [string, ...string[]]>(buckets: T) => z.object(Object.fromEntries(buckets.map((bucket) => [bucket, ComparedSchema.nullable()])) as Record<T[number], z.ZodNullable<typeof ComparedSchema>>);

export const DemographicsWidgetSchema = HomeScopeSchema.extend({
  /** Mean audience share per bucket over the videos that name one (null: none does). */
  age_range: shares(AGE_RANGES),
  gender: shares(GENDERS),
  ethnicity: shares(ETHNICITIES),
});
export type DemographicsWidget = z.infer<typeof DemographicsWidgetSchema>;

const HomeVideoSchema = z.object({
  _id: z.string(), title: z.string(), platform: z.enum(PLATFORMS), thumbnail_url: z.string().nullable(), creator_name: z.string().nullable(),
  views: z.number(), created_at: z.string(),
});
export type HomeVideo = z.infer<typeof HomeVideoSchema>;

export const RecentTrendingWidgetSchema = HomeScopeSchema.extend({
  recent: z.array(HomeVideoSchema),
  trending: z.array(HomeVideoSchema),
  creators: z.array(z.object({ _id: z.string(), name: z.string(), picture: z.string().nullable(), videos: z.number(), views: z.number() })),
});
export type RecentTrendingWidget = z.infer<typeof RecentTrendingWidgetSchema>;

export const WordCloudWidgetSchema = HomeScopeSchema.extend({
  terms: z.array(z.object({ term: z.string(), count: z.number() })),
  /** Videos in the window, and how many of the newest transcribed ones the cloud was read from. */
  videos_in_window: z.number(),
  videos_read: z.number(),
});
export type WordCloudWidget = z.infer<typeof WordCloudWidgetSchema>;

export const BenchmarkWidgetSchema = HomeScopeSchema.extend({
  brands: z.array(z.object({
    id: z.string(),
    name: z.string(),
    competitor: z.boolean(),
    videos: ComparedSchema,
    views: ComparedSchema,
    /** Shares of all videos and views of the brand and its competitors in the window (0–1). */
    share_of_voice: ComparedSchema,
    share_of_views: ComparedSchema,
    positive: MaybeComparedSchema,
    negative: MaybeComparedSchema,
    engagement_rate: ComparedSchema,
  })),
});
export type BenchmarkWidget = z.infer<typeof BenchmarkWidgetSchema>;

export const HOME_WIDGET_SCHEMAS = {
  engagement: EngagementWidgetSchema,
  sentiment: SentimentWidgetSchema,
  top_products: TopProductsWidgetSchema,
  demographics: DemographicsWidgetSchema,
  recent_trending: RecentTrendingWidgetSchema,
  word_cloud: WordCloudWidgetSchema,
  benchmark: BenchmarkWidgetSchema,
} as const satisfies Record<HomeWidget, z.ZodType>;
export type HomeWidgetBody<W extends HomeWidget> = z.infer<(typeof HOME_WIDGET_SCHEMAS)[W]>;
