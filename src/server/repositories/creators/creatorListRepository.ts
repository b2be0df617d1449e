import { SUBSCRIBER_THRESHOLDS, VERIFIED_FILTER } from '../../../shared/constants';
import type { CreatorFilterOptions, CreatorListQuery } from '../../../shared/http/creators.schemas';
import { isValidEmail } from '../../../shared/rules/validation';
import type { SqlClient } from '../../db/sqlClient';
import { allOf, asFlag, likeOperator, paramsOf } from '../products/catalogSql';
import type { DateWindow } from '../videos/videoDates';
import { inList, likeContains, type BrandScope, type SqlPart } from '../videos/videoScope';

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
function creatorFiltersSql(client: Pick<SqlClient, 'engine'>, query: CreatorListQuery, window: DateWindow, trendingSince: string): SqlPart {
  const f = query.filters;
  const search = query.search === '' ? null : likeContains(query.search);
  const like = likeOperator(client);
  return allOf([
    inList('c.country', f?.country ?? []),
    f?.subscribers?.value == null ? null : { sql: f.subscribers.radio === 'lte' ? 'c.subscribers <= ?' : 'c.subscribers >= ?', params: [f.subscribers.value] },
    f?.videos?.value == null ? null : { sql: f.videos.radio === 'lte' ? 'c.video_count <= ?' : 'c.video_count >= ?', params: [f.videos.value] },
    query.validEmail ? { sql: 'c.email_valid = 1', params: [] } : null,
    query[VERIFIED_FILTER] ? { sql: 'c.verified = 1', params: [] } : null,
    window.start === null ? null : { sql: 'c.latest_platform_video_published_at >= ?', params: [window.start] },
    { sql: 'c.latest_platform_video_published_at <= ?', params: [window.end] },
    query.trending ? { sql: 'c.latest_platform_video_published_at >= ?', params: [trendingSince] } : null,
    search === null ? null : { sql: `(c.name ${like} ? ESCAPE '\\' OR c.handle ${like} ? ESCAPE '\\')`, params: [search, search] },
  ]);
}

const SORT_INDEX = {
  latest_platform_video_published_at: 'creators_list_latest',
  subscribers: 'creators_list_subscribers',
  video_count: 'creators_list_videos',
} as const;

/**
 * The creators list in SQL, on either engine. Each brand's creators are walked in sort order through the sort's
 * covering index and the walks are merged (UNION ALL of per-brand LIMITs), so a page's cost follows the page, not the
 * workspace; the count scans index entries only (creators_list_country when countries are chosen). SQLite is told
 * which index to walk (INDEXED BY, and "+" to keep it from walking the sort index when sorting few matches);
 * PostgreSQL has no such hints and chooses by itself, so its texts are the same without them.
 */
