import type { Platform } from '../../../shared/constants';
import type { BrandSafety, Demographics, Topic } from '../../../shared/domain/video';
import type { VideoDetail, VideoListItem } from '../../../shared/http/videos.schemas';
import { hasAudienceShares, notAnalysedParts, type NotAnalysed } from '../../../shared/rules/analysedParts';

/** The per-brand columns VIDEO_BRAND_STATE_COLUMNS adds to a videos row (0/1 on both engines: PostgreSQL's EXISTS is a boolean). */
interface BrandStateColumns {
  brand_name: string;
  creator_name: string | null;
  is_favorite: number;
  is_flagged: number;
}

/** The columns of a list row (VIDEO_LIST_COLUMNS): only what VideoListItem carries. */
export interface VideoListRow extends BrandStateColumns {
  id: string;
  brand_id: string;
  title: string;
  platform: Platform;
  thumbnail_url: string | null;
  analysis_stage: 'pending' | 'processing' | 'completed';
  sentiment_positive: number;
  sentiment_negative: number;
  views: number;
  created_at: string;
  published_at: string | null;
  published: number;
  /** 1 when the video has a transcript line (its speech was read). */
  has_transcript: number;
}

/** A whole videos row with the per-brand columns (VIDEO_ROW_COLUMNS). */
export interface VideoRow extends BrandStateColumns {
  id: string;
  brand_id: string;
  title: string;
  platform: Platform;
  video_url: string;
  video_embedded_url: string | null;
  thumbnail_url: string | null;
  tiktok_id: string | null;
  added_by_bm: number;
  creator_id: string | null;
  category: string | null;
  language: string;
  scene: string | null;
  pov: string | null;
  audio_labels: string;
  topics: string;
  brand_safety: string;
  demographics: string;
  sentiment_positive: number;
  sentiment_negative: number;
  views: number;
  likes: number;
  comments: number;
  sponsored: number;
  sponsored_by: string | null;
  analysis_stage: 'pending' | 'processing' | 'completed';
  audio_classification: string | null;
  licensing_duration: string | null;
  licensing_price: number | null;
  sentiment_feedback_like: number | null;
  duration_seconds: number;
  media_file: string | null;
  published_at: string | null;
  created_at: string;
  updated_at: string;
  published: number;
  flag_reason: string | null;
  is_trashed: number;
  has_note: number;
  /** 1 when the video has a transcript line (its speech was read), as the list index's `felt`. */
  has_transcript: number;
  /** The share of the video each sound covers (JSON), once its sound was heard; null before. */
  audio_label_shares?: string | null;
}

/**
 * The brand's name, the creator's name, the acting person's favorite and the acting brand's flag the list shows; bind
 * the acting brand id, the acting user id, the acting brand id.
 */
const VIDEO_BRAND_STATE_COLUMNS = `b.name AS brand_name, (SELECT c.name FROM creators c WHERE c.id = v.creator_id) AS creator_name,
  CASE WHEN EXISTS (SELECT 1 FROM favorites f WHERE f.kind = 'video' AND f.brand_id = ? AND f.user_id = ? AND f.target_id = v.id) THEN 1 ELSE 0 END AS is_favorite,
  CASE WHEN EXISTS (SELECT 1 FROM marks m WHERE m.mark = 'flag' AND m.kind = 'video' AND m.brand_id = ? AND m.target_id = v.id) THEN 1 ELSE 0 END AS is_flagged`;

/** The acting brand's marks only the detail answers; bind the acting brand id 3 times. */
const VIDEO_DETAIL_MARK_COLUMNS = `(SELECT m.reason FROM marks m WHERE m.mark = 'flag' AND m.kind = 'video' AND m.brand_id = ? AND m.target_id = v.id) AS flag_reason,
  CASE WHEN EXISTS (SELECT 1 FROM marks m WHERE m.mark = 'trash' AND m.kind = 'video' AND m.brand_id = ? AND m.target_id = v.id) THEN 1 ELSE 0 END AS is_trashed,
  CASE WHEN EXISTS (SELECT 1 FROM notes n WHERE n.kind = 'video' AND n.target_id = v.id AND n.brand_id = ?) THEN 1 ELSE 0 END AS has_note`;

/** Whether the video's speech was read (a transcript line), as the list index's `felt`; binds nothing. */
const HAS_TRANSCRIPT = 'CASE WHEN EXISTS (SELECT 1 FROM transcript_lines tl WHERE tl.video_id = v.id) THEN 1 ELSE 0 END AS has_transcript';

/** Columns of VideoRow for `SELECT ... FROM videos v JOIN brands b ...`; bind brand, user, then the brand 4 times. */
export const VIDEO_ROW_COLUMNS = `v.*, ${VIDEO_BRAND_STATE_COLUMNS}, ${VIDEO_DETAIL_MARK_COLUMNS}, ${HAS_TRANSCRIPT}`;

