import { z } from 'zod';
import { CREATOR_TYPES } from '../constants';
import { DemographicsSchema } from './video';

/** A creator (influencer) as listed for a brand (spec §3 creator list and detail). */
export const CreatorSchema = z.object({
  _id: z.string(),
  brand_id: z.string(),
  name: z.string(),
  handle: z.string(),
  platform: z.string(),
  email: z.string().nullable(),
  country: z.string(),
  language: z.string(),
  subscribers: z.number().int(),
  video_count: z.number().int(),
  creator_type: z.enum(CREATOR_TYPES),
  reelscopeVerified: z.boolean(),
  picture: z.string().nullable(),
  categories: z.array(z.string()),
  latest_platform_video_published_at: z.string().nullable(),
  demographics: DemographicsSchema,
  sentiment: z.object({ positive: z.number(), negative: z.number() }),
  engagementIndex: z.object({
    average_views_per_video: z.number(),
    average_engagement_index: z.number(),
    influencer_performance_index: z.number(),
  }),
});
export type Creator = z.infer<typeof CreatorSchema>;

/** One day of a creator's platform statistics (spec §3 daily tracking record). */
export const DailyTrackingSchema = z.object({
  date: z.string(),
  comment_count: z.number().int(),
  likes: z.number().int(),
  sentiment_score: z.number(),
  total_engagement: z.number().int(),
  view_count: z.number().int(),
  youtube_dislike_count: z.number().int(),
  videoCount: z.number().int(),
});
export type DailyTracking = z.infer<typeof DailyTrackingSchema>;
