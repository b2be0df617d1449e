import type { PRODUCT_TABS } from '../../../shared/constants';
import type { ProductFilters } from '../../../shared/http/products.schemas';
import type { SqlClient } from '../../db/sqlClient';
import { andAll, FAVORITE_IDS, favoritesOwner, inList, likeContains, type BrandScope, type SqlPart } from '../videos/videoScope';
import { allOf, likeOperator } from './catalogSql';

export type ProductTab = (typeof PRODUCT_TABS)[number];

const placeholders = (count: number): string => Array.from({ length: count }, () => '?').join(',');
const MARKED_IDS = "SELECT target_id FROM marks WHERE mark = ? AND kind = 'product' AND brand_id = ?";
const REMOVED_IDS = 'SELECT product_id FROM product_removals WHERE brand_id = ?';

/** The brand's products and its competitors', minus those it removed from its view. */
export function visibleProductSql(scope: BrandScope): SqlPart {
  const brands = [scope.brandId, ...scope.competitorIds];
  return { sql: `p.brand_id IN (${placeholders(brands.length)}) AND p.id NOT IN (${REMOVED_IDS})`, params: [...brands, scope.brandId] };
}

/**
 * Which products a tab holds (spec §2, §4): My Products / Competitors without trashed ones, Favorites = favorited and
 * not trashed, Trash = trashed. So My Products + Competitors + Trash = every visible product.
 */
export function productTabSql(tab: ProductTab, scope: BrandScope): SqlPart {
  const b = scope.brandId;
  const notTrashed = { sql: `p.id NOT IN (${MARKED_IDS})`, params: ['trash', b] };
  const visible = visibleProductSql(scope);
  switch (tab) {
    case 'My Products':
      return andAll([{ sql: 'p.brand_id = ?', params: [b] }, notTrashed]);
    case 'Competitors': {
      const ids = scope.competitorIds.length > 0 ? scope.competitorIds : [''];
      return andAll([inList('p.brand_id', ids), { sql: `p.id NOT IN (${REMOVED_IDS})`, params: [b] }, notTrashed]);
    }
    case 'Favorites':
      return andAll([{ sql: `p.id IN (${FAVORITE_IDS('product')})`, params: [b, favoritesOwner(scope)] }, visible, notTrashed]);
    case 'Trash':
      return andAll([{ sql: `p.id IN (${MARKED_IDS})`, params: ['trash', b] }, visible]);
  }
}

/**
 * Filters (families AND, values OR), trending and search, written for the client's engine. `trendingSince` is the ISO
 * start of the trending window.
 */
export function productFiltersSql(
  client: Pick<SqlClient, 'engine'>, filters: ProductFilters | undefined, brandId: string, trendingSince: string | null, search: string,
): SqlPart {
  const like = likeOperator(client);
  const noteExists = "EXISTS (SELECT 1 FROM notes n WHERE n.kind = 'product' AND n.target_id = p.id AND n.brand_id = ?)";
  const values = new Set(filters?.note.values ?? []);
  const noteText = filters?.note.text.trim() ?? '';
  const influencers = inList('v.creator_id', filters?.influencer ?? []);
  return allOf([
    values.has('has_note') === values.has('no_note') ? null : { sql: values.has('has_note') ? noteExists : `NOT ${noteExists}`, params: [brandId] },
    noteText === ''
      ? null
      : { sql: `EXISTS (SELECT 1 FROM notes n WHERE n.kind = 'product' AND n.target_id = p.id AND n.brand_id = ? AND n.content ${like} ? ESCAPE '\\')`, params: [brandId, likeContains(noteText)] },
    inList('p.category', filters?.category ?? []),
    influencers ? { sql: `p.id IN (SELECT vp.product_id FROM videos v JOIN video_products vp ON vp.video_id = v.id WHERE ${influencers.sql})`, params: influencers.params } : null,
    inList('p.brand_id', filters?.brand ?? []),
    trendingSince === null ? null : { sql: 'p.latest_video_at >= ?', params: [trendingSince] },
    search === '' ? null : { sql: `p.name ${like} ? ESCAPE '\\'`, params: [likeContains(search)] },
  ]);
}