/** Columns of VideoListRow for `SELECT ... FROM videos v JOIN brands b ...`; bind brand, user, brand. */
export const VIDEO_LIST_COLUMNS = `v.id, v.brand_id, v.title, v.platform, v.thumbnail_url, v.analysis_stage, v.sentiment_positive,
  v.sentiment_negative, v.views, v.created_at, v.published_at, v.published, ${VIDEO_BRAND_STATE_COLUMNS}, ${HAS_TRANSCRIPT}`;

function parse<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** Which parts of a stored video were analysed (the shared rule), from its row. */
export function notAnalysedOf(row: Pick<VideoRow, 'analysis_stage' | 'media_file' | 'has_transcript' | 'brand_safety' | 'demographics' | 'sponsored' | 'audio_label_shares'>): NotAnalysed {
  const safety = parse<Partial<BrandSafety>>(row.brand_safety, {});
  return notAnalysedParts({
    analysis_stage: row.analysis_stage,
    onThisComputer: row.media_file !== null,
    hasTranscript: row.has_transcript === 1,
    soundHeard: row.audio_label_shares != null,
    visualKnown: typeof safety.visual_content === 'string',
    demographicsKnown: hasAudienceShares(parse<unknown>(row.demographics, null)),
    sponsored: row.sponsored === 1,
  });
}

/** Signs URLs of local media files. */
export type SignFile = (file: string) => string;

/** The acting brand's view of a row, shared by list rows and the detail. */
function brandState(row: VideoListRow | VideoRow, actingBrandId: string) {
  return {
    manufacturerName: row.brand_name,
    creator_name: row.creator_name,
    is_competitor: row.brand_id !== actingBrandId,
    is_favorite: row.is_favorite === 1,
    is_flagged: row.is_flagged === 1,
    published: row.published === 1,
  };
}

/** A list row as the list answers it (no URLs to sign, no JSON columns to parse). */
export function toListItem(row: VideoListRow, actingBrandId: string, match: { start_time: number; content: string } | null = null): VideoListItem {
  return {
    _id: row.id,
    manufacturer_ids: [row.brand_id],
    title: row.title,
    platform: row.platform,
    thumbnail_url: row.thumbnail_url,
    analysis_stage: row.analysis_stage,
    // The stored 0 and 0 of a video never heard are no sentiment: the row shows none rather than an empty bar.
    sentiment: row.has_transcript === 1 ? { positive: row.sentiment_positive, negative: row.sentiment_negative } : null,
    views: row.views,
    created_at: row.created_at,
    published_at: row.published_at,
    ...brandState(row, actingBrandId),
    transcript_match: match,
  };
}

/** The whole video as the detail answers it (without the detail-only extras); local media get fresh signed URLs. */
export type VideoView = Omit<VideoDetail, 'can_download' | 'product_ids'>;

/** A whole row as the acting brand sees it; local media get fresh signed URLs. */
export function toVideoView(row: VideoRow, actingBrandId: string, sign: SignFile): VideoView {
  const safety = parse<Partial<BrandSafety>>(row.brand_safety, {});
  const demographics = parse<Demographics>(row.demographics, { age_range: {}, ethnicity: {}, gender: {} });
  const playable = row.media_file ? sign(row.media_file) : null;
  const ownStorage = row.video_url.startsWith('/media/');
  return {
    _id: row.id,
    brand_id: row.brand_id,
    manufacturer_ids: [row.brand_id],
    title: row.title,
    platform: row.platform,
    video_url: ownStorage && playable ? playable : row.video_url,
    video_embedded_url: ownStorage && playable ? playable : row.video_embedded_url,
    thumbnail_url: row.thumbnail_url,
    tiktok_id: row.tiktok_id,
    added_by_bm: row.added_by_bm === 1,
    creator_id: row.creator_id,
    category: row.category,
    language: row.language,
    scene: row.scene,
    pov: row.pov,
    audio_labels: parse<string[]>(row.audio_labels, []),
    topics: parse<Topic[]>(row.topics, []),
    brand_safety: { visual_content: safety.visual_content ?? null, foul_language: row.has_transcript === 1 ? safety.foul_language ?? null : null },
    demographics,
    sentiment: { positive: row.sentiment_positive, negative: row.sentiment_negative },
    views: row.views,
    likes: row.likes,
    comments: row.comments,
    sponsored: row.sponsored === 1,
    sponsored_by: row.sponsored_by,
    analysis_stage: row.analysis_stage,
    audio_classification: row.audio_classification,
    licensing_duration: row.licensing_duration,
    licensing_price: row.licensing_price,
    sentiment_feedback_like: row.sentiment_feedback_like === null ? null : row.sentiment_feedback_like === 1,
    not_analysed: notAnalysedOf(row),
    duration_seconds: row.duration_seconds,
    media_file: row.media_file,
    published_at: row.published_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    ...brandState(row, actingBrandId),
    flag_reason: row.flag_reason,
    is_trashed: row.is_trashed === 1,
    has_note: row.has_note === 1,
    playable_url: playable,
    transcript_match: null,
  };
}
