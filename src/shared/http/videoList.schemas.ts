/**
 * Query schemas of the videos list (spec §3 video list state and video filters): identity, filters and the list query.
 * Re-exported by videos.schemas.ts; import from there.
 */
import { z } from 'zod';
import {
  AGE_RANGES, DATE_RANGES, DEFAULT_VIDEO_SORT, ETHNICITIES, GENDERS, PAGE_SIZES, PLATFORMS, VIDEO_SORTS, VIDEO_TABS, VIEW_THRESHOLDS,
} from '../constants';
import { FOUL_LANGUAGE_LEVELS, VISUAL_CONTENT_LEVELS } from '../domain/video';
import { searchText } from './searchText';

/** An entity id in a request. */
export const id = z.string().min(1).max(64);
/** A list of ids in a body. */
export const ids = z.array(id).max(10_000);
/** Query booleans arrive as strings: 'true' / 'false' (also '1' / '0'). */
export const queryBool = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform((value) => value === true || value === 'true' || value === '1');
/** A list in the query: repeated keys (`ids=a&ids=b`) or one comma-separated value (`ids=a,b`). */
/** A list of ids in the query. */
export const queryIdList = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : value.split(',')).map((item) => item.trim()).filter((item) => item !== ''))
  .pipe(z.array(id).min(1).max(1000));

/** Identity every call carries (cookies bId and uId). brand_id may be omitted: the token's current brand is used. */
export const IdentitySchema = z.object({ brand_id: id.optional(), user_id: id.optional() });

/** PUT body of every note route (videos, products, creators): empty content deletes the brand's note. */
export const NoteBodySchema = IdentitySchema.extend({ content: z.string().max(10_000) });

// ---------------------------------------------------------------------------------------------------------------
// Filters (spec §3 "Video filters"). Families combine with AND; the values inside one family combine with OR.
// An empty list (or a missing family) does not filter.
// ---------------------------------------------------------------------------------------------------------------

/** note: 'has_note' keeps videos the brand wrote a note on, 'no_note' those without; `text` searches note content. */
export const NOTE_FILTER_VALUES = ['has_note', 'no_note'] as const;
/** A demographic bucket matches a video when the video's audience share for it is at least this (0..1). */
export const DEMOGRAPHIC_FILTER_MIN_SHARE = 0.2;
/** views.radio: 'gte' keeps videos with at least `value` views, 'lte' at most. */
export const VIEWS_RADIO = ['gte', 'lte'] as const;

export const VideoFiltersSchema = z.object({
  platform: z.array(z.enum(PLATFORMS)).default([]),
  note: z.object({ values: z.array(z.enum(NOTE_FILTER_VALUES)).default([]), text: searchText(200, false).default('') }).prefault({}),
  demographic: z
    .object({
      age_range: z.array(z.enum(AGE_RANGES)).default([]),
      ethnicity: z.array(z.enum(ETHNICITIES)).default([]),
      gender: z.array(z.enum(GENDERS)).default([]),
    })
    .prefault({}),
  scene: z.array(z.string().max(100)).default([]),
  pov: z.array(z.string().max(100)).default([]),
  /** Creator (influencer) ids. */
  influencer: z.array(id).default([]),
  category: z.array(z.string().max(100)).default([]),
  /** Product ids (video_products). */
  product: z.array(id).default([]),
  /** Brand ids the videos belong to (the brand itself or its competitors). */
  brand: z.array(id).default([]),
  /** A video matches when it has any of the labels. */
  audio_labels: z.array(z.string().max(100)).default([]),
  brand_safety: z
    .object({ visual_content: z.array(z.enum(VISUAL_CONTENT_LEVELS)).default([]), foul_language: z.array(z.enum(FOUL_LANGUAGE_LEVELS)).default([]) })
    .prefault({}),
  /** Language codes ('en', 'es', ...). */
  language: z.array(z.string().max(10)).default([]),
  /** Views threshold; value one of VIEW_THRESHOLDS. Omit (or value null) for no views filter. */
  views: z
    .object({
      radio: z.enum(VIEWS_RADIO).default('gte'),
      value: z.number().int().refine((value) => (VIEW_THRESHOLDS as readonly number[]).includes(value), 'must be one of VIEW_THRESHOLDS').nullable(),
    })
    .nullable()
    .default(null),
  /** sponsorship true = sponsored only, false = not sponsored only, null = both; sponsored_by narrows by sponsor name. */
  sponsored: z.object({ sponsorship: z.boolean().nullable().default(null), sponsored_by: z.array(z.string().max(200)).default([]) }).prefault({}),
  /** A video matches a topic or sub-topic it discusses. */
  topic: z.object({ topics: z.array(z.string().max(200)).default([]), subTopics: z.array(z.string().max(200)).default([]) }).prefault({}),
});
/** The filters as sent (every family optional). */
export type VideoFiltersInput = z.input<typeof VideoFiltersSchema>;
/** The filters after defaults. */
export type VideoFilters = z.output<typeof VideoFiltersSchema>;

/** A query parameter holding one JSON value (`filters=${encodeURIComponent(JSON.stringify(f))}`), parsed by `schema`. */
export function jsonQueryParam<S extends z.ZodType>(schema: S) {
  return z
    .string()
    .max(20_000)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'filters must be a JSON object' });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

/** `filters` travels as one JSON string query parameter. */
const filtersParam = jsonQueryParam(VideoFiltersSchema);

/**
 * Where `search` looks: 'title' = title, creator name or the words seen on screen (substring, case-insensitive);
 * 'transcript' = transcript lines too (what is said and what is written on screen); 'on_screen' = only the words seen on
 * screen (the list item's `transcript_match` is then the first matching on-screen line).
 */
export const VIDEO_SEARCH_SCOPES = ['title', 'transcript', 'on_screen'] as const;
export type VideoSearchScope = (typeof VIDEO_SEARCH_SCOPES)[number];
export const VideoSortSchema = z.enum([DEFAULT_VIDEO_SORT, ...VIDEO_SORTS]);
export type VideoSort = z.infer<typeof VideoSortSchema>;

/**
 * GET /videos and GET /videos/get_video_ids query (spec §3 video list state).
 * - date: a DATE_RANGES value (default all_dates) on created_at; 'custom' uses start_date / end_date (ISO dates,
 *   end inclusive). Ranges end at the reference time in `data.loaded_for.end`: the clock, or the newest video of the
 *   brand's workspace when that is earlier (so an imported or demo workspace shows its latest data).
 * - sort: created_at (default) honours `desc`; highest_/lowest_sentiment and newest_/oldest_videos (published_at)
 *   carry their own direction; favorite_videos lists favorites first, then newest created.
 */
export const VideoListQuerySchema = IdentitySchema.extend({
  tab: z.enum(VIDEO_TABS).default('My Videos'),
  search: searchText().default(''),
  search_in: z.enum(VIDEO_SEARCH_SCOPES).default('title'),
  sort: VideoSortSchema.default(DEFAULT_VIDEO_SORT),
  desc: queryBool.default(true),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce
    .number()
    .int()
    .refine((value) => (PAGE_SIZES as readonly number[]).includes(value), 'must be one of PAGE_SIZES')
    .default(PAGE_SIZES[0]),
  date: z.enum(DATE_RANGES).default('all_dates'),
  start_date: z.iso.date().optional(),
  end_date: z.iso.date().optional(),
  filters: filtersParam.optional(),
});
export type VideoListQueryInput = z.input<typeof VideoListQuerySchema>;
export type VideoListQuery = z.output<typeof VideoListQuerySchema>;

