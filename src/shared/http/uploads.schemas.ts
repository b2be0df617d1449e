/**
 * Request and response schemas of getting videos in (spec §1, §7; issue 5): every upload source, the one-time PUT
 * target of the embedded back end and the analysis status. Paths are under `/second` unless a comment says `/jwt_api`
 * or `/media`. Every call may carry `brand_id` (cookie bId, an own brand) and `user_id` (cookie uId).
 *
 * Nothing here contacts YouTube, TikTok, Instagram, Dropbox or Google Drive: the embedded back end works offline and
 * derives what it can (platform, ids, embed URL, a title guess) from the shape of the URL.
 */
import { z } from 'zod';
import { PLATFORMS } from '../constants';
import { ANALYSIS_STAGES, TopicSchema, VideoSchema } from '../domain/video';
import { IdentitySchema, id } from './videoList.schemas';
import { AnalysisProgressSchema } from '../analysisProgress';

/** Byte limit of a video PUT unless REELSCOPE_UPLOAD_MAX_BYTES says otherwise (4 GiB). */
export const DEFAULT_UPLOAD_MAX_BYTES = 4 * 1024 ** 3;
/** Byte limit of a subtitle PUT. */
export const SUBTITLE_MAX_BYTES = 10 * 1024 ** 2;
/** Lifetime of an upload URL. */
export const UPLOAD_URL_TTL_MS = 60 * 60 * 1000;
/** Subtitle files the pipeline reads beside a video. */
export const SUBTITLE_EXTENSIONS = ['srt', 'vtt'] as const;
/** Content types a subtitle PUT may declare (text/plain is refused by the cross-site guard on every write). */
export const SUBTITLE_CONTENT_TYPES = ['application/x-subrip', 'text/vtt', 'application/octet-stream'] as const;

/** Texts of the upload refusals (shown to the person as they are). */
export const UPLOAD_MESSAGES = {
  notAVideo: 'Only video files can be uploaded: .mp4, .webm, .ogv, .ogg or .ogm.',
  notASubtitle: 'Only .srt or .vtt subtitle files can be uploaded beside a video.',
  tooLarge: 'The file is larger than the upload limit.',
  linkUsed: 'This upload link was already used or has expired. Ask for a new one.',
  unsupportedUrl: 'This link is not a YouTube, TikTok, Instagram, Dropbox or Google Drive video. Upload the file instead.',
  notInstagram: 'This is not an Instagram post, reel or TV link.',
} as const;

const url = z.string().trim().min(1).max(2048);
const title = z.string().trim().min(1).max(300);

/** What the back end can tell about a video URL without fetching it. */
export const UrlDetailsSchema = z.object({
  /** The URL with http:// prepended when it named neither http nor https (spec §5). */
  url: z.string(),
  platform: z.enum(PLATFORMS).nullable(),
  supported: z.boolean(),
  /** A title guessed from the URL (slug or id). */
  title: z.string(),
  video_embedded_url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  tiktok_id: z.string().nullable(),
  /** The platform's id of the video (YouTube id, TikTok id, Instagram shortcode, Drive file id, Dropbox path). */
  external_id: z.string().nullable(),
  message: z.string().nullable(),
});
export type UrlDetails = z.infer<typeof UrlDetailsSchema>;

/** A video just added: the fields the upload modal and the first-video tutorial need. */
export const AddedVideoSchema = VideoSchema.pick({
  _id: true, brand_id: true, title: true, platform: true, video_url: true, video_embedded_url: true, thumbnail_url: true,
  tiktok_id: true, analysis_stage: true, created_at: true,
});
export type AddedVideo = z.infer<typeof AddedVideoSchema>;
/** 200 of every route that adds a video; duplicate = the brand already had this URL (the existing video is answered). */
export const AddedVideoResponseSchema = z.object({ video: AddedVideoSchema, duplicate: z.boolean(), message: z.string() });

/** GET /second/video-metadata?url= (preview before submitting). */
export const VideoMetadataQuerySchema = IdentitySchema.extend({ url });
export const VideoMetadataResponseSchema = z.object({ data: UrlDetailsSchema });

/** POST /second/video/submit-video-url: multipart fields (or JSON) url, optional title. */
export const SubmitVideoUrlBodySchema = IdentitySchema.extend({ url, title: title.optional() });

/** POST /second/instagram_videos/fetch_videos_details (derived from the URL; nothing is fetched). */
export const InstagramDetailsBodySchema = IdentitySchema.extend({ videoUrl: url });
export const InstagramDetailsResponseSchema = z.object({
  data: UrlDetailsSchema.extend({ shortcode: z.string(), kind: z.enum(['post', 'reel', 'tv']), username: z.string().nullable(), fetched: z.literal(false) }),
});

/** PUT /jwt_api/videos/dropbox_videos/:id — :id is the Dropbox file id (or shared-link path); adds or updates that video. */
export const DropboxVideoParamsSchema = z.object({ id: z.string().min(1).max(200) });
export const DropboxVideoBodySchema = IdentitySchema.extend({ video_url: url, title: title.optional() });

/**
 * POST /second/video/create-upload-url/:x — :x is the file name (URL-encoded), checked against the video MIME map
 * (415 with UPLOAD_MESSAGES.notAVideo otherwise). Body: optional title, and videoId to re-issue URLs for an own video
 * whose file has not arrived yet (retry). Inserts the video ('pending', own storage) unless videoId is given.
 */
