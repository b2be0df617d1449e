import type Database from 'better-sqlite3';
import type { VideoListItem, VideoListQuery } from '../../../shared/http/videos.schemas';
import type { DateWindow } from './videoDates';
import { VideoSearchIndex, type MatchSet } from '../../search/videoSearchIndex';
import { filtersSql, FTS_MIN_CHARS, searchSql } from './videoFilterSql';
import type { SqlClient } from '../../db/sqlClient';
import { createSqliteClient } from '../../db/sqliteClient';
import { createTranscriptLines } from './transcriptLines';
import { toListItem, VIDEO_LIST_COLUMNS, type VideoListRow } from './videoRows';
import { andAll, markedSql, tabSql, type BrandScope, type SqlPart } from './videoScope';

/** Count and averages of a filtered list (spec §3 response `data`). */
export interface ListSummary {
  count: number;
  yesterday: number;
  sentiment: { positive: number; negative: number; measured: number };
  /** The average audience of the same videos the count and sentiment describe (filters, search and dates included). */
  demographics: { age_range: Record<string, number>; ethnicity: Record<string, number>; gender: Record<string, number> };
}

const CACHE_LIMIT = 200;

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
 * The list, its count and its ids. Counts, summaries and pages come from the in-memory search index (src/server/search),
 * rows from SQLite by id; `ids` and `explainPage` stay in SQL (the reference meaning the tests compare against).
 * Summaries are cached until the database changes.
 */
export function createVideoListRepository(db: Database.Database, index: VideoSearchIndex = new VideoSearchIndex(db), sql: SqlClient = createSqliteClient(db)) {
  const version = db.prepare('SELECT total_changes()').pluck();
  const summaries = new Map<string, ListSummary>();
  let lastMatch: { key: string; matches: MatchSet } | null = null;
  const rowsByIds = db.prepare(`SELECT ${VIDEO_LIST_COLUMNS} FROM videos v JOIN brands b ON b.id = v.brand_id WHERE v.id IN (SELECT value FROM json_each(?))`);
  // The index's own term index: the line under each found video is tested with the plan the search just made.
  const transcripts = createTranscriptLines(sql, index.transcripts);
  /** The transcript search read before the synchronous match (the term index reads the store asynchronously). */
  const prepareSearch = async (query: VideoListQuery): Promise<void> => {
    const text = query.search.trim();
    if (query.search_in === 'transcript' && [...text].length >= FTS_MIN_CHARS) await index.transcripts.prepare([text]);
  };

  const whereOf = (scope: BrandScope, query: VideoListQuery, window: DateWindow): SqlPart =>
    andAll([
      tabSql(query.tab, scope),
      filtersSql(query.filters, scope.brandId),
      searchSql(query.search, query.search_in === 'transcript'),
      window.start === null ? null : { sql: 'v.created_at >= ?', params: [window.start] },
      { sql: 'v.created_at <= ?', params: [window.end] },
    ]);

  const cacheKey = (scope: BrandScope, query: VideoListQuery, window: DateWindow): string =>
    JSON.stringify([version.get(), scope.brandId, scope.competitorIds, query.tab, query.search, query.search_in, window, query.filters ?? null]);

  /** The matching videos (the last query's are kept for its page). */
  const matchOf = (scope: BrandScope, query: VideoListQuery, window: DateWindow): MatchSet => {
    const key = cacheKey(scope, query, window);
    if (lastMatch?.key !== key) lastMatch = { key, matches: index.match(scope, query, window) };
    return lastMatch.matches;
  };

  return {
    /** Count, videos of the 24 hours before the window end, and average sentiment and audience of the matching videos. */
    async summary(scope: BrandScope, query: VideoListQuery, window: DateWindow): Promise<ListSummary> {
      const key = cacheKey(scope, query, window);
      const cached = summaries.get(key);
      if (cached) return cached;
      await prepareSearch(query);
      const row = matchOf(scope, query, window);
      // Over the videos that have a sentiment, as every sentiment figure (home, reports) is.
      const average = (sum: number): number => (row.felt === 0 ? 0 : sum / row.felt);
      const summary: ListSummary = {
        count: row.count,
        yesterday: row.yesterday,
        sentiment: { positive: Math.round(average(row.positive) * 1000) / 1000, negative: Math.round(average(row.negative) * 1000) / 1000, measured: row.felt },
        demographics: index.audience(row),
      };
      if (summaries.size >= CACHE_LIMIT) summaries.delete(summaries.keys().next().value ?? '');
      summaries.set(key, summary);
      return summary;
    },

    /**
     * One page of rows in list order, with only the list's columns (VideoListItem). `matching` is the summary's count (a
     * page past the end is empty without work).
     */
    async page(scope: BrandScope, query: VideoListQuery, window: DateWindow, matching: number): Promise<VideoListItem[]> {
      if (matching <= (query.page - 1) * query.per_page) return [];
      await prepareSearch(query);
      const ids = index.page(scope, query, matchOf(scope, query, window));
      if (ids.length === 0) return [];
      const b = scope.brandId;
      const rows = new Map((rowsByIds.all(b, b, JSON.stringify(ids)) as VideoListRow[]).map((row) => [row.id, row]));
      // The line shown under a match, found as the search found the video (same folding of case and diacritics).
      const inTranscript = query.search_in === 'transcript' && query.search.trim() !== '';
      const items: VideoListItem[] = [];
      for (const id of ids) {
        const row = rows.get(id);
        if (!row) continue;
        const first = inTranscript ? await transcripts.firstMatch(id, query.search) : null;
        items.push(toListItem(row, b, first ? { start_time: first.start_time, content: first.content } : null));
      }
      return items;
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
