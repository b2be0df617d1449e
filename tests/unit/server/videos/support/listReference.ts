import type Database from 'better-sqlite3';
import { VideoListQuerySchema, type VideoListQuery } from '../../../../../src/shared/http/videos.schemas';
import { dateWindow } from '../../../../../src/server/repositories/videos/videoDates';
import { andAll, FAVORITE_IDS, favoritesOwner, tabSql, type BrandScope, type SqlPart } from '../../../../../src/server/repositories/videos/videoScope';
import { filtersSql, searchSql } from './listReferenceFilters';

const MEASURED = 'EXISTS (SELECT 1 FROM transcript_lines tl WHERE tl.video_id = v.id)';

function orderSql(query: VideoListQuery): SqlPart {
  const dir = query.desc ? 'DESC' : 'ASC';
  switch (query.sort) {
    // A video with no transcript line has no sentiment: last in either direction.
    case 'highest_sentiment':
      return { sql: `${MEASURED} DESC, v.sentiment_positive DESC, v.id DESC`, params: [] };
    case 'lowest_sentiment':
      return { sql: `${MEASURED} DESC, v.sentiment_positive ASC, v.id ASC`, params: [] };
    case 'newest_videos':
      return { sql: 'v.published_at DESC, v.id DESC', params: [] };
    case 'oldest_videos':
      return { sql: 'v.published_at ASC, v.id ASC', params: [] };
    case 'favorite_videos':
      return { sql: `v.id IN (${FAVORITE_IDS('video')}) DESC, v.created_at DESC, v.id DESC`, params: [] };
    case 'created_at':
      return { sql: `v.created_at ${dir}, v.id ${dir}`, params: [] };
  }
}

/**
 * Every id matching a list query (the query string as the route reads it) in list order, answered by SQL over the
 * SQLite file: the meaning of spec §3's list written once more, independently of the in-memory index it checks.
 */
export function referenceIds(db: Database.Database, scope: BrandScope, rawQuery: Record<string, unknown>, now: Date): string[] {
  // As the route receives it: every value a string (objects as JSON), repeated keys as arrays.
  const strings: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(rawQuery)) {
    if (value === undefined) continue;
    strings[key] = Array.isArray(value) ? value.map(String) : typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  const query = VideoListQuerySchema.parse(strings);
  const window = dateWindow(query.date, now, query);
  const where = andAll([
    tabSql(query.tab, scope),
    filtersSql(query.filters, scope.brandId),
    searchSql(query.search, query.search_in === 'transcript'),
    window.start === null ? null : { sql: 'v.created_at >= ?', params: [window.start] },
    { sql: 'v.created_at <= ?', params: [window.end] },
  ]);
  const order = orderSql(query);
  const needsBrand = query.sort === 'favorite_videos' ? [scope.brandId, favoritesOwner(scope)] : [];
  return db.prepare(`SELECT v.id FROM videos v WHERE ${where.sql} ORDER BY ${order.sql}`).pluck().all(...where.params, ...needsBrand) as string[];
}
