import type Database from 'better-sqlite3';
import { CATALOG_VIDEO_COLUMNS, type CatalogVideoRow } from '../products/productDetailRepository';

/** A creator row with the acting brand's view. */
export interface CreatorRow {
  id: string;
  brand_id: string;
  brand_name: string;
  user_id: string | null;
  name: string;
  handle: string;
  platform: string;
  email: string | null;
  email_valid: number | null;
  country: string;
  language: string;
  subscribers: number;
  video_count: number;
  creator_type: 'brand' | 'expert' | 'fan' | 'press';
  verified: number;
  picture: string | null;
  categories: string;
  latest_platform_video_published_at: string | null;
  demographics: string;
  sentiment_positive: number;
  sentiment_negative: number;
  average_views_per_video: number;
  average_engagement_index: number;
  influencer_performance_index: number;
  has_note: number;
}

export interface TrackingRow {
  date: string;
  comment_count: number;
  likes: number;
  sentiment_score: number;
  total_engagement: number;
  view_count: number;
  youtube_dislike_count: number;
  video_count: number;
}

export interface CreatorChanges {
  name?: string;
  email?: string | null;
  country?: string;
  categories?: string[];
  verified?: boolean;
}

/**
 * A creator's figures follow from its videos in the workspace, so they add up wherever they are shown: the count,
 * views per video (total ÷ count) and the engagement index (likes and comments per 100 views). The stored columns
 * (which the list sorts and filters on) are written the same way by the seed.
 */
export const CREATOR_VIDEO_FIGURES_SQL = `(SELECT COUNT(*) FROM videos v WHERE v.creator_id = c.id) AS video_count,
  COALESCE((SELECT ROUND(CAST(SUM(v.views) AS REAL) / COUNT(*)) FROM videos v WHERE v.creator_id = c.id), 0) AS average_views_per_video,
  COALESCE((SELECT ROUND(100.0 * SUM(v.likes + v.comments) / NULLIF(SUM(v.views), 0), 2) FROM videos v WHERE v.creator_id = c.id), 0) AS average_engagement_index`;

const ROWS_SQL = `SELECT c.*, b.name AS brand_name, ${CREATOR_VIDEO_FIGURES_SQL},
  EXISTS (SELECT 1 FROM notes n WHERE n.kind = 'influencer' AND n.target_id = c.id AND n.brand_id = ?) AS has_note
  FROM creators c JOIN brands b ON b.id = c.brand_id`;

/** One creator: rows by id, its videos, products, brands, trackings, user, and edits. */
export function createCreatorDetailRepository(db: Database.Database) {
  const byIds = db.prepare(`${ROWS_SQL} WHERE c.id IN (SELECT value FROM json_each(?))`);
  const videosSql = (where: string, order: string) =>
    db.prepare(`SELECT ${CATALOG_VIDEO_COLUMNS} FROM videos v LEFT JOIN creators c ON c.id = v.creator_id WHERE v.creator_id = ? AND ${where} ORDER BY ${order} LIMIT ?`);
  const trending = videosSql("COALESCE(v.published_at, '') >= ?", 'v.views DESC, v.id DESC');
  const recent = videosSql('1', 'v.published_at DESC, v.id DESC');
  const sponsored = videosSql('v.sponsored = 1', 'v.published_at DESC, v.id DESC');
  const thumbnails = db.prepare('SELECT thumbnail_url FROM videos WHERE creator_id = ? AND thumbnail_url IS NOT NULL ORDER BY published_at DESC, id DESC LIMIT 8').pluck();
  const products = db.prepare(`SELECT p.id, p.name, p.brand_id, p.category, p.pictures, COUNT(*) AS videos FROM videos v JOIN video_products vp ON vp.video_id = v.id
    JOIN products p ON p.id = vp.product_id WHERE v.creator_id = ? GROUP BY p.id ORDER BY videos DESC, p.name LIMIT 100`);
  const brands = db.prepare(`SELECT b.id, b.name, COUNT(DISTINCT v.id) AS videos FROM videos v JOIN video_products vp ON vp.video_id = v.id
    JOIN products p ON p.id = vp.product_id JOIN brands b ON b.id = p.brand_id WHERE v.creator_id = ? GROUP BY b.id ORDER BY videos DESC, b.name`);
  const trackings = db.prepare(`SELECT date, comment_count, likes, sentiment_score, total_engagement, view_count, youtube_dislike_count, video_count
    FROM creator_daily_trackings WHERE creator_id = ? AND date >= ? AND date <= ? ORDER BY date`);
  const lastTracking = db.prepare('SELECT MAX(date) FROM creator_daily_trackings WHERE creator_id = ?').pluck();
  // Totals of the same videos the count and averages describe (the daily trackings are the platform's chart).
  const totals = db.prepare('SELECT SUM(views) AS views, SUM(likes) AS likes, SUM(comments) AS comments FROM videos WHERE creator_id = ?');
  const user = db.prepare('SELECT id, first_name, last_name, email FROM users WHERE id = ?');
  const update = db.prepare(`UPDATE creators SET name = COALESCE(@name, name), email = CASE WHEN @setEmail = 1 THEN @email ELSE email END,
    country = COALESCE(@country, country), categories = COALESCE(@categories, categories), verified = COALESCE(@verified, verified) WHERE id = @id AND brand_id = @brandId`);

  return {
    /** Rows by id (any order; missing ids are absent). `brandId` is the acting brand (notes). */
    rows(brandId: string, ids: readonly string[]): CreatorRow[] {
      return byIds.all(brandId, JSON.stringify(ids)) as CreatorRow[];
    },
    videos(creatorId: string, kind: 'trending' | 'recent' | 'sponsored', since: string, limit: number): CatalogVideoRow[] {
      if (kind === 'trending') return trending.all(creatorId, since, limit) as CatalogVideoRow[];
      return (kind === 'recent' ? recent : sponsored).all(creatorId, limit) as CatalogVideoRow[];
    },
    thumbnails: (creatorId: string): string[] => thumbnails.all(creatorId) as string[],
    products: (creatorId: string) => products.all(creatorId) as { id: string; name: string; brand_id: string; category: string; pictures: string; videos: number }[],
    brands: (creatorId: string) => brands.all(creatorId) as { id: string; name: string; videos: number }[],
    trackings: (creatorId: string, from: string, to: string): TrackingRow[] => trackings.all(creatorId, from, to) as TrackingRow[],
    lastTracked: (creatorId: string): string | null => lastTracking.get(creatorId) as string | null,
    totals: (creatorId: string) => totals.get(creatorId) as { views: number | null; likes: number | null; comments: number | null },
    user: (userId: string) => (user.get(userId) as { id: string; first_name: string; last_name: string; email: string } | undefined) ?? null,
    update(creatorId: string, brandId: string, changes: CreatorChanges): void {
      update.run({
        id: creatorId, brandId, name: changes.name ?? null, setEmail: changes.email === undefined ? 0 : 1, email: changes.email ?? null, country: changes.country ?? null,
        categories: changes.categories ? JSON.stringify(changes.categories) : null, verified: changes.verified === undefined ? null : Number(changes.verified),
      });
    },
  };
}
export type CreatorDetailRepository = ReturnType<typeof createCreatorDetailRepository>;
