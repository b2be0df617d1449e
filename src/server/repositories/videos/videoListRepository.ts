import { inList, type SqlClient } from '../../db/sqlClient';
import type { VideoListItem, VideoListQuery } from '../../../shared/http/videos.schemas';
import type { DateWindow } from './videoDates';
import type { VideoSearchIndex, MatchSet } from '../../search/videoSearchIndex';
import { FTS_MIN_CHARS } from '../../search/searchLimits';
import type { createTranscriptLines } from './transcriptLines';
import { toListItem, VIDEO_LIST_COLUMNS, type VideoListRow } from './videoRows';
import { favoritesOwner, type BrandScope } from './videoScope';
import { BoundedMap } from '../../../shared/boundedMap';

/** Count and averages of a filtered list (spec §3 response `data`). */
export interface ListSummary {
  count: number;
  yesterday: number;
  sentiment: { positive: number; negative: number; measured: number };
  /** The average audience of the same videos the count and sentiment describe (filters, search and dates included). */
  demographics: { age_range: Record<string, number>; ethnicity: Record<string, number>; gender: Record<string, number> };
}

const CACHE_LIMIT = 200;

/** The phrases a list query searches the transcripts for (what the index must have planned before it answers). */
function transcriptPhrases(query: VideoListQuery): string[] {
  const text = query.search.trim();
  return query.search_in === 'transcript' && [...text].length >= FTS_MIN_CHARS ? [text] : [];
}

/**
 * The list, its count and its ids, on either engine. Counts, summaries, pages and every matching id come from the
 * in-memory search index (src/server/search), brought up to date before each answer; the rows of a page from the
 * database by id. Summaries are cached until anything the index answers from changes.
 */
export function createVideoListRepository(sql: SqlClient, index: VideoSearchIndex, transcripts: ReturnType<typeof createTranscriptLines>) {
  const summaries = new BoundedMap<string, ListSummary>(CACHE_LIMIT);
  let lastMatch: { key: string; matches: MatchSet } | null = null;

  const cacheKey = (scope: BrandScope, query: VideoListQuery, window: DateWindow): string =>
    JSON.stringify([index.generation, scope.brandId, scope.competitorIds, query.tab, query.tab === 'Favorites' ? favoritesOwner(scope) : '', query.search, query.search_in, window, query.filters ?? null]);

  /** The matching videos (the last query's are kept for its page; call right after `ready`). */
  const matchOf = (scope: BrandScope, query: VideoListQuery, window: DateWindow): MatchSet => {
    const key = cacheKey(scope, query, window);
    if (lastMatch?.key !== key) lastMatch = { key, matches: index.match(scope, query, window) };
    return lastMatch.matches;
  };

  const ready = (scope: BrandScope, query: VideoListQuery): Promise<void> => index.ready([scope.brandId], transcriptPhrases(query));

  /** The summary as of the last `ready` (from cache when nothing changed). */
  const summaryNow = (scope: BrandScope, query: VideoListQuery, window: DateWindow): ListSummary => {
    const key = cacheKey(scope, query, window);
    const cached = summaries.get(key);
    if (cached) return cached;
    const row = matchOf(scope, query, window);
    // Over the videos that have a sentiment, as every sentiment figure (home, reports) is.
    const average = (sum: number): number => (row.felt === 0 ? 0 : sum / row.felt);
    const summary: ListSummary = {
      count: row.count,
      yesterday: row.yesterday,
      sentiment: { positive: Math.round(average(row.positive) * 1000) / 1000, negative: Math.round(average(row.negative) * 1000) / 1000, measured: row.felt },
      demographics: index.audience(row),
    };
    summaries.set(key, summary);
    return summary;
  };

  /** A page as of the last `ready`: its ids from memory, then its rows and the lines shown under them from the store. */
  const pageNow = async (scope: BrandScope, query: VideoListQuery, window: DateWindow, matching: number): Promise<VideoListItem[]> => {
    if (matching <= (query.page - 1) * query.per_page) return [];
    const ids = index.page(scope, query, matchOf(scope, query, window));
    if (ids.length === 0) return [];
    const b = scope.brandId;
    const byId = inList(sql, 'v.id', ids);
    // The line shown under a match, found as the search found the video (same folding of case and diacritics; the
    // index was readied for this search by the caller). Read beside the rows: on a team server each is a round trip.
    // With 'on_screen' it is the first on-screen line holding the search, tested as the video's screen text was.
    const searched = query.search.trim() !== '';
    const [rowList, lines] = await Promise.all([
      sql.all<VideoListRow>(`SELECT ${VIDEO_LIST_COLUMNS} FROM videos v JOIN brands b ON b.id = v.brand_id WHERE ${byId.sql}`, [b, favoritesOwner(scope), b, byId.param]),
      searched && query.search_in === 'transcript' ? transcripts.firstMatches(ids, query.search, true)
        : searched && query.search_in === 'on_screen' ? transcripts.firstScreenMatches(ids, query.search)
          : new Map<string, { start_time: number; content: string }>(),
    ]);
    const rows = new Map(rowList.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = rows.get(id);
      if (!row) return [];
      const first = lines.get(id) ?? null;
      return [toListItem(row, b, first ? { start_time: first.start_time, content: first.content } : null)];
    });
  };

  /** The summary and its page as of the last `ready`: both computed from memory before the page's rows are read. */
  const listingNow = async (scope: BrandScope, query: VideoListQuery, window: DateWindow): Promise<{ summary: ListSummary; videos: VideoListItem[] }> => {
    const summary = summaryNow(scope, query, window);
    return { summary, videos: await pageNow(scope, query, window, summary.count) };
  };

  return {
    /** Count, videos of the 24 hours before the window end, and average sentiment and audience of the matching videos. */
    async summary(scope: BrandScope, query: VideoListQuery, window: DateWindow): Promise<ListSummary> {
      await ready(scope, query);
      return summaryNow(scope, query, window);
    },

    /**
     * One page of rows in list order, with only the list's columns (VideoListItem). `matching` is the summary's count (a
     * page past the end is empty without work).
     */
    async page(scope: BrandScope, query: VideoListQuery, window: DateWindow, matching: number): Promise<VideoListItem[]> {
      if (matching <= (query.page - 1) * query.per_page) return [];
      await ready(scope, query);
      return pageNow(scope, query, window, matching);
    },

    /** `summary` and its `page` from one catch-up of the index (one check of the store, a round trip on a team server). */
    async listing(scope: BrandScope, query: VideoListQuery, window: DateWindow): Promise<{ summary: ListSummary; videos: VideoListItem[] }> {
      await ready(scope, query);
      return listingNow(scope, query, window);
    },

    /** Brings the index up to date for this query (its transcript phrase planned); `listingNow` answers right after. */
    ready,

    /** `listing` as of the last `ready` (call right after it, with nothing awaited between). */
    listingNow,

    /** Every matching id in list order (select all N matching), with its brand. */
    async ids(scope: BrandScope, query: VideoListQuery, window: DateWindow): Promise<{ video_id: string; manufacturer_ids: string[] }[]> {
      await ready(scope, query);
      const matches = matchOf(scope, query, window);
      return index.page(scope, { ...query, page: 1, per_page: Math.max(1, matches.count) }, matches).map((id) => ({ video_id: id, manufacturer_ids: [index.brandOf(id)] }));
    },
  };
}

export type VideoListRepository = ReturnType<typeof createVideoListRepository>;
