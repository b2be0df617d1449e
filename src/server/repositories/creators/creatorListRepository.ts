import type Database from 'better-sqlite3';
import { VERIFIED_FILTER } from '../../../shared/constants';
import type { CreatorFilterOptions, CreatorListQuery } from '../../../shared/http/creators.schemas';
import { SUBSCRIBER_THRESHOLDS } from '../../../shared/constants';
import { isValidEmail } from '../../../shared/rules/validation';
import type { DateWindow } from '../videos/videoDates';
import { andAll, inList, likeContains, type BrandScope, type SqlPart } from '../videos/videoScope';
import { createStatementCache } from '../products/statementCache';

export const CREATOR_TRENDING_MS = 30 * 86_400_000;
/** Up to this many matches a page is sorted from them rather than walked in sort order. */
const FEW_MATCHES = 2000;

/** A matching creator as "select all" and the CSV need it. */
export interface CreatorMatch {
  id: string;
  brand_id: string;
  name: string;
  email: string | null;
  email_valid: number | null;
}

/** Brands whose creators a tab holds. */
export function creatorTabBrands(tab: CreatorListQuery['tab'], scope: BrandScope): string[] {
  if (tab === 'My Creators') return [scope.brandId];
  if (tab === 'Competitors') return [...scope.competitorIds];
  return [scope.brandId, ...scope.competitorIds];
}

/** Filters, flags, date window, trending and search (not the tab's brands). */
function creatorFiltersSql(query: CreatorListQuery, window: DateWindow, trendingSince: string): SqlPart {
  const f = query.filters;
  const search = query.search === '' ? null : likeContains(query.search);
  return andAll([
    inList('c.country', f?.country ?? []),
    f?.subscribers?.value == null ? null : { sql: f.subscribers.radio === 'lte' ? 'c.subscribers <= ?' : 'c.subscribers >= ?', params: [f.subscribers.value] },
    f?.videos?.value == null ? null : { sql: f.videos.radio === 'lte' ? 'c.video_count <= ?' : 'c.video_count >= ?', params: [f.videos.value] },
    query.validEmail ? { sql: 'c.email_valid = 1', params: [] } : null,
    query[VERIFIED_FILTER] ? { sql: 'c.verified = 1', params: [] } : null,
    window.start === null ? null : { sql: 'c.latest_platform_video_published_at >= ?', params: [window.start] },
    { sql: 'c.latest_platform_video_published_at <= ?', params: [window.end] },
    query.trending ? { sql: 'c.latest_platform_video_published_at >= ?', params: [trendingSince] } : null,
    search === null ? null : { sql: "(c.name LIKE ? ESCAPE '\\' OR c.handle LIKE ? ESCAPE '\\')", params: [search, search] },
  ]);
}

const SORT_INDEX = {
  latest_platform_video_published_at: 'creators_list_latest',
  subscribers: 'creators_list_subscribers',
  video_count: 'creators_list_videos',
} as const;

/**
 * The creators list in SQL. Each brand's creators are walked in sort order through the sort's covering index and the
 * walks are merged (UNION ALL of per-brand LIMITs), so a page's cost follows the page, not the workspace; the count
 * scans index entries only (creators_list_country when countries are chosen).
 */
