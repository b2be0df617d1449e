/**
 * Request and response schemas of the creators (influencers) routes (spec §3 creator list state and detail, §7, §9;
 * issue 6). Paths are under SERVICE_PREFIXES.main (`/jwt_api`). Every call carries `brand_id` and `user_id` like the
 * videos routes; a creator the acting brand cannot see (not its own, not a competitor's) answers 404.
 *
 * Tabs: 'My Creators' = creators of the acting brand, 'Competitors' = creators of its competitors, 'View All' = both.
 */
import { z } from 'zod';
import { PersonSchema } from './team.schemas';
import { CHART_RANGES, CREATOR_TABS, DATE_RANGES, DEFAULT_CREATOR_SORT, SUBSCRIBER_THRESHOLDS, VERIFIED_FILTER } from '../constants';
import { CreatorSchema, DailyTrackingSchema } from '../domain/creator';
import { DemographicsSchema } from '../domain/video';
import { ListPageShape, pageParam, perPageParam, ProductVideoSchema } from './products.schemas';
import { FilterOptionSchema, IdentitySchema, id, jsonQueryParam, queryBool } from './videos.schemas';
import { searchText } from './searchText';

/** Sorts of the creators list; each honours `desc` (default true). */
export const CREATOR_SORTS = [DEFAULT_CREATOR_SORT, 'subscribers', 'video_count'] as const;
/** A creator counts as trending when its latest platform video is at most this many days older than the reference time. */
export const CREATOR_TRENDING_DAYS = 30;
/** radio of the subscribers and videos filters: at least (gte) or at most (lte) `value`. */
export const COUNT_RADIO = ['gte', 'lte'] as const;

/** Creator filters (spec §3): families AND, values OR; an empty list or a null value does not filter. */
export const CreatorFiltersSchema = z.object({
  /** Country names as listed in the filter options. */
  country: z.array(z.string().max(100)).default([]),
  /** Subscribers threshold; value one of SUBSCRIBER_THRESHOLDS. */
  subscribers: z
    .object({
      radio: z.enum(COUNT_RADIO).default('gte'),
      value: z.number().int().refine((value) => (SUBSCRIBER_THRESHOLDS as readonly number[]).includes(value), 'must be one of SUBSCRIBER_THRESHOLDS').nullable(),
    })
    .nullable()
    .default(null),
  /** Number of videos threshold (any non-negative integer). */
  videos: z.object({ radio: z.enum(COUNT_RADIO).default('gte'), value: z.number().int().min(0).max(1_000_000_000).nullable() }).nullable().default(null),
});
export type CreatorFiltersInput = z.input<typeof CreatorFiltersSchema>;
export type CreatorFilters = z.output<typeof CreatorFiltersSchema>;

/**
 * GET /influencers, GET /influencers/get_influencer_ids and GET /influencers/export.csv query.
 * - date: DATE_RANGES window on latest_platform_video_published_at ('custom' with start_date / end_date, end day
 *   inclusive), ending at the reference time (the clock, or the newest creator video of the brand's workspace if earlier).
 * - trending: latest platform video within CREATOR_TRENDING_DAYS of the reference time.
 * - validEmail: only creators whose email matches the standard pattern (spec §5 isValidEmail).
 * - reelscopeVerified (VERIFIED_FILTER): only verified creators.
 * - search: substring of name or handle (case-insensitive).
 */
export const CreatorListQuerySchema = IdentitySchema.extend({
  tab: z.enum(CREATOR_TABS).default('My Creators'),
  sort: z.enum(CREATOR_SORTS).default(DEFAULT_CREATOR_SORT),
  desc: queryBool.default(true),
  search: searchText().default(''),
  page: pageParam,
  per_page: perPageParam,
  date: z.enum(DATE_RANGES).default('all_dates'),
  start_date: z.iso.date().optional(),
  end_date: z.iso.date().optional(),
  trending: queryBool.default(false),
  validEmail: queryBool.default(false),
  [VERIFIED_FILTER]: queryBool.default(false),
  filters: jsonQueryParam(CreatorFiltersSchema).optional(),
});
export type CreatorListQueryInput = z.input<typeof CreatorListQuerySchema>;
export type CreatorListQuery = z.output<typeof CreatorListQuerySchema>;

/** One row of the list: the creator without demographics, with the brand's view. */
export const CreatorListItemSchema = CreatorSchema.omit({ demographics: true }).extend({
  manufacturerName: z.string(),
  is_competitor: z.boolean(),
  has_note: z.boolean(),
  valid_email: z.boolean(),
  trending: z.boolean(),
});
export type CreatorListItem = z.infer<typeof CreatorListItemSchema>;

/** Filter options of the tab with counts: countries, the subscriber thresholds (count at least), verified / valid email. */
export const CreatorFilterOptionsSchema = z.object({
  country: z.array(FilterOptionSchema),
  subscribers: z.array(FilterOptionSchema),
  validEmail: z.number().int(),
  [VERIFIED_FILTER]: z.number().int(),
});
export type CreatorFilterOptions = z.infer<typeof CreatorFilterOptionsSchema>;

/** GET /influencers 200. */
export const CreatorListResponseSchema = z.object({
  influencers: z.array(CreatorListItemSchema),
  data: z.object({
    ...ListPageShape,
    loaded_for: z.object({ date: z.enum(DATE_RANGES), start: z.string().nullable(), end: z.string() }),
    filters: CreatorFilterOptionsSchema,
  }),
});
export type CreatorListResponse = z.infer<typeof CreatorListResponseSchema>;

