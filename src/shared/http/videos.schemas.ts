/**
 * Request and response schemas of the videos routes (spec §3, §4, §7; issue 3). Both the embedded back end and the
 * renderer import these; the back end validates every request with them and filters every answer through them.
 *
 * Every call carries `brand_id` (the acting own brand, cookie bId) and `user_id` (cookie uId) in the query (GET/DELETE)
 * or the body (POST/PUT). A brand or video the user may not see answers 404. Errors are `HttpErrorSchema` bodies.
 * Paths are under SERVICE_PREFIXES.main (`/jwt_api`) unless a section says `/second` or `/media`.
 */
import { z } from 'zod';
import { PersonSchema } from './team.schemas';
import { AGE_RANGES, DATE_RANGES, ETHNICITIES, GENDERS, PLATFORMS, REPORT_REASONS } from '../constants';
import { LINE_SENTIMENTS, TranscriptLineSchema, VideoSchema } from '../domain/video';
import { AnalysisProgressSchema } from '../analysisProgress';

import { id, ids, queryIdList, IdentitySchema, NoteBodySchema } from './videoList.schemas';
import { searchText } from './searchText';

export * from './videoList.schemas';

// ---------------------------------------------------------------------------------------------------------------
// List and detail answers
// ---------------------------------------------------------------------------------------------------------------

/** The first matching transcript line of a video (list with search_in=transcript; on_screen: the first on-screen line). */
export const TranscriptMatchSchema = z.object({ start_time: z.number(), content: z.string() });

/** What the acting brand's view adds to a video, in list rows and the detail alike. */
const VideoBrandStateShape = {
  manufacturerName: z.string(),
  creator_name: z.string().nullable(),
  /** True when the video belongs to a competitor of the acting brand. */
  is_competitor: z.boolean(),
  is_favorite: z.boolean(),
  is_flagged: z.boolean(),
  /** Published to the shopper app (multi_publish, /second/video/content). */
  published: z.boolean(),
  /** The first matching transcript line (list with search_in=transcript, or on-screen line with on_screen); null otherwise. */
  transcript_match: TranscriptMatchSchema.nullable(),
};

/** The acting brand's marks only the detail answers: the list rows never show them (Trash is a tab of its own). */
const VideoDetailMarksShape = {
  flag_reason: z.string().nullable(),
  /** Who flagged it and when (issue 29: flags are the team's); absent where an answer does not read them. */
  flagged_by: PersonSchema.nullable().optional(),
  flagged_at: z.string().nullable().optional(),
  is_trashed: z.boolean(),
  has_note: z.boolean(),
};

/**
 * One row of the list: only what the list screen, its selection lists and bulk actions read (a page holds up to 1000
 * rows, and every field of every row is parsed and kept by the renderer before the page can paint). Everything else
 * about a video (brand id, publication date, flag reason, note, URLs, analysis results...) comes with the detail,
 * GET /videos/:id, which the popup and the detail screen load themselves. The owning brand is manufacturer_ids[0].
 */
export const VideoListItemSchema = VideoSchema.pick({
  _id: true,
  manufacturer_ids: true,
  title: true,
  platform: true,
  thumbnail_url: true,
  analysis_stage: true,
  sentiment: true,
  views: true,
  created_at: true,
  /** On its platform; the date column shows it when the list is sorted by it (newest/oldest videos). */
  published_at: true,
}).extend({
  ...VideoBrandStateShape,
  /** Null while the video's speech was not analysed (no transcript): no sentiment, rather than 0 % and 0 %. */
  sentiment: VideoSchema.shape.sentiment.nullable(),
  /** The running analysis's step and share done (issue 41), when the back end knows it; absent or null otherwise. */
  analysis_progress: AnalysisProgressSchema.nullable().optional(),
});
export type VideoListItem = z.infer<typeof VideoListItemSchema>;

/** One option of a filter family with how many videos of the tab have it. */
export const FilterOptionSchema = z.object({ value: z.string(), label: z.string(), count: z.number().int() });
export type FilterOption = z.infer<typeof FilterOptionSchema>;