export function createCreatorListRepository(db: Database.Database) {
  const prepared = createStatementCache(db);
  const unchecked = db.prepare('SELECT id, email FROM creators INDEXED BY creators_email_unchecked WHERE email_valid IS NULL');
  const setValid = db.prepare('UPDATE creators SET email_valid = ? WHERE id = ?');
  const version = db.prepare('SELECT total_changes()').pluck();
  const optionsCache = new Map<string, CreatorFilterOptions>();

  const where = (brands: readonly string[], query: CreatorListQuery, window: DateWindow, trendingSince: string): SqlPart =>
    andAll([inList('c.brand_id', brands.length > 0 ? brands : ['']), creatorFiltersSql(query, window, trendingSince)]);

  return {
    /** Checks the emails not checked yet (new or changed creators) with the spec §5 rule; cheap when none are. */
    checkEmails(): void {
      const rows = unchecked.all() as { id: string; email: string | null }[];
      if (rows.length === 0) return;
      db.transaction(() => {
        for (const row of rows) setValid.run(row.email !== null && isValidEmail(row.email) ? 1 : 0, row.id);
      })();
    },
    /** The end of date windows: the clock, or the newest creator video of the brands when that is earlier. */
    referenceTime(brands: readonly string[], now: Date): Date {
      const list = inList('brand_id', brands.length > 0 ? brands : ['']) as SqlPart;
      const latest = prepared(`SELECT MAX(latest_platform_video_published_at) FROM creators WHERE ${list.sql}`).pluck().get(...list.params) as string | null;
      return latest && Date.parse(latest) < now.getTime() ? new Date(latest) : now;
    },
    count(brands: readonly string[], query: CreatorListQuery, window: DateWindow, trendingSince: string): number {
      const w = where(brands, query, window, trendingSince);
      const index = (query.filters?.country.length ?? 0) > 0 ? 'INDEXED BY creators_list_country' : '';
      return prepared(`SELECT COUNT(*) FROM creators c ${index} WHERE ${w.sql}`).pluck().get(...w.params) as number;
    },
    /**
     * Ids of one page in list order. `matches` (the count) picks the plan: a few matches are found through the filter
     * indexes and sorted; many are walked in sort order, where the page fills long before the walk ends (with few, the
     * walk would read the brands' every creator to find them).
     */
    pageIds(brands: readonly string[], query: CreatorListQuery, window: DateWindow, trendingSince: string, limit: number, offset = 0, matches = Infinity): { id: string; brand_id: string }[] {
      const dir = query.desc ? 'DESC' : 'ASC';
      const column = `c.${query.sort}`;
      const order = `${query.sort} ${dir}, id ${dir}`;
      if (matches <= FEW_MATCHES) {
        const w = where(brands, query, window, trendingSince);
        const index = (query.filters?.country.length ?? 0) > 0 ? 'INDEXED BY creators_list_country' : '';
        // "+" keeps the planner from walking the sort index to skip the sort.
        return prepared(`SELECT c.id, c.brand_id FROM creators c ${index} WHERE ${w.sql} ORDER BY +${column} ${dir}, +c.id ${dir} LIMIT ? OFFSET ?`)
          .all(...w.params, limit, offset) as { id: string; brand_id: string }[];
      }
      const parts = brands.map((brand) => where([brand], query, window, trendingSince));
      const walks = parts.map((w) => `SELECT * FROM (SELECT c.id, c.brand_id, ${column} FROM creators c INDEXED BY ${SORT_INDEX[query.sort]} WHERE ${w.sql} ORDER BY ${order} LIMIT ?)`);
      const params = parts.flatMap((w) => [...w.params, limit + offset]);
      return prepared(`${walks.join(' UNION ALL ')} ORDER BY ${order} LIMIT ? OFFSET ?`).all(...params, limit, offset) as { id: string; brand_id: string }[];
    },
    /** Every match in list order, with what contacting needs (select all N matching, CSV). */
    everyMatch(brands: readonly string[], query: CreatorListQuery, window: DateWindow, trendingSince: string): CreatorMatch[] {
      const dir = query.desc ? 'DESC' : 'ASC';
      const w = where(brands, query, window, trendingSince);
      return prepared(`SELECT c.id, c.brand_id, c.name, c.email, c.email_valid FROM creators c WHERE ${w.sql} ORDER BY c.${query.sort} ${dir}, c.id ${dir}`)
        .all(...w.params) as CreatorMatch[];
    },
    /** Filter options of the tab with counts (before filters); cached until the database changes. */
    options(brands: readonly string[]): CreatorFilterOptions {
      const key = `${String(version.get())}|${brands.join(',')}`;
      const cached = optionsCache.get(key);
      if (cached) return cached;
      if (optionsCache.size > 50) optionsCache.clear();
      const list = inList('c.brand_id', brands.length > 0 ? brands : ['']) as SqlPart;
      const countries = prepared(`SELECT c.country AS value, c.country AS label, COUNT(*) AS count FROM creators c WHERE ${list.sql} AND c.country <> '' GROUP BY 1 ORDER BY count DESC, value`).all(...list.params) as { value: string; label: string; count: number }[];
      const sums = SUBSCRIBER_THRESHOLDS.map((t, i) => `SUM(c.subscribers >= ${t}) AS t${i}`).join(', ');
      const totals = prepared(`SELECT ${sums}, SUM(c.email_valid = 1) AS valid, SUM(c.verified = 1) AS verified FROM creators c WHERE ${list.sql}`).get(...list.params) as Record<string, number | null>;
      const options: CreatorFilterOptions = {
        country: countries,
        subscribers: SUBSCRIBER_THRESHOLDS.map((t, i) => ({ value: String(t), label: `≥ ${t}`, count: totals[`t${i}`] ?? 0 })),
        validEmail: totals.valid ?? 0,
        [VERIFIED_FILTER]: totals.verified ?? 0,
      };
      optionsCache.set(key, options);
      return options;
    },
    explain(sql: string, params: unknown[]): string[] {
      return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((row) => row.detail);
    },
  };
}
export type CreatorListRepository = ReturnType<typeof createCreatorListRepository>;