export const CreateUploadUrlParamsSchema = z.object({ x: z.string().min(1).max(255) });
export const CreateUploadUrlBodySchema = IdentitySchema.extend({ title: title.optional(), videoId: id.optional() }).default({});
/**
 * 200: `url` and `subtitleUrl` are one-time PUT targets relative to the back-end origin (`/media/upload/<token>`),
 * valid until expires_at. PUT the file with the `content_type` given (415 before any byte is read otherwise; 413 above
 * max_bytes). The .srt or .vtt goes to subtitleUrl (content type application/x-subrip or text/vtt).
 */
export const CreateUploadUrlResponseSchema = z.object({
  url: z.string(),
  videoId: z.string(),
  subtitleUrl: z.string(),
  method: z.literal('PUT'),
  content_type: z.string(),
  max_bytes: z.number().int(),
  expires_at: z.string(),
});

/** PUT /media/upload/:token 200. */
export const UploadTargetResponseSchema = z.object({
  videoId: z.string(),
  kind: z.enum(['video', 'subtitle']),
  bytes: z.number().int(),
  analysis_stage: z.enum(ANALYSIS_STAGES),
  message: z.string(),
});
export const UploadTokenParamsSchema = z.object({ token: z.string().min(20).max(100) });

/**
 * Where a transcript came from: an .srt/.vtt beside the video, a subtitle stream inside it, speech to text on this
 * device or the team server, a transcription service, the stored lines, or none.
 */
export const TRANSCRIPT_SOURCES = ['subtitle_file', 'embedded_stream', 'speech_to_text', 'transcription_service', 'stored', 'none'] as const;


/** The share of the video (0..1) each sound covers, the labels it earned, and its one-line classification. */
export const AudioFindingsSchema = z.object({
  shares: z.object({ speech: z.number(), music: z.number(), silence: z.number(), loud: z.number() }),
  labels: z.array(z.string()),
  classification: z.string(),
});
export type AudioFindings = z.infer<typeof AudioFindingsSchema>;

/** A product or brand named in the transcript. */
export const MentionSchema = z.object({
  kind: z.enum(['product', 'brand']),
  id: z.string(),
  name: z.string(),
  /** True when it belongs to a competitor of the video's brand. */
  competitor: z.boolean(),
  count: z.number().int(),
  first_time: z.number(),
  /**
   * The tone of the lines that name it, as line counts: for a competitor, the lines whose subject it is (they leave
   * the video's own shares) and, as neutral, those that only compare with it; for the brand's own names, every line
   * naming them. Absent in summaries stored before it was kept.
   */
  sentiment: z.object({ positive: z.number().int(), negative: z.number().int(), neutral: z.number().int() }).optional(),
});
export type Mention = z.infer<typeof MentionSchema>;

/** What the last analysis found (null fields before the first run completes). */
export const AnalysisSummarySchema = z.object({
  transcript_source: z.enum(TRANSCRIPT_SOURCES).nullable(),
  transcript_lines: z.number().int(),
  /** Why the transcript is empty or partial, e.g. no subtitles found; null when all went well. */
  note: z.string().nullable(),
  language: z.string().nullable(),
  sentiment: z.object({ positive: z.number(), negative: z.number(), neutral: z.number() }).nullable(),
  topics: z.array(TopicSchema),
  keywords: z.array(z.string()),
  foul_language: z.object({ level: z.enum(['none', 'mild', 'strong']), matches: z.number().int() }).nullable(),
  mentions: z.array(MentionSchema),
  runs: z.number().int(),
  completed_at: z.string().nullable(),
  /** Lines of text read on screen (the transcript's second track). */
  screen_lines: z.number().int().default(0),
  /** Seconds of speech found in the sound; null when the sound was not heard (no file, no audio stream, not analysed). */
  speech_seconds: z.number().nullable().default(null),
  /** What the sound holds; null when it was not heard. */
  audio: AudioFindingsSchema.nullable().default(null),
  /** The disclosure that marked the video sponsored, where it shows. */
  sponsor: z.object({ sponsored_by: z.string().nullable(), second: z.number(), phrase: z.string() }).nullable().default(null),
});
export type AnalysisSummary = z.infer<typeof AnalysisSummarySchema>;

/** GET /jwt_api/videos/:id/status 200 (the first-analysis poll reads analysis_stage). */
export const VideoStatusResponseSchema = z.object({
  video_id: z.string(),
  analysis_stage: z.enum(ANALYSIS_STAGES),
  /** When the current analysis is expected to finish (null when none runs). */
  due_at: z.string().nullable(),
  analysis: AnalysisSummarySchema,
  /**
   * The running analysis's step and how far it is (issue 41); null when none runs. Optional while back ends that
   * do not report it answer (read as null). A move is announced on the change stream (kind 'analysis', video_id).
   */
  progress: AnalysisProgressSchema.nullable().optional(),
  /** The sentence of the last run's failure (an AnalysisFault's message), e.g. "Transcription failed: the service refused the key"; null when it did not fail. */
  failure: z.string().nullable().optional(),
  /** Runs tried for the current analysis (a service that asked to wait is tried again later). */
  attempts: z.number().int().optional(),
});
export type VideoStatusResponse = z.infer<typeof VideoStatusResponseSchema>;

/**
 * POST /jwt_api/videos/:id/media (issue 41): attaches the brand's own copy of a link video (YouTube, TikTok,
 * Instagram) as multipart field `file` (the video MIME map as for uploads; 415 with UPLOAD_MESSAGES.notAVideo, 413
 * above the upload limit). The file becomes the video's media_file and it is analysed like an upload. 200: the status.
 */
export const ATTACH_MEDIA_FIELD = 'file';
export const AttachMediaParamsSchema = z.object({ id });
export const AttachMediaResponseSchema = VideoStatusResponseSchema;
export type AttachMediaResponse = z.infer<typeof AttachMediaResponseSchema>;