/** Options offered by the filter UI, counted over the tab (before filters, search and dates). */
export const VideoFilterOptionsSchema = z.object({
  platform: z.array(FilterOptionSchema),
  category: z.array(FilterOptionSchema),
  language: z.array(FilterOptionSchema),
  scene: z.array(FilterOptionSchema),
  pov: z.array(FilterOptionSchema),
  influencer: z.array(FilterOptionSchema),
  product: z.array(FilterOptionSchema),
  brand: z.array(FilterOptionSchema),
  audio_labels: z.array(FilterOptionSchema),
  sponsored_by: z.array(FilterOptionSchema),
  topics: z.array(FilterOptionSchema),
  subTopics: z.array(FilterOptionSchema),
  visual_content: z.array(FilterOptionSchema),
  foul_language: z.array(FilterOptionSchema),
});
export type VideoFilterOptions = z.infer<typeof VideoFilterOptionsSchema>;

/** Average audience shares (0..1) per bucket. */
export const DemographicsSummarySchema = z.object({
  age_range: z.record(z.string(), z.number()),
  ethnicity: z.record(z.string(), z.number()),
  gender: z.record(z.string(), z.number()),
});

/** GET /videos 200. `count` / `sentiment` / `yesterday` describe the filtered result; `demographics` and `filters` the tab. */
export const VideoListResponseSchema = z.object({
  videos: z.array(VideoListItemSchema),
  data: z.object({
    count: z.number().int(),
    totalPages: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
    /** The date window applied (ISO); start null for all_dates. */
    loaded_for: z.object({ date: z.enum(DATE_RANGES), start: z.string().nullable(), end: z.string() }),
    /** Matching videos created in the 24 hours before loaded_for.end. */
    yesterday: z.number().int(),
    /**
     * Average sentiment shares (0..1) over the matching videos that have a sentiment (a transcript); `measured` is how
     * many those are — 0 means there is no sentiment to show, not a sentiment of 0 %.
     */
    sentiment: z.object({ positive: z.number(), negative: z.number(), measured: z.number().int() }),
    demographics: DemographicsSummarySchema,
    filters: VideoFilterOptionsSchema,
  }),
});
export type VideoListResponse = z.infer<typeof VideoListResponseSchema>;

/** GET /videos 400 for a user with no brand: `message` is MESSAGES.connectYoutube, `code` 'NO_BRAND'. */
export const NO_BRAND_CODE = 'NO_BRAND';

/** GET /videos/get_video_ids 200 (same query as the list; page and per_page ignored): every matching id in list order. */
export const VideoIdsResponseSchema = z.object({
  count: z.number().int(),
  videos: z.array(z.object({ video_id: z.string(), manufacturer_ids: z.array(z.string()) })),
});
export type VideoIdsResponse = z.infer<typeof VideoIdsResponseSchema>;

/**
 * GET /videos/:id 200: the whole video with the acting brand's view of it. `video_url` of own-storage videos and
 * `playable_url` (any video with a local media file) are signed, expiring `/media/signed/...` paths relative to the
 * back-end origin: usable as a <video> src without a bearer.
 */
export const VideoDetailSchema = VideoSchema.extend({
  ...VideoBrandStateShape,
  ...VideoDetailMarksShape,
  playable_url: z.string().nullable(),
  /** Download allowed (own storage, Google Drive; spec §5). Notes presence is `has_note`; the text is GET /videos/:id/video_note. */
  can_download: z.boolean(),
  product_ids: z.array(z.string()),
  /** The creator who made it (its author), for "Message creator"; null when unknown. */
  creator_id: z.string().nullable(),
});
export type VideoDetail = z.infer<typeof VideoDetailSchema>;
export const VideoDetailResponseSchema = z.object({ video: VideoDetailSchema });

/** Query of every GET/DELETE on one video. */
export const VideoIdParamsSchema = z.object({ id });
export const IdentityQuerySchema = IdentitySchema;

/** GET /videos/:id/identify_my_or_competitor_video 200. */
export const MyOrCompetitorResponseSchema = z.object({
  video_id: z.string(),
  type: z.enum(['my', 'competitor']),
  brand_id: z.string(),
  brand_name: z.string(),
});

