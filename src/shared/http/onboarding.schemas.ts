/**
 * Onboarding after sign-up and the navbar (spec §4, §7; issue 5). Paths under `/jwt_api`.
 */
import { z } from 'zod';
import { ASK_INTRO_FLAG, PLATFORMS } from '../constants';
import { ANALYSIS_STAGES } from '../domain/video';
import { IdentitySchema } from './videoList.schemas';

/** Logo files accepted by update_brand_details (by extension and declared type). */
export const LOGO_MIME_MAP: Readonly<Record<string, string>> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' };
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const ONBOARDING_MESSAGES = {
  saved: 'Brand details saved.',
  logoType: 'The logo must be a PNG, JPEG, WebP or GIF image.',
  logoTooLarge: 'The logo must be 5 MB or smaller.',
} as const;

/**
 * POST /users/update_brand_details: multipart fields `name` (and `brand_id`) with an optional file field `logo`, or the
 * same fields as JSON without the logo. The logo is stored in the media folder and served at `brand.picture`.
 */
export const BrandDetailsBodySchema = IdentitySchema.extend({ name: z.string().trim().min(1).max(120).optional() });
export const BrandDetailsResponseSchema = z.object({
  message: z.string(),
  brand: z.object({ _id: z.string(), name: z.string(), picture: z.string().nullable() }),
});

/** GET /navbar_stats 200. `first_video`: the brand's oldest own video (drives the first-analysis poll), null when none. */
export const NavbarStatsSchema = z.object({
  brand_id: z.string(),
  video_count: z.number().int(),
  analysed_count: z.number().int(),
  pending_count: z.number().int(),
  processing_count: z.number().int(),
  product_count: z.number().int(),
  [ASK_INTRO_FLAG]: z.boolean(),
  first_video: z.object({ _id: z.string(), analysis_stage: z.enum(ANALYSIS_STAGES) }).nullable(),
});
export type NavbarStats = z.infer<typeof NavbarStatsSchema>;
export const NavbarStatsResponseSchema = z.object({ data: NavbarStatsSchema });
/** PATCH /navbar_stats body: whether to show the assistant intro modal again (per user). */
export const NavbarStatsPatchSchema = IdentitySchema.extend({ [ASK_INTRO_FLAG]: z.boolean() });

/** GET /users/video_upload_details 200: what the upload modal and the first-video tutorial show. */
export const VideoUploadDetailsResponseSchema = z.object({
  data: z.object({
    brand_id: z.string(),
    video_count: z.number().int(),
    uploaded_count: z.number().int(),
    by_platform: z.record(z.enum(PLATFORMS), z.number().int()),
    last_uploaded_at: z.string().nullable(),
    accepted_types: z.record(z.string(), z.string()),
    max_upload_bytes: z.number().int(),
    analysis_minutes: z.number(),
    min_videos_for_carousel: z.number().int(),
  }),
});
