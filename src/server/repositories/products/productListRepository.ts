import type Database from 'better-sqlite3';
import type { ProductFilterOptions, ProductIdsResponse, ProductListItem, ProductListQuery } from '../../../shared/http/products.schemas';
import { TRENDING_DAYS } from '../../../shared/http/products.schemas';
import { andAll, type BrandScope, type SqlPart } from '../videos/videoScope';
import { productFiltersSql, productTabSql, visibleProductSql } from './productScope';
import { createStatementCache } from './statementCache';

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

/** Columns of ProductRow; three `?` bind the acting brand (favorite, trash, note). */
export const PRODUCT_COLUMNS = `p.id, p.brand_id, b.name AS brand_name, p.name, p.category, p.description, p.price, p.pictures, p.created_at,
  p.updated_at, p.sentiment_positive, p.video_reviews, p.latest_video_at,
  EXISTS (SELECT 1 FROM marks m WHERE m.mark = 'favorite' AND m.kind = 'product' AND m.brand_id = ? AND m.target_id = p.id) AS is_favorite,
  EXISTS (SELECT 1 FROM marks m WHERE m.mark = 'trash' AND m.kind = 'product' AND m.brand_id = ? AND m.target_id = p.id) AS is_trashed,
  EXISTS (SELECT 1 FROM notes n WHERE n.kind = 'product' AND n.target_id = p.id AND n.brand_id = ?) AS has_note`;

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