/** GET /videos/:id/transcript query: `search` is a case-insensitive substring (≥3 chars use the FTS index). */
export const TranscriptQuerySchema = IdentitySchema.extend({ search: searchText(200, false).default('') });
/** GET /videos/:id/transcript 200: every line, or only the matching ones when `search` is set. */
export const TranscriptResponseSchema = z.object({
  video_id: z.string(),
  search: z.string(),
  total_lines: z.number().int(),
  transcription: z.array(TranscriptLineSchema),
});
export type TranscriptResponse = z.infer<typeof TranscriptResponseSchema>;

/** GET /videos/transcription_with_timestamp?ids=a,b (≤1000 ids) 200: spec §3 transcript records, in the order asked. */
export const TranscriptionsQuerySchema = IdentitySchema.extend({ ids: queryIdList });
export const TranscriptionsResponseSchema = z.object({
  transcripts: z.array(z.object({ video_id: z.string(), title: z.string(), transcription: z.array(z.object({ start_time: z.number(), content: z.string() })) })),
});

/** GET /videos/:id/product_details 200. */
export const VideoProductDetailsResponseSchema = z.object({
  products: z.array(z.object({ _id: z.string(), brand_id: z.string(), name: z.string(), category: z.string(), price: z.number(), pictures: z.array(z.string()) })),
});

/**
 * GET /videos/:id/sentiment 200: overall shares and the positive/negative lines (Sentiment Highlights). `sentiment` is
 * null while the speech was not analysed, with `not_analysed` saying why: no shares at all, not "Neutral 100 %".
 */
export const VideoSentimentResponseSchema = z.object({
  sentiment: z.object({ positive: z.number(), negative: z.number(), neutral: z.number() }).nullable(),
  not_analysed: z.string().nullable().default(null),
  sentiment_feedback_like: z.boolean().nullable(),
  highlights: z.array(z.object({ line_no: z.number().int(), start_time: z.number(), content: z.string(), sentiment: z.enum(LINE_SENTIMENTS) })),
});

/** A label the brand put on a video's audience (POST/PUT /demographics_labels). demographics_data_id is the video id. */
export const DemographicsLabelSchema = z.object({
  _id: z.string(),
  demographics_data_id: z.string(),
  label: z.string(),
  age_range: z.enum(AGE_RANGES).nullable(),
  ethnicity: z.enum(ETHNICITIES).nullable(),
  gender: z.enum(GENDERS).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Who added the label and who changed it last (issue 29). */
  created_by: PersonSchema.nullable().optional(),
  updated_by: PersonSchema.nullable().optional(),
});
export type DemographicsLabel = z.infer<typeof DemographicsLabelSchema>;

/** GET /videos/:id/demographics 200. */
export const VideoDemographicsResponseSchema = z.object({
  /** Null while the audience was not analysed (`not_analysed` says why), rather than every bucket at 0 %. */
  demographics: DemographicsSummarySchema.nullable(),
  not_analysed: z.string().nullable().default(null),
  labels: z.array(DemographicsLabelSchema),
});

/** POST /demographics_labels body (JSON) and PUT /demographics_labels/:id body. */
export const DemographicsLabelBodySchema = IdentitySchema.extend({
  demographics_data_id: id,
  label: z.string().trim().min(1).max(200),
  age_range: z.enum(AGE_RANGES).nullable().default(null),
  ethnicity: z.enum(ETHNICITIES).nullable().default(null),
  gender: z.enum(GENDERS).nullable().default(null),
});
/** DELETE /demographics_labels/:id query. */
export const DemographicsLabelDeleteQuerySchema = IdentitySchema.extend({ demographics_data_id: id });
export const DemographicsLabelResponseSchema = z.object({ label: DemographicsLabelSchema });

/** GET /videos/:id/video_associations 200. */
export const VideoAssociationsResponseSchema = z.object({
  associations: z.array(
    z.object({ video_id: z.string(), title: z.string(), thumbnail_url: z.string().nullable(), platform: z.enum(PLATFORMS), kind: z.string(), score: z.number() }),
  ),
});

/** GET /videos/:id/people 200 (people in video). */
export const VideoPeopleResponseSchema = z.object({
  people: z.array(z.object({ _id: z.string(), name: z.string(), role: z.string(), appears_at: z.number() })),
});

