import { inList, type SqlClient } from '../../db/sqlClient';
import { asFlag } from '../products/catalogSql';
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
 * (which the list sorts and filters on) are written the same way by the seed. PostgreSQL divides and rounds in
 * numeric (its ROUND of a double rounds half to even; SQLite's and numeric's round half away from zero).
 */
export function creatorVideoFiguresSql(client: Pick<SqlClient, 'engine'>): string {
  if (client.engine === 'postgres') {
    return `(SELECT COUNT(*) FROM videos v WHERE v.creator_id = c.id) AS video_count,
  COALESCE((SELECT ROUND(CAST(SUM(v.views) AS numeric) / COUNT(*)) FROM videos v WHERE v.creator_id = c.id), 0) AS average_views_per_video,
  COALESCE((SELECT ROUND(100.0 * SUM(v.likes + v.comments) / NULLIF(SUM(v.views), 0), 2) FROM videos v WHERE v.creator_id = c.id), 0) AS average_engagement_index`;
  }
  return `(SELECT COUNT(*) FROM videos v WHERE v.creator_id = c.id) AS video_count,
  COALESCE((SELECT ROUND(CAST(SUM(v.views) AS REAL) / COUNT(*)) FROM videos v WHERE v.creator_id = c.id), 0) AS average_views_per_video,
  COALESCE((SELECT ROUND(100.0 * SUM(v.likes + v.comments) / NULLIF(SUM(v.views), 0), 2) FROM videos v WHERE v.creator_id = c.id), 0) AS average_engagement_index`;
}

type VideoKind = 'trending' | 'recent' | 'sponsored';
// NULLS LAST is SQLite's own order for DESC; PostgreSQL puts NULLs first unless told.
const VIDEO_LISTS: Record<VideoKind, { where: string; order: string }> = {
  trending: { where: "COALESCE(v.published_at, '') >= ?", order: 'v.views DESC, v.id DESC' },
  recent: { where: 'TRUE', order: 'v.published_at DESC NULLS LAST, v.id DESC' },
  sponsored: { where: 'v.sponsored = 1', order: 'v.published_at DESC NULLS LAST, v.id DESC' },
};

/** One creator: rows by id, its videos, products, brands, trackings, user, and edits (on either engine). */
export function createCreatorDetailRepository(sql: SqlClient) {
  const rowsSql = `SELECT c.*, b.name AS brand_name, ${creatorVideoFiguresSql(sql)},
  ${asFlag("EXISTS (SELECT 1 FROM notes n WHERE n.kind = 'influencer' AND n.target_id = c.id AND n.brand_id = ?)")} AS has_note
  FROM creators c JOIN brands b ON b.id = c.brand_id`;

  return {
    /** Rows by id (any order; missing ids are absent). `brandId` is the acting brand (notes). */
    rows(brandId: string, ids: readonly string[]): Promise<CreatorRow[]> {
      const list = inList(sql, 'c.id', ids);
      return sql.all<CreatorRow>(`${rowsSql} WHERE ${list.sql}`, [brandId, list.param]);
    },
    videos(creatorId: string, kind: VideoKind, since: string, limit: number): Promise<CatalogVideoRow[]> {
      const { where, order } = VIDEO_LISTS[kind];
      return sql.all<CatalogVideoRow>(
        `SELECT ${CATALOG_VIDEO_COLUMNS} FROM videos v LEFT JOIN creators c ON c.id = v.creator_id WHERE v.creator_id = ? AND ${where} ORDER BY ${order} LIMIT ?`,
        kind === 'trending' ? [creatorId, since, limit] : [creatorId, limit],
      );
    },
    async thumbnails(creatorId: string): Promise<string[]> {
      const rows = await sql.all<{ thumbnail_url: string }>(
        'SELECT thumbnail_url FROM videos WHERE creator_id = ? AND thumbnail_url IS NOT NULL ORDER BY published_at DESC NULLS LAST, id DESC LIMIT 8', [creatorId],
      );
      return rows.map((row) => row.thumbnail_url);
    },
    products: (creatorId: string) => sql.all<{ id: string; name: string; brand_id: string; category: string; pictures: string; videos: number }>(
      `SELECT p.id, p.name, p.brand_id, p.category, p.pictures, COUNT(*) AS videos FROM videos v JOIN video_products vp ON vp.video_id = v.id
        JOIN products p ON p.id = vp.product_id WHERE v.creator_id = ? GROUP BY p.id ORDER BY videos DESC, p.name LIMIT 100`, [creatorId]),
    brands: (creatorId: string) => sql.all<{ id: string; name: string; videos: number }>(
      `SELECT b.id, b.name, COUNT(DISTINCT v.id) AS videos FROM videos v JOIN video_products vp ON vp.video_id = v.id
        JOIN products p ON p.id = vp.product_id JOIN brands b ON b.id = p.brand_id WHERE v.creator_id = ? GROUP BY b.id ORDER BY videos DESC, b.name`, [creatorId]),
    trackings: (creatorId: string, from: string, to: string): Promise<TrackingRow[]> => sql.all<TrackingRow>(
      `SELECT date, comment_count, likes, sentiment_score, total_engagement, view_count, youtube_dislike_count, video_count
        FROM creator_daily_trackings WHERE creator_id = ? AND date >= ? AND date <= ? ORDER BY date`, [creatorId, from, to]),
    async lastTracked(creatorId: string): Promise<string | null> {
      const row = await sql.get<{ last: string | null }>('SELECT MAX(date) AS last FROM creator_daily_trackings WHERE creator_id = ?', [creatorId]);
      return row?.last ?? null;
    },
    /** Totals of the same videos the count and averages describe (the daily trackings are the platform's chart). */
    async totals(creatorId: string): Promise<{ views: number | null; likes: number | null; comments: number | null }> {
      const row = await sql.get<{ views: number | null; likes: number | null; comments: number | null }>(
        'SELECT SUM(views) AS views, SUM(likes) AS likes, SUM(comments) AS comments FROM videos WHERE creator_id = ?', [creatorId]);
      return row ?? { views: null, likes: null, comments: null };
    },
    async user(userId: string): Promise<{ id: string; first_name: string; last_name: string; email: string } | null> {
      return (await sql.get<{ id: string; first_name: string; last_name: string; email: string }>('SELECT id, first_name, last_name, email FROM users WHERE id = ?', [userId])) ?? null;
    },
    async update(creatorId: string, brandId: string, changes: CreatorChanges): Promise<void> {
      const setEmail = changes.email === undefined ? 0 : 1;
      await sql.run(
        `UPDATE creators SET name = COALESCE(?, name), email = CASE WHEN ? = 1 THEN ? ELSE email END, country = COALESCE(?, country),
          categories = COALESCE(?, categories), verified = COALESCE(?, verified) WHERE id = ? AND brand_id = ?`,
        [changes.name ?? null, setEmail, changes.email ?? null, changes.country ?? null, changes.categories ? JSON.stringify(changes.categories) : null,
          changes.verified === undefined ? null : Number(changes.verified), creatorId, brandId],
      );
    },
  };
}
export type CreatorDetailRepository = ReturnType<typeof createCreatorDetailRepository>;
