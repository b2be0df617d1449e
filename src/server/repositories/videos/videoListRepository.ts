import type Database from 'better-sqlite3';
import type { VideoListItem, VideoListQuery } from '../../../shared/http/videos.schemas';
import { dayBefore, type DateWindow } from './videoDates';
import { filtersSql, searchSql, type TranscriptJoin } from './videoFilterSql';
import { toListItem, VIDEO_ROW_COLUMNS, type SignFile, type VideoRow } from './videoRows';
import { andAll, likeContains, markedSql, tabSql, type BrandScope, type SqlPart } from './videoScope';

/** Count and averages of a filtered list (spec §3 response `data`). */
export interface ListSummary {
  count: number;
  yesterday: number;
  sentiment: { positive: number; negative: number };
}

const CACHE_LIMIT = 200;
/** Candidate videos a probing transcript search may walk for one page before the set join is cheaper. */
const PROBE_BUDGET = 2000;

function orderSql(query: VideoListQuery): SqlPart {
  const dir = query.desc ? 'DESC' : 'ASC';
  switch (query.sort) {
    case 'highest_sentiment':
      return { sql: 'v.sentiment_positive DESC, v.id DESC', params: [] };
    case 'lowest_sentiment':
      return { sql: 'v.sentiment_positive ASC, v.id ASC', params: [] };
    case 'newest_videos':
      return { sql: 'v.published_at DESC, v.id DESC', params: [] };
    case 'oldest_videos':
      return { sql: 'v.published_at ASC, v.id ASC', params: [] };
    case 'favorite_videos':
      return { sql: `${markedSql('favorite')} DESC, v.created_at DESC, v.id DESC`, params: [] };
    case 'created_at':
      return { sql: `v.created_at ${dir}, v.id ${dir}`, params: [] };
  }
}

/**
 * For the own brand's tab (brand_id = ?), the index whose order is the sort's: walking it and stopping at LIMIT keeps a
 * page's cost independent of the workspace size (left alone, the planner may pick a filter's index and sort everything).
 */
function orderedIndex(query: VideoListQuery): string {
  if (query.tab !== 'My Videos') return '';
  if (query.sort === 'favorite_videos') return '';
  switch (query.sort) {
    case 'highest_sentiment':
    case 'lowest_sentiment':
      return 'INDEXED BY videos_brand_sentiment';
    case 'newest_videos':
    case 'oldest_videos':
      return 'INDEXED BY videos_brand_published';
    case 'created_at':
      return 'INDEXED BY videos_brand_created';
  }
  return '';
}

/**
 * My Videos and Competition select by brand, so the covering index videos_brand_list (every scalar filter column, sort
 * keys, summed values and id) answers counts and selective pages without reading the wide video rows.
 */
const coverIndex = (query: VideoListQuery): string => (query.tab === 'My Videos' || query.tab === 'Competition' ? 'INDEXED BY videos_brand_list' : '');