/** GET /videos/:id/video_note 200 (note null when none) and PUT body (empty content deletes the note). */
export const VideoNoteSchema = z.object({ video_id: z.string(), content: z.string(), updated_at: z.string(), updated_by: PersonSchema.nullable() });
export const VideoNoteResponseSchema = z.object({ note: VideoNoteSchema.nullable() });
export const VideoNoteBodySchema = NoteBodySchema;

/** PUT /videos/:id body: the changed data (own brand's videos only); answers the updated video. */
export const VideoUpdateBodySchema = IdentitySchema.extend({
  title: z.string().trim().min(1).max(300).optional(),
  category: z.string().max(100).nullable().optional(),
  language: z.string().max(10).optional(),
  licensing_duration: z.string().max(50).nullable().optional(),
  licensing_price: z.number().nonnegative().nullable().optional(),
  sentiment_feedback_like: z.boolean().nullable().optional(),
});
/** PUT /videos/:id/update_video_title_and_creator_name body; answers the updated video. */
export const TitleAndCreatorBodySchema = IdentitySchema.extend({
  title: z.string().trim().min(1).max(300),
  creator_name: z.string().trim().min(1).max(200).optional(),
});

/** POST /videos/:id/sentiment_feedback body and 200. */
export const SentimentFeedbackBodySchema = IdentitySchema.extend({ like: z.boolean().nullable() });
export const SentimentFeedbackResponseSchema = z.object({ sentiment_feedback: z.boolean().nullable() });

// ---------------------------------------------------------------------------------------------------------------
// Marks and bulk operations (spec §4 transitions). Marks are per acting brand, also on competitor videos.
// Every answer is {message, count}: count = videos whose state changed.
// ---------------------------------------------------------------------------------------------------------------

/** POST /videos/favorite_videos, /videos/unfavorite_videos, /videos/unflag_videos body. */
export const VideoIdsBodySchema = IdentitySchema.extend({ video_ids: ids.min(1) });
/** POST /videos/flag_videos body. */
export const FlagVideosBodySchema = VideoIdsBodySchema.extend({ reason: z.enum(REPORT_REASONS) });
/** POST /videos/trash_videos body: destructive payload items {video_id, manufacturer_ids}; competitors = from the Competition tab. */
export const TrashVideosBodySchema = IdentitySchema.extend({
  videos: z.array(z.object({ video_id: id, manufacturer_ids: z.array(id).default([]) })).min(1).max(10_000),
  competitors: z.boolean().default(false),
});
/**
 * POST /videos/untrash_videos and /videos/delete_videos body. delete_videos removes trashed videos only: own videos
 * for good (with transcripts), competitor videos from this brand's view (they stay for their own brand).
 */
export const CompetitorIdsBodySchema = VideoIdsBodySchema.extend({ competitors: z.boolean().default(false) });
export const MarkResponseSchema = z.object({ message: z.string(), count: z.number().int() });
export type MarkResponse = z.infer<typeof MarkResponseSchema>;

/** POST /videos/multi_publish and POST /second/video/content body (own brand's videos). */
export const PublishBodySchema = VideoIdsBodySchema.extend({ published: z.boolean() });

// ---------------------------------------------------------------------------------------------------------------
// /second
// ---------------------------------------------------------------------------------------------------------------

/** POST /second/reanalyze and POST /second/download-video body. */
export const VideoIdBodySchema = IdentitySchema.extend({ videoId: id });
/** POST /second/reanalyze 200: analysis_stage goes to 'processing', then back to 'completed'. */
export const ReanalyzeResponseSchema = z.object({ message: z.string() });
/** POST /second/download-video 200: a signed URL (relative to the back end) of the file. 400 downloadUnsupported otherwise. */
export const DownloadVideoResponseSchema = z.object({
  data: z.object({
    signedUrl: z.string(),
    /**
     * Origins (scheme://host:port) the signed URL may redirect to, e.g. a hosted back end's storage. The app follows
     * no redirect to any other origin than the signed URL's own, and never from https to http.
     */
    redirectOrigins: z.array(z.string().max(2048)).max(20).optional(),
  }),
});
/** DELETE /second/video/remove body: removes own videos for good. */
export const RemoveVideosBodySchema = IdentitySchema.extend({ video_ids: ids.min(1) });
