import type Database from 'better-sqlite3';
import type { AppManagerTab } from '../../../shared/http/publishing.schemas';
import { BRAND_MADE_SQL } from '../videos/videoScope';

/** A video as the app manager lists it, before its publish state is looked up. */
export type AppManagerRow = {
  id: string; title: string; thumbnail_url: string | null; platform: string; creator_name: string | null; by_brand: number; published: number; app_published_at: string | null;
};
/** What the app manager's list is narrowed by: the brand, a title search, and whether only published videos count. */
export type AppManagerScope = { brand: string; search: string; published_only: 0 | 1 };

const TAB_SQL: Record<AppManagerTab, string> = { brand: BRAND_MADE_SQL, shopper: `NOT ${BRAND_MADE_SQL}`, all: '1' };

/** The app manager's reads (spec §2 App manager): the brand's videos for the shopper app by tab, and each tab's count. */
export function createAppManagerRepository(db: Database.Database) {
  // The brand's own videos that are neither trashed nor flagged: what the shopper app may show.
  const base = `FROM videos v LEFT JOIN creators c ON c.id = v.creator_id
    WHERE v.brand_id = @brand AND v.id NOT IN (SELECT target_id FROM marks WHERE mark IN ('trash', 'flag') AND kind = 'video' AND brand_id = @brand)
      AND (@search = '' OR instr(lower(v.title), lower(@search)) > 0) AND (@published_only = 0 OR v.published = 1)`;
  const page = Object.fromEntries((Object.keys(TAB_SQL) as AppManagerTab[]).map((tab) => [tab, db.prepare(`SELECT v.id, v.title, v.thumbnail_url, v.platform,
      c.name AS creator_name, ${BRAND_MADE_SQL} AS by_brand, v.published, v.app_published_at ${base} AND ${TAB_SQL[tab]}
    ORDER BY v.published DESC, COALESCE(v.app_published_at, '') DESC, v.created_at DESC, v.id LIMIT @limit OFFSET @offset`)])) as Record<AppManagerTab, Database.Statement>;
  const counts = db.prepare(`SELECT COALESCE(SUM(${BRAND_MADE_SQL}), 0) AS brand, COALESCE(SUM(NOT ${BRAND_MADE_SQL}), 0) AS shopper, COUNT(*) AS "all" ${base}`);
  return {
    counts: (scope: AppManagerScope): Record<AppManagerTab, number> => counts.get(scope) as Record<AppManagerTab, number>,
    page: (tab: AppManagerTab, scope: AppManagerScope, limit: number, offset: number): AppManagerRow[] =>
      page[tab].all({ ...scope, limit, offset }) as AppManagerRow[],
  };
}
