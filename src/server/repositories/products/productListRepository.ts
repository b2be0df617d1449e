import type { ProductFilterOptions, ProductIdsResponse, ProductListItem, ProductListQuery } from '../../../shared/http/products.schemas';
import { TRENDING_DAYS } from '../../../shared/http/products.schemas';
import { inList, type SqlClient } from '../../db/sqlClient';
import { andAll, FAVORITE_IDS, favoritesOwner, type BrandScope, type SqlPart } from '../videos/videoScope';
import { asFlag, paramsOf } from './catalogSql';
import { productFiltersSql, productTabSql, visibleProductSql } from './productScope';

/** A product row with the acting brand's view (see PRODUCT_COLUMNS). */
export interface ProductRow {
  id: string;
  brand_id: string;
  brand_name: string;
  name: string;
  category: string;
  description: string;
  price: number;
  pictures: string;
  created_at: string;
  updated_at: string;
  sentiment_positive: number;
  video_reviews: number;
  latest_video_at: string | null;
  is_favorite: number;
  is_trashed: number;
  has_note: number;
}

/** The acting person's favorite (issue 29: favorites are personal); bind the brand, then the person. */
const FAVORITE_OF_PRODUCT = `p.id IN (${FAVORITE_IDS('product')})`;

/** Columns of ProductRow; bind the acting brand and user (the person's favorite), then the brand twice (trash, note). */
export const PRODUCT_COLUMNS = `p.id, p.brand_id, b.name AS brand_name, p.name, p.category, p.description, p.price, p.pictures, p.created_at,
  p.updated_at, p.sentiment_positive, p.video_reviews, p.latest_video_at,
  ${asFlag(FAVORITE_OF_PRODUCT)} AS is_favorite,
  ${asFlag("EXISTS (SELECT 1 FROM marks m WHERE m.mark = 'trash' AND m.kind = 'product' AND m.brand_id = ? AND m.target_id = p.id)")} AS is_trashed,
  ${asFlag("EXISTS (SELECT 1 FROM notes n WHERE n.kind = 'product' AND n.target_id = p.id AND n.brand_id = ?)")} AS has_note`;

const DAY_MS = 86_400_000;

export function parseJsonList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

/** A row as the API shows it; `trendingSince` is the start of the trending window. */
export function toProductItem(row: ProductRow, brandId: string, trendingSince: string): ProductListItem {
  return {
    _id: row.id, brand_id: row.brand_id, name: row.name, category: row.category, description: row.description, price: row.price,
    pictures: parseJsonList(row.pictures), created_at: row.created_at, updated_at: row.updated_at, manufacturerName: row.brand_name,
    is_competitor: row.brand_id !== brandId, is_favorite: row.is_favorite === 1, is_trashed: row.is_trashed === 1, has_note: row.has_note === 1,
    sentiment: Math.round(row.sentiment_positive * 1000) / 1000, video_reviews: row.video_reviews, latest_video_at: row.latest_video_at,
    trending: row.latest_video_at !== null && row.latest_video_at >= trendingSince,
  };
}

/** The columns every sort reads (the merged walks order by them outside). */
const SORT_COLUMNS = 'p.id, p.sentiment_positive, p.created_at, p.video_reviews';

function orderSql(query: Pick<ProductListQuery, 'sort' | 'desc'>): string {
  const dir = query.desc ? 'DESC' : 'ASC';
  switch (query.sort) {
    case 'highest_sentiment':
      return 'p.sentiment_positive DESC, p.id DESC';
    case 'lowest_sentiment':
      return 'p.sentiment_positive ASC, p.id ASC';
    case 'new_products':
      return `p.created_at ${dir}, p.id ${dir}`;
    case 'highest_video_reviews':
      return `p.video_reviews ${dir}, p.id ${dir}`;
  }
}

/**
 * The products list: count, page, ids and the tab's filter options, all in SQL, one text for both engines (SQLite
 * prepares each shape once; the options are cached on SQLite until its database changes).
 */
