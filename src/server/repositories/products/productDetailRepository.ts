import { randomBytes } from 'node:crypto';
import { inList, type SqlClient } from '../../db/sqlClient';
import { favoritesOwner, type BrandScope } from '../videos/videoScope';
import { PRODUCT_COLUMNS, type ProductRow } from './productListRepository';
import { likeOperator, paramsOf } from './catalogSql';
import { visibleProductSql } from './productScope';

/** A video row of the product and creator detail lists. */
export interface CatalogVideoRow {
  id: string;
  title: string;
  platform: string;
  thumbnail_url: string | null;
  views: number;
  sentiment_positive: number;
  sentiment_negative: number;
  published_at: string | null;
  creator_id: string | null;
  creator_name: string | null;
  brand_id: string;
  sponsored_by: string | null;
}
export const CATALOG_VIDEO_COLUMNS = `v.id, v.title, v.platform, v.thumbnail_url, v.views, v.sentiment_positive, v.sentiment_negative, v.published_at,
  v.creator_id, c.name AS creator_name, v.brand_id, v.sponsored_by`;

export interface ProductInfluencerRow {
  id: string;
  name: string;
  handle: string;
  platform: string;
  picture: string | null;
  subscribers: number;
  videos: number;
  latest_video_at: string | null;
}

export interface ProductFields {
  name: string;
  category: string;
  description: string;
  price: number;
  pictures: string[];
}

// NULLS LAST is SQLite's own order for DESC; PostgreSQL puts NULLs first unless told.
const VIDEO_ORDER = { recent: 'v.published_at DESC NULLS LAST, v.id DESC', views: 'v.views DESC, v.id DESC' } as const;
const INFLUENCER_ORDER = { trending: 'latest_video_at DESC NULLS LAST, videos DESC, c.id', popular: 'c.subscribers DESC, c.id' } as const;

/** One product: detail, its videos and creators, edits, categories and autocomplete (on either engine). */
export function createProductDetailRepository(sql: SqlClient) {
  const like = likeOperator(sql);
  const addCategory = (tx: SqlClient, name: string) =>
    tx.run('INSERT INTO product_categories (id, name) VALUES (?, ?) ON CONFLICT DO NOTHING', [randomBytes(12).toString('hex'), name]);
  const countOf = async (text: string, params: string[]): Promise<number> => (await sql.get<{ count: number }>(text, params))?.count ?? 0;

  return {
    async find(scope: BrandScope, productId: string): Promise<ProductRow | null> {
      const visible = visibleProductSql(scope);
      const b = scope.brandId;
      const row = await sql.get<ProductRow>(`SELECT ${PRODUCT_COLUMNS} FROM products p JOIN brands b ON b.id = p.brand_id WHERE p.id = ? AND ${visible.sql}`,
        [b, favoritesOwner(scope), b, b, productId, ...paramsOf(visible)]);
      return row ?? null;
    },
    /** Videos featuring the product published at or after `since` ('' = all), newest or most viewed first. */
    videos(productId: string, order: keyof typeof VIDEO_ORDER, since: string, limit: number, offset = 0): Promise<CatalogVideoRow[]> {
      return sql.all<CatalogVideoRow>(`SELECT ${CATALOG_VIDEO_COLUMNS} FROM video_products vp JOIN videos v ON v.id = vp.video_id LEFT JOIN creators c ON c.id = v.creator_id
        WHERE vp.product_id = ? AND COALESCE(v.published_at, '') >= ? ORDER BY ${VIDEO_ORDER[order]} LIMIT ? OFFSET ?`, [productId, since, limit, offset]);
    },
    videoCount: (productId: string): Promise<number> => countOf('SELECT COUNT(*) AS count FROM video_products WHERE product_id = ?', [productId]),
    influencers(productId: string, order: keyof typeof INFLUENCER_ORDER, limit: number, offset = 0): Promise<ProductInfluencerRow[]> {
      return sql.all<ProductInfluencerRow>(`SELECT c.id, c.name, c.handle, c.platform, c.picture, c.subscribers, COUNT(*) AS videos, MAX(v.published_at) AS latest_video_at
        FROM video_products vp JOIN videos v ON v.id = vp.video_id JOIN creators c ON c.id = v.creator_id
        WHERE vp.product_id = ? GROUP BY c.id ORDER BY ${INFLUENCER_ORDER[order]} LIMIT ? OFFSET ?`, [productId, limit, offset]);
    },
    influencerCount: (productId: string): Promise<number> =>
      countOf('SELECT COUNT(DISTINCT v.creator_id) AS count FROM video_products vp JOIN videos v ON v.id = vp.video_id WHERE vp.product_id = ?', [productId]),
    names: (brandId: string): Promise<{ _id: string; name: string }[]> => sql.all('SELECT id AS "_id", name FROM products WHERE brand_id = ? ORDER BY name, id', [brandId]),
    /** Whether another product of the brand has the name in any ASCII case (SQLite's NOCASE, lower() on both engines). */
    async nameTaken(brandId: string, name: string, exceptId = ''): Promise<boolean> {
      return (await sql.get('SELECT 1 AS taken FROM products WHERE brand_id = ? AND lower(name) = lower(?) AND id <> ?', [brandId, name, exceptId])) !== undefined;
    },
    async create(brandId: string, fields: ProductFields, at: string): Promise<string> {
      const id = randomBytes(12).toString('hex');
      await sql.transaction(async (tx) => {
        await addCategory(tx, fields.category);
        await tx.run('INSERT INTO products (id, brand_id, name, category, description, price, pictures, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
          [id, brandId, fields.name, fields.category, fields.description, fields.price, JSON.stringify(fields.pictures), at, at]);
      });
      return id;
    },
    async update(productId: string, brandId: string, fields: ProductFields, at: string): Promise<void> {
      await sql.transaction(async (tx) => {
        await addCategory(tx, fields.category);
        await tx.run('UPDATE products SET name = ?, category = ?, description = ?, price = ?, pictures = ?, updated_at = ? WHERE id = ? AND brand_id = ?',
          [fields.name, fields.category, fields.description, fields.price, JSON.stringify(fields.pictures), at, productId, brandId]);
      });
    },
    categories: (): Promise<{ _id: string; name: string }[]> => sql.all('SELECT id AS "_id", name FROM product_categories ORDER BY name'),
    async autocomplete(brandIds: readonly string[], pattern: string): Promise<{ products: { id: string; name: string }[]; tags: string[] }> {
      const products = inList(sql, 'p.brand_id', brandIds);
      const campaigns = inList(sql, 'brand_id', brandIds);
      return {
        products: await sql.all<{ id: string; name: string }>(
          `SELECT p.id, p.name FROM products p WHERE ${products.sql} AND p.name ${like} ? ESCAPE '\\' ORDER BY p.name, p.id LIMIT 20`, [products.param, pattern]),
        tags: (await sql.all<{ tag: string }>(
          `SELECT DISTINCT campaign_hashtag AS tag FROM campaigns WHERE ${campaigns.sql} AND campaign_hashtag ${like} ? ESCAPE '\\' ORDER BY tag LIMIT 20`,
          [campaigns.param, pattern])).map((row) => row.tag),
      };
    },
  };
}
export type ProductDetailRepository = ReturnType<typeof createProductDetailRepository>;
