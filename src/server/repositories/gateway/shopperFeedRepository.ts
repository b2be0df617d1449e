import type { SqlClient } from '../../db/sqlClient';

/** A published video as the shopper feed reads it. */
export type ShopperFeedRow = {
  id: string; title: string; thumbnail_url: string | null; media_file: string | null; video_url: string; platform: string; creator_name: string | null; app_published_at: string | null;
};
/** What changes the feed: a video published or taken down, or a published video edited. */
export type ShopperFeedVersion = { total: number; newest: string; edited: string };
/** A product shown with a video in the feed. */
export type ShopperFeedProduct = { _id: string; name: string; price: number };

const PUBLISHED = 'FROM videos v LEFT JOIN creators c ON c.id = v.creator_id WHERE v.brand_id = ? AND v.published = 1';

/** The shopper app's feed: a brand's published videos, newest first, and their products; the same texts on both engines. */
export function createShopperFeedRepository(sql: SqlClient) {
  return {
    version: async (brandId: string): Promise<ShopperFeedVersion> => (await sql.get<ShopperFeedVersion>(
      `SELECT COUNT(*) AS total, COALESCE(MAX(v.app_published_at), '') AS newest, COALESCE(MAX(v.updated_at), '') AS edited ${PUBLISHED}`, [brandId],
    )) as ShopperFeedVersion,
    page: (brandId: string, limit: number, offset: number): Promise<ShopperFeedRow[]> => sql.all<ShopperFeedRow>(
      `SELECT v.id, v.title, v.thumbnail_url, v.media_file, v.video_url, v.platform, c.name AS creator_name, v.app_published_at
        ${PUBLISHED} ORDER BY COALESCE(v.app_published_at, '') DESC, v.id LIMIT ? OFFSET ?`, [brandId, limit, offset],
    ),
    productsOf: (videoId: string): Promise<ShopperFeedProduct[]> => sql.all<ShopperFeedProduct>(
      'SELECT p.id AS "_id", p.name, p.price FROM video_products vp JOIN products p ON p.id = vp.product_id WHERE vp.video_id = ? ORDER BY p.name', [videoId],
    ),
  };
}
