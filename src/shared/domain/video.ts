import { z } from 'zod';
import { PLATFORMS } from '../constants';
import { NotAnalysedSchema } from '../rules/analysedParts';
import { TRANSCRIPT_TRACKS } from '../analysisProgress';

/** Analysis pipeline stages; 'completed' is the one the app checks (spec §3). */
export const ANALYSIS_STAGES = ['pending', 'processing', 'completed'] as const;
export const VISUAL_CONTENT_LEVELS = ['safe', 'caution', 'unsafe'] as const;
export const FOUL_LANGUAGE_LEVELS = ['none', 'mild', 'strong'] as const;
export const LINE_SENTIMENTS = ['positive', 'negative', 'neutral'] as const;

/** Share (0..1) per bucket, e.g. {"18-24": 0.31, "25-30": 0.22}. */
export const ShareMapSchema = z.record(z.string(), z.number().min(0).max(1));

export const DemographicsSchema = z.object({
  age_range: ShareMapSchema,
  ethnicity: ShareMapSchema,
  gender: ShareMapSchema,
});
export type Demographics = z.infer<typeof DemographicsSchema>;

/** Brand safety labels; null where that part was not analysed (no image engine, no transcript), never a default "safe". */
export const BrandSafetySchema = z.object({
  visual_content: z.enum(VISUAL_CONTENT_LEVELS).nullable(),
  foul_language: z.enum(FOUL_LANGUAGE_LEVELS).nullable(),
});
export type BrandSafety = z.infer<typeof BrandSafetySchema>;

export const TopicSchema = z.object({ topic: z.string(), subTopics: z.array(z.string()) });
export type Topic = z.infer<typeof TopicSchema>;

/** One timed transcript line (spec §3 transcript record item, plus sentiment and speaker). */
export const TranscriptLineSchema = z.object({
  line_no: z.number().int().nonnegative(),
  start_time: z.number().nonnegative(),
  content: z.string(),
  sentiment: z.enum(LINE_SENTIMENTS),
  speaker: z.string().nullable(),
  /** Where the line comes from: said (speech, the default when absent) or written in the picture (screen, OCR). */
  track: z.enum(TRANSCRIPT_TRACKS).optional(),
  /** A line of text on screen shows until then; null for speech. */
  end_time: z.number().nonnegative().nullable().optional(),
});
export type TranscriptLine = z.infer<typeof TranscriptLineSchema>;

/** A video as the back end returns it (spec §3 Video; manufacturer_ids are the owning brand ids). */
export const VideoSchema = z.object({
  _id: z.string(),
  brand_id: z.string(),
  manufacturer_ids: z.array(z.string()),
  manufacturerName: z.string().optional(),
  title: z.string(),
  platform: z.enum(PLATFORMS),
  video_url: z.string(),
  video_embedded_url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  tiktok_id: z.string().nullable(),
  added_by_bm: z.boolean(),
  creator_id: z.string().nullable(),
  category: z.string().nullable(),
  language: z.string(),
  scene: z.string().nullable(),
  pov: z.string().nullable(),
  audio_labels: z.array(z.string()),
  topics: z.array(TopicSchema),
  brand_safety: BrandSafetySchema,
  demographics: DemographicsSchema,
  sentiment: z.object({ positive: z.number(), negative: z.number() }),
  views: z.number().int(),
  likes: z.number().int(),
  comments: z.number().int(),
  sponsored: z.boolean(),
  sponsored_by: z.string().nullable(),
  analysis_stage: z.enum(ANALYSIS_STAGES),
  audio_classification: z.string().nullable(),
  licensing_duration: z.string().nullable(),
  licensing_price: z.number().nullable(),
  sentiment_feedback_like: z.boolean().nullable(),
  /** The parts of the analysis with no result, each with why (null: analysed). */
  not_analysed: NotAnalysedSchema,
  duration_seconds: z.number(),
  media_file: z.string().nullable(),
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Video = z.infer<typeof VideoSchema>;
