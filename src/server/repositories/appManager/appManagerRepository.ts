import type { SqlClient } from '../../db/sqlClient';
import type { AppManagerTab } from '../../../shared/http/publishing.schemas';
import { BRAND_MADE_SQL } from '../videos/videoScope';

/** A video as the app manager lists it, before its publish state is looked up. */
export type AppManagerRow = {
  id: string; title: string; thumbnail_url: string | null; platform: string; creator_name: string | null; by_brand: number; published: number; app_published_at: string | null;
};
/** What the app manager's list is narrowed by: the brand, a title search, and whether only published videos count. */
export type AppManagerScope = { brand: string; search: string; published_only: 0 | 1 };

const TAB_SQL: Record<AppManagerTab, string> = { brand: BRAND_MADE_SQL, shopper: `NOT ${BRAND_MADE_SQL}`, all: '1 = 1' };
/** Brand-made as 0/1 (a boolean on PostgreSQL, which neither sums it nor answers it as SQLite's integer); unknown counts as neither tab. */
const BRAND_MADE_FLAG = `CASE WHEN ${BRAND_MADE_SQL} THEN 1 ELSE 0 END`;

/** The app manager's reads (spec §2 App manager): the brand's videos for the shopper app by tab, and each tab's count. */
export function createAppManagerRepository(sql: SqlClient) {
  // A plain substring test, case folded in ASCII on both engines (PostgreSQL has strpos where SQLite has instr).
  const contains = sql.engine === 'postgres' ? 'strpos(lower(v.title), lower(?)) > 0' : 'instr(lower(v.title), lower(?)) > 0';
  // The brand's own videos that are neither trashed nor flagged: what the shopper app may show.
  const base = `FROM videos v LEFT JOIN creators c ON c.id = v.creator_id
    WHERE v.brand_id = ? AND v.id NOT IN (SELECT target_id FROM marks WHERE mark IN ('trash', 'flag') AND kind = 'video' AND brand_id = ?)
      AND (? = '' OR ${contains}) AND (? = 0 OR v.published = 1)`;
  const baseParams = (scope: AppManagerScope) => [scope.brand, scope.brand, scope.search, scope.search, scope.published_only];
  return {
    counts: async (scope: AppManagerScope): Promise<Record<AppManagerTab, number>> => (await sql.get<Record<AppManagerTab, number>>(
      `SELECT COALESCE(SUM(CASE WHEN ${TAB_SQL.brand} THEN 1 ELSE 0 END), 0) AS brand, COALESCE(SUM(CASE WHEN ${TAB_SQL.shopper} THEN 1 ELSE 0 END), 0) AS shopper, COUNT(*) AS "all" ${base}`, baseParams(scope),
    )) as Record<AppManagerTab, number>,
    page: (tab: AppManagerTab, scope: AppManagerScope, limit: number, offset: number): Promise<AppManagerRow[]> => sql.all<AppManagerRow>(
      `SELECT v.id, v.title, v.thumbnail_url, v.platform, c.name AS creator_name, ${BRAND_MADE_FLAG} AS by_brand, v.published, v.app_published_at ${base}
         AND ${TAB_SQL[tab]} ORDER BY v.published DESC, COALESCE(v.app_published_at, '') DESC, v.created_at DESC, v.id LIMIT ? OFFSET ?`,
      [...baseParams(scope), limit, offset],
    ),
  };
}