export function createProductListRepository(sql: SqlClient) {
  const optionsCache = new Map<string, ProductFilterOptions>();
  /** What the options cache is keyed on: SQLite counts its connection's changes; a team server has several writers, so no cache. */
  const version = async (): Promise<string | null> =>
    sql.engine === 'sqlite' ? String((await sql.get<{ changes: number }>('SELECT total_changes() AS changes'))?.changes) : null;
  const whereOf = (scope: BrandScope, query: ProductListQuery, trendingSince: string): SqlPart =>
    andAll([productTabSql(query.tab, scope), productFiltersSql(sql, query.filters, scope.brandId, query.trending ? trendingSince : null, query.search)]);
  const rowsById = (scope: BrandScope, ids: readonly string[]): Promise<ProductRow[]> => {
    const list = inList(sql, 'p.id', ids);
    const b = scope.brandId;
    return sql.all<ProductRow>(`SELECT ${PRODUCT_COLUMNS} FROM products p JOIN brands b ON b.id = p.brand_id WHERE ${list.sql}`, [b, favoritesOwner(scope), b, b, list.param]);
  };

  return {
    /** Start of the trending window: TRENDING_DAYS before the clock, or before the newest featured video if earlier. */
    async trendingSince(scope: BrandScope, now: Date): Promise<string> {
      const visible = visibleProductSql(scope);
      const row = await sql.get<{ latest: string | null }>(`SELECT MAX(p.latest_video_at) AS latest FROM products p WHERE ${visible.sql}`, paramsOf(visible));
      const latest = row?.latest ?? null;
      const end = latest && Date.parse(latest) < now.getTime() ? Date.parse(latest) : now.getTime();
      return new Date(end - TRENDING_DAYS * DAY_MS).toISOString();
    },

    async count(scope: BrandScope, query: ProductListQuery, trendingSince: string): Promise<number> {
      const where = whereOf(scope, query, trendingSince);
      return (await sql.get<{ count: number }>(`SELECT COUNT(*) AS count FROM products p WHERE ${where.sql}`, paramsOf(where)))?.count ?? 0;
    },

    async page(scope: BrandScope, query: ProductListQuery, trendingSince: string): Promise<ProductListItem[]> {
      const b = scope.brandId;
      const offset = (query.page - 1) * query.per_page;
      if (query.tab === 'Competitors' && scope.competitorIds.length > 1) {
        // Several brands: each brand's products walked in sort order through its index, the walks merged (one ORDER
        // BY over all of them sorts every match, and the matches grow with the workspace).
        const walks = scope.competitorIds.map((id) => whereOf({ ...scope, competitorIds: [id] }, query, trendingSince));
        const text = walks.map((w, i) => `SELECT * FROM (SELECT ${SORT_COLUMNS} FROM products p WHERE ${w.sql} ORDER BY ${orderSql(query)} LIMIT ?) AS walk${i}`).join(' UNION ALL ');
        const ids = (await sql.all<{ id: string }>(`${text} ORDER BY ${orderSql(query).replaceAll('p.', '')} LIMIT ? OFFSET ?`,
          [...walks.flatMap((w) => [...paramsOf(w), offset + query.per_page]), query.per_page, offset])).map((row) => row.id);
        const rows = new Map((await rowsById(scope, ids)).map((row) => [row.id, row]));
        return ids.flatMap((id) => rows.get(id) ?? []).map((row) => toProductItem(row, b, trendingSince));
      }
      const where = whereOf(scope, query, trendingSince);
      const rows = await sql.all<ProductRow>(`SELECT ${PRODUCT_COLUMNS} FROM products p JOIN brands b ON b.id = p.brand_id WHERE ${where.sql} ORDER BY ${orderSql(query)} LIMIT ? OFFSET ?`,
        [b, favoritesOwner(scope), b, b, ...paramsOf(where), query.per_page, offset]);
      return rows.map((row) => toProductItem(row, b, trendingSince));
    },

    async ids(scope: BrandScope, query: ProductListQuery, trendingSince: string): Promise<ProductIdsResponse['products']> {
      const where = whereOf(scope, query, trendingSince);
      const favorite = asFlag(FAVORITE_OF_PRODUCT);
      const rows = await sql.all<{ id: string; brand_id: string; is_favorite: number }>(
        `SELECT p.id, p.brand_id, ${favorite} AS is_favorite FROM products p WHERE ${where.sql} ORDER BY ${orderSql(query)}`, [scope.brandId, favoritesOwner(scope), ...paramsOf(where)]);
      return rows.map((row) => ({ product_id: row.id, manufacturer_ids: [row.brand_id], is_favorite: row.is_favorite === 1 }));
    },

    /** Filter options of a tab with counts (before filters); on SQLite cached until the database changes. */
    async options(scope: BrandScope, query: Pick<ProductListQuery, 'tab'>): Promise<ProductFilterOptions> {
      const changes = await version();
      // The Favorites tab is the person's own (issue 29).
      const key = changes === null ? null : `${changes}|${scope.brandId}|${query.tab}|${query.tab === 'Favorites' ? favoritesOwner(scope) : ''}`;
      const cached = key === null ? undefined : optionsCache.get(key);
      if (cached) return cached;
      if (optionsCache.size > 50) optionsCache.clear();
      const tab = productTabSql(query.tab, scope);
      const group = (value: string, label: string, from = ''): Promise<{ value: string; label: string; count: number }[]> =>
        sql.all(`SELECT ${value} AS value, ${label} AS label, COUNT(DISTINCT p.id) AS count FROM products p ${from} WHERE ${tab.sql} GROUP BY ${value} ORDER BY count DESC, value LIMIT 100`,
          paramsOf(tab));
      const noteExists = "EXISTS (SELECT 1 FROM notes n WHERE n.kind = 'product' AND n.target_id = p.id AND n.brand_id = ?)";
      const noted = (await sql.get<{ total: number; noted: number | null }>(`SELECT COUNT(*) AS total, SUM(${asFlag(noteExists)}) AS noted FROM products p WHERE ${tab.sql}`,
        [scope.brandId, ...paramsOf(tab)])) ?? { total: 0, noted: null };
      const options: ProductFilterOptions = {
        note: [
          { value: 'has_note', label: 'Has note', count: noted.noted ?? 0 },
          { value: 'no_note', label: 'No note', count: noted.total - (noted.noted ?? 0) },
        ],
        category: await group('p.category', 'p.category'),
        influencer: await group('v.creator_id', 'MAX(c.name)', 'JOIN video_products vp ON vp.product_id = p.id JOIN videos v ON v.id = vp.video_id JOIN creators c ON c.id = v.creator_id'),
        brand: await group('p.brand_id', 'MAX(b.name)', 'JOIN brands b ON b.id = p.brand_id'),
      };
      if (key !== null) optionsCache.set(key, options);
      return options;
    },

    /** SQLite's plan of a page query (the tests check the page walks a sort index). */
    async explainPage(scope: BrandScope, query: ProductListQuery, trendingSince: string): Promise<string[]> {
      const where = whereOf(scope, query, trendingSince);
      const plan = await sql.all<{ detail: string }>(`EXPLAIN QUERY PLAN SELECT p.id FROM products p WHERE ${where.sql} ORDER BY ${orderSql(query)} LIMIT 10`, paramsOf(where));
      return plan.map((row) => row.detail);
    },
  };
}
export type ProductListRepository = ReturnType<typeof createProductListRepository>;