/** The list, its count and its ids, filtered, sorted and paged in SQL. Summaries are cached until the database changes. */
export function createVideoListRepository(db: Database.Database) {
  const version = db.prepare('SELECT total_changes()').pluck();
  const summaries = new Map<string, ListSummary>();
  const rowsByIds = db.prepare(`SELECT ${VIDEO_ROW_COLUMNS} FROM videos v JOIN brands b ON b.id = v.brand_id WHERE v.id IN (SELECT value FROM json_each(?))`);
  const firstMatch = db.prepare("SELECT start_time, content FROM transcript_lines WHERE video_id = ? AND content LIKE ? ESCAPE '\\' ORDER BY line_no LIMIT 1");
  const brandVideos = db.prepare('SELECT COUNT(*) FROM videos WHERE brand_id = ?').pluck() as unknown as { get(brandId: string): number };
  const newestByCount = new Map<number, Database.Statement>();
  const newest = (count: number): Database.Statement => {
    let statement = newestByCount.get(count);
    if (!statement) {
      statement = db.prepare(`SELECT MAX(created_at) FROM videos WHERE brand_id IN (${Array.from({ length: count }, () => '?').join(',')})`).pluck();
      newestByCount.set(count, statement);
    }
    return statement;
  };

  /**
   * Walking the sort order stops at LIMIT, which is cheap while matches are dense (about PROBE_BUDGET brand videos
   * walked for the page); sparser matches are found faster in the covering index and sorted (top-N sort of the matches).
   */
  const pageIndex = (query: VideoListQuery, scope: BrandScope, matching: number): string => {
    const ordered = orderedIndex(query);
    if (query.sort === 'favorite_videos') return query.search === '' ? coverIndex(query) : '';
    if (ordered === '' || query.search !== '') return ordered;
    const walked = (query.page * query.per_page * brandVideos.get(scope.brandId)) / Math.max(1, matching);
    return walked <= PROBE_BUDGET ? ordered : coverIndex(query);
  };

  const whereOf = (scope: BrandScope, query: VideoListQuery, window: DateWindow, join: TranscriptJoin = 'set'): SqlPart =>
    andAll([
      tabSql(query.tab, scope),
      filtersSql(query.filters, scope.brandId),
      searchSql(query.search, query.search_in === 'transcript', join),
      window.start === null ? null : { sql: 'v.created_at >= ?', params: [window.start] },
      { sql: 'v.created_at <= ?', params: [window.end] },
    ]);

  const cacheKey = (scope: BrandScope, query: VideoListQuery, window: DateWindow): string =>
    JSON.stringify([version.get(), scope.brandId, query.tab, query.search, query.search_in, window, query.filters ?? null]);

  return {
    /** The end of date windows: the clock, or the newest video of the brand and its competitors when that is earlier. */
    referenceTime(scope: BrandScope, now: Date): Date {
      const brands = [scope.brandId, ...scope.competitorIds];
      const latest = newest(brands.length).get(...brands) as string | null;
      return latest && Date.parse(latest) < now.getTime() ? new Date(latest) : now;
    },

    /** Count, videos of the 24 hours before the window end, and average sentiment of the matching videos. */
    summary(scope: BrandScope, query: VideoListQuery, window: DateWindow): ListSummary {
      const key = cacheKey(scope, query, window);
      const cached = summaries.get(key);
      if (cached) return cached;
      const where = whereOf(scope, query, window);
      const row = db
        .prepare(`SELECT COUNT(*) AS count, COALESCE(SUM(v.created_at >= ?), 0) AS yesterday, COALESCE(AVG(v.sentiment_positive), 0) AS positive,
          COALESCE(AVG(v.sentiment_negative), 0) AS negative FROM videos v ${coverIndex(query)} WHERE ${where.sql}`)
        .get(dayBefore(window.end), ...where.params) as { count: number; yesterday: number; positive: number; negative: number };
      const summary: ListSummary = {
        count: row.count,
        yesterday: row.yesterday,
        sentiment: { positive: Math.round(row.positive * 1000) / 1000, negative: Math.round(row.negative * 1000) / 1000 },
      };
      if (summaries.size >= CACHE_LIMIT) summaries.delete(summaries.keys().next().value ?? '');
      summaries.set(key, summary);
      return summary;
    },

    /**
     * One page of rows in list order. `matching` (the summary's count) picks how a transcript search joins: probing per
     * video while walking the sort order pays off when matches are dense enough to fill the page within ~2000 videos.
     */
    page(scope: BrandScope, query: VideoListQuery, window: DateWindow, sign: SignFile, matching: number): VideoListItem[] {
      const wanted = query.page * query.per_page;
      if (matching <= (query.page - 1) * query.per_page) return [];
      const ascii = /^[\x20-\x7e]*$/.test(query.search);
      const join: TranscriptJoin = ascii && matching > 0 && (wanted * brandVideos.get(scope.brandId)) / matching <= PROBE_BUDGET ? 'probe' : 'set';
      const where = whereOf(scope, query, window, join);
      const order = orderSql(query);
      const needsBrand = query.sort === 'favorite_videos' ? [scope.brandId] : [];
      const ids = db
        .prepare(`SELECT v.id FROM videos v ${pageIndex(query, scope, matching)} WHERE ${where.sql} ORDER BY ${order.sql} LIMIT ? OFFSET ?`)
        .pluck()
        .all(...where.params, ...needsBrand, query.per_page, (query.page - 1) * query.per_page) as string[];
      if (ids.length === 0) return [];
      const b = scope.brandId;
      const rows = new Map((rowsByIds.all(b, b, b, b, b, JSON.stringify(ids)) as VideoRow[]).map((row) => [row.id, row]));
      const transcriptLike = query.search_in === 'transcript' && query.search !== '' ? likeContains(query.search) : null;
      return ids.flatMap((id) => {
        const row = rows.get(id);
        if (!row) return [];
        const match = transcriptLike ? ((firstMatch.get(id, transcriptLike) as { start_time: number; content: string } | undefined) ?? null) : null;
        return [toListItem(row, b, sign, match)];
      });
    },

    /** Every matching id in list order (select all N matching). */
    ids(scope: BrandScope, query: VideoListQuery, window: DateWindow): { video_id: string; manufacturer_ids: string[] }[] {
      const where = whereOf(scope, query, window);
      const order = orderSql(query);
      const needsBrand = query.sort === 'favorite_videos' ? [scope.brandId] : [];
      const rows = db
        .prepare(`SELECT v.id, v.brand_id FROM videos v WHERE ${where.sql} ORDER BY ${order.sql}`)
        .all(...where.params, ...needsBrand) as { id: string; brand_id: string }[];
      return rows.map((row) => ({ video_id: row.id, manufacturer_ids: [row.brand_id] }));
    },

    /** The query plan of the page query (used by tests and the bench to check index use). */
    explainPage(scope: BrandScope, query: VideoListQuery, window: DateWindow): string[] {
      const where = whereOf(scope, query, window);
      const order = orderSql(query);
      const needsBrand = query.sort === 'favorite_videos' ? [scope.brandId] : [];
      return (
        db.prepare(`EXPLAIN QUERY PLAN SELECT v.id FROM videos v ${orderedIndex(query)} WHERE ${where.sql} ORDER BY ${order.sql} LIMIT ? OFFSET ?`).all(...where.params, ...needsBrand, 1, 0) as {
          detail: string;
        }[]
      ).map((row) => row.detail);
    },
  };
}

export type VideoListRepository = ReturnType<typeof createVideoListRepository>;