/**
 * GET /influencers/get_influencer_ids 200: every matching id in list order, with what contacting needs (name, email
 * and whether it is valid), so "select all N matching" can say how many are reachable without loading every page.
 */
export const CreatorIdsResponseSchema = z.object({
  count: z.number().int(),
  influencers: z.array(z.object({
    influencer_id: z.string(), manufacturer_ids: z.array(z.string()), name: z.string(), email: z.string().nullable(), valid_email: z.boolean(),
  })),
});
export type CreatorIdsResponse = z.infer<typeof CreatorIdsResponseSchema>;

/** The columns of GET /influencers/export.csv, in order (header row = these names). */
export const CREATOR_CSV_COLUMNS = [
  'id', 'name', 'handle', 'platform', 'email', 'country', 'language', 'subscribers', 'video_count', 'creator_type', VERIFIED_FILTER,
  'categories', 'latest_platform_video_published_at', 'average_views_per_video', 'average_engagement_index', 'influencer_performance_index', 'brand',
] as const;

export const CreatorIdParamsSchema = z.object({ id });

/** GET /influencers/:id 200 (spec §3 creator detail; videos, products, demographics... come from the sub-paths). */
export const CreatorDetailResponseSchema = z.object({
  influencer: CreatorListItemSchema,
  /** The creator's videos in the workspace: their count and total views, likes and comments (the averages of engagementIndex are of the same videos). */
  statistics: z.object({
    subscribers: z.number().int(),
    video_count: z.number().int(),
    total_views: z.number().int(),
    total_likes: z.number().int(),
    total_comments: z.number().int(),
    last_tracked_on: z.string().nullable(),
  }),
  engagementIndex: CreatorSchema.shape.engagementIndex,
  categories: z.array(z.string()),
  /** The creator's picture and the thumbnails of its latest videos. */
  pictures: z.array(z.string()),
  sentiment: z.object({ positive: z.number(), negative: z.number(), neutral: z.number() }),
});
export type CreatorDetailResponse = z.infer<typeof CreatorDetailResponseSchema>;

/** PUT /influencers/:id body (own brand's creators only): changed fields; answers the detail. */
export const CreatorUpdateBodySchema = IdentitySchema.extend({
  name: z.string().trim().min(1).max(200).optional(),
  email: z.string().trim().max(320).nullable().optional(),
  country: z.string().trim().min(1).max(100).optional(),
  categories: z.array(z.string().max(100)).max(20).optional(),
  [VERIFIED_FILTER]: z.boolean().optional(),
});

/** GET /influencers/:id/videos 200: trending (most viewed of the last 30 days), recent, sponsored; ≤ 12 each. */
export const CreatorVideosResponseSchema = z.object({
  trending: z.array(ProductVideoSchema),
  recent: z.array(ProductVideoSchema),
  sponsored: z.array(ProductVideoSchema.extend({ sponsored_by: z.string().nullable() })),
});
/** GET /influencers/:id/products 200: products featured in the creator's videos, most featured first. */
export const CreatorProductsResponseSchema = z.object({
  products: z.array(z.object({ _id: z.string(), name: z.string(), brand_id: z.string(), category: z.string(), pictures: z.array(z.string()), videos: z.number().int() })),
});
/** GET /influencers/:id/get_list_of_brands_associated_with_creator 200: brands whose products its videos feature. */
export const CreatorBrandsResponseSchema = z.object({ brands: z.array(z.object({ _id: z.string(), name: z.string(), videos: z.number().int() })) });
/** GET /influencers/:id/demographics/ 200: audience shares per bucket and the raw record. */
export const CreatorDemographicsResponseSchema = z.object({
  age: z.record(z.string(), z.number()),
  ethnicity: z.record(z.string(), z.number()),
  gender: z.record(z.string(), z.number()),
  demographics_data: DemographicsSchema,
});
/** GET /influencers/:id/sentiment 200. */
export const CreatorSentimentResponseSchema = z.object({ sentiment: z.object({ positive: z.number(), negative: z.number(), neutral: z.number() }) });

/** GET /influencers/:id/influencer_daily_trackings?range= query (CHART_RANGES, default 1m) and 200 (oldest day first). */
export const DailyTrackingsQuerySchema = IdentitySchema.extend({ range: z.enum(CHART_RANGES).default('1m') });
export const DailyTrackingsResponseSchema = z.object({
  range: z.enum(CHART_RANGES),
  start: z.string(),
  end: z.string(),
  records: z.array(DailyTrackingSchema),
});

/** GET /influencers/:id/influencer_note 200 and PUT body (NoteBodySchema of products.schemas; empty content deletes). */
export const CreatorNoteResponseSchema = z.object({ note: z.object({ influencer_id: z.string(), content: z.string(), updated_at: z.string(), updated_by: PersonSchema.nullable() }).nullable() });

/** GET /users/?video_author_id= : the platform user of a creator (chat recipient); user null when it has none. */
export const VideoAuthorQuerySchema = IdentitySchema.extend({ video_author_id: id });
export const VideoAuthorUserResponseSchema = z.object({
  user: z.object({ _id: z.string(), first_name: z.string(), last_name: z.string(), email: z.string() }).nullable(),
  influencer: z.object({ _id: z.string(), name: z.string(), handle: z.string(), picture: z.string().nullable() }),
});
