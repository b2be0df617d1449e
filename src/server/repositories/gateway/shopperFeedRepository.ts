import type Database from 'better-sqlite3';

/** A published video as the shopper feed reads it. */
export type ShopperFeedRow = {
  id: string; title: string; thumbnail_url: string | null; media_file: string | null; video_url: string; platform: string; creator_name: string | null; app_published_at: string | null;
};
/** What changes the feed: a video published or taken down, or a published video edited. */
export type ShopperFeedVersion = { total: number; newest: string; edited: string };

/** The shopper app's feed: a brand's published videos, newest first, and their products. */
export function createShopperFeedRepository(db: Database.Database) {
  const published = "FROM videos v LEFT JOIN creators c ON c.id = v.creator_id WHERE v.brand_id = ? AND v.published = 1";
  const page = db.prepare(`SELECT v.id, v.title, v.thumbnail_url, v.media_file, v.video_url, v.platform, c.name AS creator_name, v.app_published_at
    ${published} ORDER BY COALESCE(v.app_published_at, '') DESC, v.id LIMIT ? OFFSET ?`);
  const version = db.prepare(`SELECT COUNT(*) AS total, COALESCE(MAX(v.app_published_at), '') AS newest, COALESCE(MAX(v.updated_at), '') AS edited ${published}`);
  const products = db.prepare('SELECT p.id AS _id, p.name, p.price FROM video_products vp JOIN products p ON p.id = vp.product_id WHERE vp.video_id = ? ORDER BY p.name');
  return {
    version: (brandId: string): ShopperFeedVersion => version.get(brandId) as ShopperFeedVersion,
    page: (brandId: string, limit: number, offset: number): ShopperFeedRow[] => page.all(brandId, limit, offset) as ShopperFeedRow[],
    productsOf: (videoId: string): { _id: string; name: string; price: number }[] => products.all(videoId) as { _id: string; name: string; price: number }[],
  };
}
