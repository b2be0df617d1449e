import type { VideoTab } from './videoTypes';

/** A piece of SQL with its positional parameters. */
export interface SqlPart {
  sql: string;
  params: unknown[];
}

/** The acting brand and the brands it watches. */
export interface BrandScope {
  brandId: string;
  competitorIds: readonly string[];
  /** The person acting: favorites are theirs alone (issue 29). Without one, nothing is a favorite. */
  userId?: string;
}

/** Whose favorites a scope reads ('' matches no one). */
export const favoritesOwner = (scope: BrandScope): string => scope.userId ?? '';

/** Ids of the person's favorites of a kind in the brand; bind the brand, then the person. */
export const FAVORITE_IDS = (kind: 'video' | 'product'): string => `SELECT target_id FROM favorites WHERE kind = '${kind}' AND brand_id = ? AND user_id = ?`;

const placeholders = (count: number): string => Array.from({ length: count }, () => '?').join(',');

/** `v.id` carries this brand's mark of the given type. */
export function markedSql(mark: 'flag' | 'trash'): string {
  return `EXISTS (SELECT 1 FROM marks m WHERE m.mark = '${mark}' AND m.kind = 'video' AND m.brand_id = ? AND m.target_id = v.id)`;
}

const REMOVED = 'EXISTS (SELECT 1 FROM video_removals r WHERE r.brand_id = ? AND r.video_id = v.id)';
const MARKED_IDS = "SELECT target_id FROM marks WHERE mark = ? AND kind = 'video' AND brand_id = ?";
/** Ids the brand trashed or flagged (target_id is NOT NULL, so NOT IN has no NULL trap). */
const HIDDEN_IDS = "SELECT target_id FROM marks WHERE mark IN ('trash', 'flag') AND kind = 'video' AND brand_id = ?";

/** `v.brand_id` is the brand or one of its competitors, and the brand has not removed the video from its view. */
function visibleSql(scope: BrandScope): SqlPart {
  const brands = [scope.brandId, ...scope.competitorIds];
  return { sql: `v.brand_id IN (${placeholders(brands.length)}) AND NOT ${REMOVED}`, params: [...brands, scope.brandId] };
}

/**
 * Which videos a tab holds (spec §2, §4). My Videos / Competition: the brand's / its competitors' videos that are neither
 * trashed nor flagged by the brand; Favorites: favorited, not trashed; Flagged: flagged, not trashed; Trash: trashed;
 * Campaigns: submitted to the brand's campaigns, not trashed. So My Videos + Competition + Flagged + Trash = everything.
 */
export function tabSql(tab: VideoTab, scope: BrandScope): SqlPart {
  const b = scope.brandId;
  const notTrashed = `NOT ${markedSql('trash')}`;
  const visible = visibleSql(scope);
  switch (tab) {
    // One membership test in the brand's (small) set of trashed or flagged ids, built once per query, instead of two
    // correlated lookups per row; the covering index videos_brand_list then answers without reading video rows.
    case 'My Videos':
      return { sql: `v.brand_id = ? AND v.id NOT IN (${HIDDEN_IDS})`, params: [b, b] };
    case 'Competition': {
      const ids = scope.competitorIds.length > 0 ? scope.competitorIds : [''];
      return { sql: `v.brand_id IN (${placeholders(ids.length)}) AND NOT ${REMOVED} AND v.id NOT IN (${HIDDEN_IDS})`, params: [...ids, b, b] };
    }
    case 'Favorites':
      return { sql: `v.id IN (${FAVORITE_IDS('video')}) AND ${visible.sql} AND ${notTrashed}`, params: [b, favoritesOwner(scope), ...visible.params, b] };
    case 'Flagged':
      return { sql: `v.id IN (${MARKED_IDS}) AND ${visible.sql} AND ${notTrashed}`, params: ['flag', b, ...visible.params, b] };
    case 'Trash':
      return { sql: `v.id IN (${MARKED_IDS}) AND ${visible.sql}`, params: ['trash', b, ...visible.params] };
    case 'Campaigns':
      return {
        sql: `v.id IN (SELECT cv.video_id FROM campaign_videos cv JOIN campaigns c ON c.id = cv.campaign_id WHERE c.brand_id = ?) AND ${visible.sql} AND ${notTrashed}`,
        params: [b, ...visible.params, b],
      };
  }
}

/** `column IN (?, ...)` for a non-empty list, or null. */
export function inList(column: string, values: readonly unknown[]): SqlPart | null {
  return values.length === 0 ? null : { sql: `${column} IN (${placeholders(values.length)})`, params: [...values] };
}

/** Joins parts with AND (an empty list is `1`). */
export function andAll(parts: readonly (SqlPart | null)[]): SqlPart {
  const present = parts.filter((part): part is SqlPart => part !== null);
  if (present.length === 0) return { sql: '1', params: [] };
  return { sql: present.map((part) => `(${part.sql})`).join(' AND '), params: present.flatMap((part) => part.params) };
}

/** Joins parts with OR (null when none). */
export function orAny(parts: readonly (SqlPart | null)[]): SqlPart | null {
  const present = parts.filter((part): part is SqlPart => part !== null);
  if (present.length === 0) return null;
  return { sql: present.map((part) => `(${part.sql})`).join(' OR '), params: present.flatMap((part) => part.params) };
}

/** Escapes LIKE wildcards for `LIKE ? ESCAPE '\'`. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** An FTS5 phrase query for a literal substring (trigram index). */
export function ftsPhrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * A video the brand made itself (it uploaded it, or a creator of type brand did), as opposed to a creator's or
 * shopper's: no license is needed to publish it. SQL over `videos v LEFT JOIN creators c ON c.id = v.creator_id`.
 */
export const BRAND_MADE_SQL = "(v.added_by_bm = 1 OR v.creator_id IS NULL OR c.creator_type = 'brand')";