export function createCreatorListRepository(sql: SqlClient) {
  const sqlite = sql.engine === 'sqlite';
  const indexed = (name: string): string => (sqlite ? `INDEXED BY ${name}` : '');
  const countryIndex = (query: CreatorListQuery): string => ((query.filters?.country.length ?? 0) > 0 ? indexed('creators_list_country') : '');
  const optionsCache = new Map<string, CreatorFilterOptions>();
  /** What the options cache is keyed on: SQLite counts its connection's changes; a team server has several writers, so no cache. */
  const version = async (): Promise<string | null> =>
    sqlite ? String((await sql.get<{ changes: number }>('SELECT total_changes() AS changes'))?.changes) : null;

  const where = (brands: readonly string[], query: CreatorListQuery, window: DateWindow, trendingSince: string): SqlPart =>
    allOf([inList('c.brand_id', brands.length > 0 ? brands : ['']), creatorFiltersSql(sql, query, window, trendingSince)]);

  return {
    /** Checks the emails not checked yet (new or changed creators) with the spec §5 rule; cheap when none are. */
    async checkEmails(): Promise<void> {
      const rows = await sql.all<{ id: string; email: string | null }>(`SELECT id, email FROM creators ${indexed('creators_email_unchecked')} WHERE email_valid IS NULL`);
      if (rows.length === 0) return;
      await sql.transaction(async (tx) => {
        for (const row of rows) await tx.run('UPDATE creators SET email_valid = ? WHERE id = ?', [row.email !== null && isValidEmail(row.email) ? 1 : 0, row.id]);
      });
    },
    /** The end of date windows: the clock, or the newest creator video of the brands when that is earlier. */
    async referenceTime(brands: readonly string[], now: Date): Promise<Date> {
      const list = inList('brand_id', brands.length > 0 ? brands : ['']) as SqlPart;
      const row = await sql.get<{ latest: string | null }>(`SELECT MAX(latest_platform_video_published_at) AS latest FROM creators WHERE ${list.sql}`, paramsOf(list));
      const latest = row?.latest ?? null;
      return latest && Date.parse(latest) < now.getTime() ? new Date(latest) : now;
    },
    async count(brands: readonly string[], query: CreatorListQuery, window: DateWindow, trendingSince: string): Promise<number> {
      const w = where(brands, query, window, trendingSince);
      const row = await sql.get<{ count: number }>(`SELECT COUNT(*) AS count FROM creators c ${countryIndex(query)} WHERE ${w.sql}`, paramsOf(w));
      return row?.count ?? 0;
    },
    /**
     * Ids of one page in list order. `matches` (the count) picks the plan: a few matches are found through the filter
     * indexes and sorted; many are walked in sort order, where the page fills long before the walk ends (with few, the
     * walk would read the brands' every creator to find them).
     */
    pageIds(brands: readonly string[], query: CreatorListQuery, window: DateWindow, trendingSince: string, limit: number, offset = 0, matches = Infinity): Promise<{ id: string; brand_id: string }[]> {
      const dir = query.desc ? 'DESC' : 'ASC';
      const column = `c.${query.sort}`;
      const order = `${query.sort} ${dir}, id ${dir}`;
      if (matches <= FEW_MATCHES) {
        const w = where(brands, query, window, trendingSince);
        // "+" keeps SQLite's planner from walking the sort index to skip the sort.
        const plus = sqlite ? '+' : '';
        return sql.all(`SELECT c.id, c.brand_id FROM creators c ${countryIndex(query)} WHERE ${w.sql} ORDER BY ${plus}${column} ${dir}, ${plus}c.id ${dir} LIMIT ? OFFSET ?`,
          [...paramsOf(w), limit, offset]);
      }
      const parts = brands.map((brand) => where([brand], query, window, trendingSince));
      const walks = parts.map((w, i) => `SELECT * FROM (SELECT c.id, c.brand_id, ${column} FROM creators c ${indexed(SORT_INDEX[query.sort])} WHERE ${w.sql} ORDER BY ${order} LIMIT ?) AS walk${i}`);
      const params = parts.flatMap((w) => [...paramsOf(w), limit + offset]);
      return sql.all(`${walks.join(' UNION ALL ')} ORDER BY ${order} LIMIT ? OFFSET ?`, [...params, limit, offset]);
    },
    /** Every match in list order, with what contacting needs (select all N matching, CSV). */
    everyMatch(brands: readonly string[], query: CreatorListQuery, window: DateWindow, trendingSince: string): Promise<CreatorMatch[]> {
      const dir = query.desc ? 'DESC' : 'ASC';
      const w = where(brands, query, window, trendingSince);
      return sql.all<CreatorMatch>(`SELECT c.id, c.brand_id, c.name, c.email, c.email_valid FROM creators c WHERE ${w.sql} ORDER BY c.${query.sort} ${dir}, c.id ${dir}`, paramsOf(w));
    },
    /** Filter options of the tab with counts (before filters); on SQLite cached until the database changes. */
    async options(brands: readonly string[]): Promise<CreatorFilterOptions> {
      const changes = await version();
      const key = changes === null ? null : `${changes}|${brands.join(',')}`;
      const cached = key === null ? undefined : optionsCache.get(key);
      if (cached) return cached;
      if (optionsCache.size > 50) optionsCache.clear();
      const list = inList('c.brand_id', brands.length > 0 ? brands : ['']) as SqlPart;
      const countries = await sql.all<{ value: string; label: string; count: number }>(
        `SELECT c.country AS value, c.country AS label, COUNT(*) AS count FROM creators c WHERE ${list.sql} AND c.country <> '' GROUP BY c.country ORDER BY count DESC, value`, paramsOf(list));
      const sums = SUBSCRIBER_THRESHOLDS.map((t, i) => `SUM(${asFlag(`c.subscribers >= ${t}`)}) AS t${i}`).join(', ');
      const totals = (await sql.get<Record<string, number | null>>(
        `SELECT ${sums}, SUM(${asFlag('c.email_valid = 1')}) AS valid, SUM(${asFlag('c.verified = 1')}) AS verified FROM creators c WHERE ${list.sql}`, paramsOf(list))) ?? {};
      const options: CreatorFilterOptions = {
        country: countries,
        subscribers: SUBSCRIBER_THRESHOLDS.map((t, i) => ({ value: String(t), label: `≥ ${t}`, count: totals[`t${i}`] ?? 0 })),
        validEmail: totals.valid ?? 0,
        [VERIFIED_FILTER]: totals.verified ?? 0,
      };
      if (key !== null) optionsCache.set(key, options);
      return options;
    },
    /** SQLite's plan of a list query (the tests check the list walks its indexes). */
    async explain(text: string, params: (string | number)[]): Promise<string[]> {
      return (await sql.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${text}`, params)).map((row) => row.detail);
    },
  };
}
export type CreatorListRepository = ReturnType<typeof createCreatorListRepository>;
