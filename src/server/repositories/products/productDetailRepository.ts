import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { BrandScope } from '../videos/videoScope';
import { PRODUCT_COLUMNS, type ProductRow } from './productListRepository';
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

const VIDEO_ORDER = { recent: 'v.published_at DESC, v.id DESC', views: 'v.views DESC, v.id DESC' } as const;
const INFLUENCER_ORDER = { trending: 'latest_video_at DESC, videos DESC, c.id', popular: 'c.subscribers DESC, c.id' } as const;

/** One product: detail, its videos and creators, edits, categories and autocomplete. */
export function createProductDetailRepository(db: Database.Database) {
  const findSql = (scope: BrandScope) => {
    const visible = visibleProductSql(scope);
    return { sql: `SELECT ${PRODUCT_COLUMNS} FROM products p JOIN brands b ON b.id = p.brand_id WHERE p.id = ? AND ${visible.sql}`, params: visible.params };
  };
  const videoCount = db.prepare('SELECT COUNT(*) FROM video_products WHERE product_id = ?').pluck();
  const videosBy = (order: keyof typeof VIDEO_ORDER) =>
    db.prepare(`SELECT ${CATALOG_VIDEO_COLUMNS} FROM video_products vp JOIN videos v ON v.id = vp.video_id LEFT JOIN creators c ON c.id = v.creator_id
      WHERE vp.product_id = ? AND COALESCE(v.published_at, '') >= ? ORDER BY ${VIDEO_ORDER[order]} LIMIT ? OFFSET ?`);
  const videoStatements = { recent: videosBy('recent'), views: videosBy('views') };
  const influencersBy = (order: keyof typeof INFLUENCER_ORDER) =>
    db.prepare(`SELECT c.id, c.name, c.handle, c.platform, c.picture, c.subscribers, COUNT(*) AS videos, MAX(v.published_at) AS latest_video_at
      FROM video_products vp JOIN videos v ON v.id = vp.video_id JOIN creators c ON c.id = v.creator_id
      WHERE vp.product_id = ? GROUP BY c.id ORDER BY ${INFLUENCER_ORDER[order]} LIMIT ? OFFSET ?`);
  const influencerStatements = { trending: influencersBy('trending'), popular: influencersBy('popular') };
  const influencerCount = db.prepare('SELECT COUNT(DISTINCT v.creator_id) FROM video_products vp JOIN videos v ON v.id = vp.video_id WHERE vp.product_id = ?').pluck();
  const names = db.prepare('SELECT id AS _id, name FROM products WHERE brand_id = ? ORDER BY name, id');
  const insert = db.prepare('INSERT INTO products (id, brand_id, name, category, description, price, pictures, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const nameTaken = db.prepare('SELECT 1 FROM products WHERE brand_id = ? AND name = ? COLLATE NOCASE AND id != ?').pluck();
  const update = db.prepare('UPDATE products SET name = ?, category = ?, description = ?, price = ?, pictures = ?, updated_at = ? WHERE id = ? AND brand_id = ?');
  const categories = db.prepare('SELECT id AS _id, name FROM product_categories ORDER BY name');
  const addCategory = db.prepare('INSERT OR IGNORE INTO product_categories (id, name) VALUES (?, ?)');
  const autocompleteProducts = db.prepare(`SELECT p.id, p.name FROM products p WHERE p.brand_id IN (SELECT value FROM json_each(?)) AND p.name LIKE ? ESCAPE '\\' ORDER BY p.name LIMIT 20`);
  const autocompleteTags = db.prepare(`SELECT DISTINCT campaign_hashtag AS tag FROM campaigns WHERE brand_id IN (SELECT value FROM json_each(?)) AND campaign_hashtag LIKE ? ESCAPE '\\' ORDER BY tag LIMIT 20`);

  return {
    find(scope: BrandScope, productId: string): ProductRow | null {
      const { sql, params } = findSql(scope);
      const b = scope.brandId;
      return (db.prepare(sql).get(b, b, b, productId, ...params) as ProductRow | undefined) ?? null;
    },
    /** Videos featuring the product published at or after `since` ('' = all), newest or most viewed first. */
    videos(productId: string, order: keyof typeof VIDEO_ORDER, since: string, limit: number, offset = 0): CatalogVideoRow[] {
      return videoStatements[order].all(productId, since, limit, offset) as CatalogVideoRow[];
    },
    videoCount: (productId: string): number => videoCount.get(productId) as number,
    influencers(productId: string, order: keyof typeof INFLUENCER_ORDER, limit: number, offset = 0): ProductInfluencerRow[] {
      return influencerStatements[order].all(productId, limit, offset) as ProductInfluencerRow[];
    },
    influencerCount: (productId: string): number => influencerCount.get(productId) as number,
    names: (brandId: string): { _id: string; name: string }[] => names.all(brandId) as { _id: string; name: string }[],
    nameTaken: (brandId: string, name: string, exceptId = ''): boolean => nameTaken.get(brandId, name, exceptId) !== undefined,
    create(brandId: string, fields: ProductFields, at: string): string {
      const id = randomBytes(12).toString('hex');
      db.transaction(() => {
        addCategory.run(randomBytes(12).toString('hex'), fields.category);
        insert.run(id, brandId, fields.name, fields.category, fields.description, fields.price, JSON.stringify(fields.pictures), at, at);
      })();
      return id;
    },
    update(productId: string, brandId: string, fields: ProductFields, at: string): void {
      db.transaction(() => {
        addCategory.run(randomBytes(12).toString('hex'), fields.category);
        update.run(fields.name, fields.category, fields.description, fields.price, JSON.stringify(fields.pictures), at, productId, brandId);
      })();
    },
    categories: (): { _id: string; name: string }[] => categories.all() as { _id: string; name: string }[],
    autocomplete(brandIds: readonly string[], like: string): { products: { id: string; name: string }[]; tags: string[] } {
      const brands = JSON.stringify(brandIds);
      return {
        products: autocompleteProducts.all(brands, like) as { id: string; name: string }[],
        tags: (autocompleteTags.all(brands, like) as { tag: string }[]).map((row) => row.tag),
      };
    },
  };
}
export type ProductDetailRepository = ReturnType<typeof createProductDetailRepository>;
