import type { Platform } from '../../../shared/constants';
import type { BrandSafety, Demographics, Topic } from '../../../shared/domain/video';
import type { VideoListItem } from '../../../shared/http/videos.schemas';

/** A videos row with the per-brand columns the list query adds. */
export interface VideoRow {
  id: string;
  brand_id: string;
  brand_name: string;
  title: string;
  platform: Platform;
  video_url: string;
  video_embedded_url: string | null;
  thumbnail_url: string | null;
  tiktok_id: string | null;
  added_by_bm: number;
  creator_id: string | null;
  creator_name: string | null;
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
  is_favorite: number;
  is_flagged: number;
  flag_reason: string | null;
  is_trashed: number;
  has_note: number;
}

/** Columns of VideoRow for `SELECT ... FROM videos v JOIN brands b ...`; bind the acting brand id 5 times. */
export const VIDEO_ROW_COLUMNS = `v.*, b.name AS brand_name, (SELECT c.name FROM creators c WHERE c.id = v.creator_id) AS creator_name,
  EXISTS (SELECT 1 FROM marks m WHERE m.mark = 'favorite' AND m.kind = 'video' AND m.brand_id = ? AND m.target_id = v.id) AS is_favorite,
  EXISTS (SELECT 1 FROM marks m WHERE m.mark = 'flag' AND m.kind = 'video' AND m.brand_id = ? AND m.target_id = v.id) AS is_flagged,
  (SELECT m.reason FROM marks m WHERE m.mark = 'flag' AND m.kind = 'video' AND m.brand_id = ? AND m.target_id = v.id) AS flag_reason,
  EXISTS (SELECT 1 FROM marks m WHERE m.mark = 'trash' AND m.kind = 'video' AND m.brand_id = ? AND m.target_id = v.id) AS is_trashed,
  EXISTS (SELECT 1 FROM notes n WHERE n.kind = 'video' AND n.target_id = v.id AND n.brand_id = ?) AS has_note`;

function parse<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** Signs URLs of local media files. */
export type SignFile = (file: string) => string;

/** A row as the list answers it; local media get fresh signed URLs. */
export function toListItem(row: VideoRow, actingBrandId: string, sign: SignFile, match: { start_time: number; content: string } | null = null): VideoListItem {
  const playable = row.media_file ? sign(row.media_file) : null;
  const ownStorage = row.video_url.startsWith('/media/');
  return {
    _id: row.id,
    brand_id: row.brand_id,
    manufacturer_ids: [row.brand_id],
    manufacturerName: row.brand_name,
    title: row.title,
    platform: row.platform,
    video_url: ownStorage && playable ? playable : row.video_url,
    video_embedded_url: ownStorage && playable ? playable : row.video_embedded_url,
    thumbnail_url: row.thumbnail_url,
    tiktok_id: row.tiktok_id,
    added_by_bm: row.added_by_bm === 1,
    creator_id: row.creator_id,
    creator_name: row.creator_name,
    category: row.category,
    language: row.language,
    scene: row.scene,
    pov: row.pov,
    audio_labels: parse<string[]>(row.audio_labels, []),
    topics: parse<Topic[]>(row.topics, []),
    brand_safety: parse<BrandSafety>(row.brand_safety, { visual_content: 'safe', foul_language: 'none' }),
    demographics: parse<Demographics>(row.demographics, { age_range: {}, ethnicity: {}, gender: {} }),
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
    duration_seconds: row.duration_seconds,
    media_file: row.media_file,
    published_at: row.published_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    playable_url: playable,
    is_competitor: row.brand_id !== actingBrandId,
    is_favorite: row.is_favorite === 1,
    is_flagged: row.is_flagged === 1,
    flag_reason: row.flag_reason,
    is_trashed: row.is_trashed === 1,
    has_note: row.has_note === 1,
    published: row.published === 1,
    transcript_match: match,
  };
}
