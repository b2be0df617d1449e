/**
 * Publishing to the shopper app (spec §2 App manager, §4 polled publish state, §7 /videos/multi_publish, second API
 * /video/content, gateway /video/publish and /video/publish/state/{id}; issue 17).
 */
import { z } from 'zod';
import { PAGE_SIZES } from '../constants';
import { IdentitySchema, id } from './videoList.schemas';
import { searchText } from './searchText';
import { PersonSchema } from './team.schemas';

export const PUBLISH_STATES = ['queued', 'processing', 'published', 'unpublished', 'failed'] as const;
export type PublishState = (typeof PUBLISH_STATES)[number];
/** States a job ends in: polling stops there. */
export const FINAL_PUBLISH_STATES: readonly PublishState[] = ['published', 'unpublished', 'failed'];

export const PublishJobSchema = z.object({
  _id: z.string(),
  video_id: z.string(),
  action: z.enum(['publish', 'unpublish']),
  state: z.enum(PUBLISH_STATES),
  /** Why a job failed (the rights gate's reason, a video gone). */
  error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Who asked for it (issue 29): null when the brand's API key did, or the account is gone. */
  requested_by: PersonSchema.nullable(),
});
export type PublishJob = z.infer<typeof PublishJobSchema>;

export const PublishJobsResponseSchema = z.object({ message: z.string(), count: z.number().int(), jobs: z.array(PublishJobSchema) });
export const PublishStateResponseSchema = z.object({ job: PublishJobSchema });

export const APP_MANAGER_TABS = ['brand', 'shopper', 'all'] as const;
export type AppManagerTab = (typeof APP_MANAGER_TABS)[number];
export const APP_MANAGER_TAB_LABELS: Readonly<Record<AppManagerTab, string>> = { brand: 'Brand videos', shopper: 'Shopper videos', all: 'View all' };

export const AppManagerQuerySchema = IdentitySchema.extend({
  tab: z.enum(APP_MANAGER_TABS).default('brand'),
  /** published: only what the shopper app shows; all: every playable candidate. */
  show: z.enum(['all', 'published']).default('all'),
  search: searchText().default(''),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().refine((value) => (PAGE_SIZES as readonly number[]).includes(value), 'must be one of PAGE_SIZES').default(25),
});

export const AppManagerVideoSchema = z.object({
  _id: z.string(),
  title: z.string(),
  thumbnail_url: z.string().nullable(),
  platform: z.string(),
  creator_name: z.string().nullable(),
  by_brand: z.boolean(),
  published: z.boolean(),
  app_published_at: z.string().nullable(),
  job: PublishJobSchema.nullable(),
  /** Why it cannot be published now (the rights gate), or null. */
  blocked: z.string().nullable(),
  /** The licenses the rights gate reads (paid or expired, with their end): the page checks a selection with `publishingBlock` before sending it. */
  licenses: z.array(z.object({ status: z.string(), expires_at: z.string().nullable() })),
});
export type AppManagerVideo = z.infer<typeof AppManagerVideoSchema>;
/** POST /videos/publish_rights 200: what the rights gate decides from, per video, so the videos list checks a bulk publish before sending it. */
export const PublishRightsResponseSchema = z.object({
  videos: z.array(AppManagerVideoSchema.pick({ _id: true, title: true, by_brand: true, licenses: true }).extend({
    /** False while its analysis is not complete: the rights gate refuses it until then. */
    analysed: z.boolean(),
  })),
});
export type PublishRightsResponse = z.infer<typeof PublishRightsResponseSchema>;
export const AppManagerResponseSchema = z.object({
  videos: z.array(AppManagerVideoSchema),
  total: z.number().int(),
  counts: z.object({ brand: z.number().int(), shopper: z.number().int(), all: z.number().int() }),
});
export type AppManagerResponse = z.infer<typeof AppManagerResponseSchema>;

export const PublishStateParamsSchema = z.object({ id });

/** The shopper app's feed (issue 17): what the brand has published, newest first, paged, with an ETag. */
export const ShopperFeedQuerySchema = z.object({
  brand_id: id,
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});
export const ShopperFeedResponseSchema = z.object({
  videos: z.array(z.object({
    _id: z.string(), title: z.string(), thumbnail_url: z.string().nullable(), media_url: z.string().nullable(), video_url: z.string(), platform: z.string(),
    creator_name: z.string().nullable(), app_published_at: z.string().nullable(),
    products: z.array(z.object({ _id: z.string(), name: z.string(), price: z.number() })),
  })),
  page: z.number().int(), per_page: z.number().int(), total: z.number().int(),
});
