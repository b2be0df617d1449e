import type { VideoListQuery } from '../../shared/http/videos.schemas';
import type { SortKind } from './sortOrders';
import type { VideoColumns } from './videoColumns';
import type { MatchSet } from './videoSearchIndex';

/**
 * How much dearer a match is to page by sorting than a video is to step over in a walk of the order: sorting reads
 * each match's rank out of order and sorts them; a walk reads the order front to back and one flag per video.
 */
const SORT_COST = 10;

/** The kept order a list sort reads, and from which end (favorites first is the created order, favorites before the rest). */
function orderOf(query: VideoListQuery): { kind: SortKind; descending: boolean } {
  switch (query.sort) {
    case 'highest_sentiment': return { kind: 'sentiment', descending: true };
    case 'lowest_sentiment': return { kind: 'sentiment', descending: false };
    case 'newest_videos': return { kind: 'published', descending: true };
    case 'oldest_videos': return { kind: 'published', descending: false };
    case 'favorite_videos': return { kind: 'created', descending: true };
    case 'created_at': return { kind: 'created', descending: query.desc };
  }
}

/** The matches a sort puts before the rest, or null for the order alone. */
type First = ((o: number) => boolean) | null;

/**
 * The matches that go before the others: the person's favorites (read only for the favorites-first sort); and for
 * lowest-first sentiment the measured videos, since the ascending sentiment order starts with the unmeasured ones
 * (sortOrders.ts) and a video not analysed yet is not the worst received.
 */
function firstOf(columns: VideoColumns, query: VideoListQuery, favorites: () => ReadonlySet<number>): First {
  if (query.sort === 'favorite_videos') {
    const set = favorites();
    return (o) => set.has(o);
  }
  if (query.sort === 'lowest_sentiment') return (o) => columns.felt[o] === 1;
  return null;
}

/** Ids of one page of a match set in the query's sort order (the matches `firstOf` names first). */
export function pageOfMatches(columns: VideoColumns, query: VideoListQuery, matches: MatchSet, favorites: () => ReadonlySet<number>): string[] {
  const { kind, descending } = orderOf(query);
  const first = firstOf(columns, query, favorites);
  // A walk of the order steps over about size / count videos per match it takes (matches spread through the order),
  // until the page is full; sorting costs every match. Few matches sort (330 of 100k: a walk of 15,000), a product's
  // 3,300 walk to their first page (1,500 steps, where sorting them took 0.4 ms).
  const walk = query.page * query.per_page * (columns.size / Math.max(1, matches.count));
  return walk > SORT_COST * matches.count
    ? sparsePage(columns, query, matches, kind, descending, first)
    : densePage(columns, query, matches, kind, descending, first);
}

/** Walks the kept order of every video, taking the matching ones until the page is full. */
function densePage(columns: VideoColumns, query: VideoListQuery, matches: MatchSet, kind: SortKind, descending: boolean, first: First): string[] {
  const { order } = columns.sorted(kind);
  const skip = (query.page - 1) * query.per_page;
  const ids: string[] = [];
  let seen = 0;
  const take = (keep: (o: number) => boolean): boolean => {
    const n = order.length;
    for (let i = 0; i < n; i++) {
      const o = order[descending ? n - 1 - i : i] ?? 0;
      if (matches.flags[o] !== 1 || !keep(o)) continue;
      if (seen++ >= skip) ids.push(columns.id[o] ?? '');
      if (ids.length >= query.per_page) return true;
    }
    return false;
  };
  if (first === null) take(() => true);
  else if (!take(first)) take((o) => !first(o));
  return ids;
}

/**
 * One page of a small match set: the ranks of its ordinals in the query's order, sorted as numbers (a native sort,
 * no comparator calls), read from the front or the back, and turned back into ordinals through the order.
 */
function sparsePage(columns: VideoColumns, query: VideoListQuery, matches: MatchSet, kind: SortKind, descending: boolean, first: First): string[] {
  const { order, rank } = columns.sorted(kind);
  const skip = (query.page - 1) * query.per_page;
  const ids: string[] = [];
  /** Appends the page's share of `ordinals` (a subset of the matches); answers how many there were. */
  const takeSorted = (ordinals: Int32Array, offset: number): number => {
    const ranks = new Int32Array(ordinals.length);
    for (let i = 0; i < ordinals.length; i++) ranks[i] = rank[ordinals[i] ?? 0] ?? 0;
    ranks.sort();
    for (let i = Math.max(0, skip - offset); i < ranks.length && ids.length < query.per_page; i++) {
      const at = descending ? ranks.length - 1 - i : i;
      ids.push(columns.id[order[ranks[at] ?? 0] ?? 0] ?? '');
    }
    return ranks.length;
  };
  const matched = matches.ordinals.subarray(0, matches.count);
  if (first === null) takeSorted(matched, 0);
  else takeSorted(matched.filter((o) => !first(o)), takeSorted(matched.filter(first), 0));
  return ids;
}