/** The products list: count, page, ids and the tab's filter options, all in SQL (prepared per query shape, cached). */
export function createProductListRepository(db: Database.Database) {
  const prepared = createStatementCache(db);
  const version = db.prepare('SELECT total_changes()').pluck();
  const optionsCache = new Map<string, ProductFilterOptions>();
  const whereOf = (scope: BrandScope, query: ProductListQuery, trendingSince: string): SqlPart =>
    andAll([productTabSql(query.tab, scope), productFiltersSql(query.filters, scope.brandId, query.trending ? trendingSince : null, query.search)]);

  return {
    /** Start of the trending window: TRENDING_DAYS before the clock, or before the newest featured video if earlier. */
    trendingSince(scope: BrandScope, now: Date): string {
      const visible = visibleProductSql(scope);
      const latest = prepared(`SELECT MAX(p.latest_video_at) FROM products p WHERE ${visible.sql}`).pluck().get(...visible.params) as string | null;
      const end = latest && Date.parse(latest) < now.getTime() ? Date.parse(latest) : now.getTime();
      return new Date(end - TRENDING_DAYS * DAY_MS).toISOString();
    },

    count(scope: BrandScope, query: ProductListQuery, trendingSince: string): number {
      const where = whereOf(scope, query, trendingSince);
      return prepared(`SELECT COUNT(*) FROM products p WHERE ${where.sql}`).pluck().get(...where.params) as number;
    },

    page(scope: BrandScope, query: ProductListQuery, trendingSince: string): ProductListItem[] {
      const b = scope.brandId;
      const offset = (query.page - 1) * query.per_page;
      if (query.tab === 'Competitors' && scope.competitorIds.length > 1) {
        // Several brands: each brand's products walked in sort order through its index, the walks merged (one ORDER
        // BY over all of them sorts every match, and the matches grow with the workspace).
        const walks = scope.competitorIds.map((id) => whereOf({ ...scope, competitorIds: [id] }, query, trendingSince));
        const sql = walks.map((w) => `SELECT * FROM (SELECT ${SORT_COLUMNS} FROM products p WHERE ${w.sql} ORDER BY ${orderSql(query)} LIMIT ?)`).join(' UNION ALL ');
        const ids = prepared(`${sql} ORDER BY ${orderSql(query).replaceAll('p.', '')} LIMIT ? OFFSET ?`).pluck()
          .all(...walks.flatMap((w) => [...w.params, offset + query.per_page]), query.per_page, offset) as string[];
        const rows = new Map((prepared(`SELECT ${PRODUCT_COLUMNS} FROM products p JOIN brands b ON b.id = p.brand_id WHERE p.id IN (SELECT value FROM json_each(?))`)
          .all(b, b, b, JSON.stringify(ids)) as ProductRow[]).map((row) => [row.id, row]));
        return ids.flatMap((id) => rows.get(id) ?? []).map((row) => toProductItem(row, b, trendingSince));
      }
      const where = whereOf(scope, query, trendingSince);
      const rows = prepared(`SELECT ${PRODUCT_COLUMNS} FROM products p JOIN brands b ON b.id = p.brand_id WHERE ${where.sql} ORDER BY ${orderSql(query)} LIMIT ? OFFSET ?`)
        .all(b, b, b, ...where.params, query.per_page, (query.page - 1) * query.per_page) as ProductRow[];
      return rows.map((row) => toProductItem(row, b, trendingSince));
    },

    ids(scope: BrandScope, query: ProductListQuery, trendingSince: string): ProductIdsResponse['products'] {
      const where = whereOf(scope, query, trendingSince);
      const favorite = "EXISTS (SELECT 1 FROM marks m WHERE m.mark = 'favorite' AND m.kind = 'product' AND m.brand_id = ? AND m.target_id = p.id)";
      const rows = prepared(`SELECT p.id, p.brand_id, ${favorite} AS is_favorite FROM products p WHERE ${where.sql} ORDER BY ${orderSql(query)}`)
        .all(scope.brandId, ...where.params) as { id: string; brand_id: string; is_favorite: number }[];
      return rows.map((row) => ({ product_id: row.id, manufacturer_ids: [row.brand_id], is_favorite: row.is_favorite === 1 }));
    },

    /** Filter options of a tab with counts (before filters); cached until the database changes. */
    options(scope: BrandScope, query: Pick<ProductListQuery, 'tab'>): ProductFilterOptions {
      const key = `${String(version.get())}|${scope.brandId}|${query.tab}`;
      const cached = optionsCache.get(key);
      if (cached) return cached;
      if (optionsCache.size > 50) optionsCache.clear();
      const tab = productTabSql(query.tab, scope);
      const group = (value: string, label: string, from = ''): { value: string; label: string; count: number }[] =>
        prepared(`SELECT ${value} AS value, ${label} AS label, COUNT(DISTINCT p.id) AS count FROM products p ${from} WHERE ${tab.sql} GROUP BY 1 ORDER BY count DESC, value LIMIT 100`)
          .all(...tab.params) as { value: string; label: string; count: number }[];
      const noted = prepared(`SELECT COUNT(*) AS total, SUM(EXISTS (SELECT 1 FROM notes n WHERE n.kind = 'product' AND n.target_id = p.id AND n.brand_id = ?)) AS noted FROM products p WHERE ${tab.sql}`)
        .get(scope.brandId, ...tab.params) as { total: number; noted: number | null };
      const options: ProductFilterOptions = {
        note: [
          { value: 'has_note', label: 'Has note', count: noted.noted ?? 0 },
          { value: 'no_note', label: 'No note', count: noted.total - (noted.noted ?? 0) },
        ],
        category: group('p.category', 'p.category'),
        influencer: group('v.creator_id', 'MAX(c.name)', 'JOIN video_products vp ON vp.product_id = p.id JOIN videos v ON v.id = vp.video_id JOIN creators c ON c.id = v.creator_id'),
        brand: group('p.brand_id', 'MAX(b.name)', 'JOIN brands b ON b.id = p.brand_id'),
      };
      optionsCache.set(key, options);
      return options;
    },

    explainPage(scope: BrandScope, query: ProductListQuery, trendingSince: string): string[] {
      const where = whereOf(scope, query, trendingSince);
      return (db.prepare(`EXPLAIN QUERY PLAN SELECT p.id FROM products p WHERE ${where.sql} ORDER BY ${orderSql(query)} LIMIT 10`).all(...where.params) as { detail: string }[]).map((row) => row.detail);
    },
  };
}
export type ProductListRepository = ReturnType<typeof createProductListRepository>;
