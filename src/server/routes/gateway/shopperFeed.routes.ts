import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ShopperFeedQuerySchema, ShopperFeedResponseSchema } from '../../../shared/http/publishing.schemas';
import type { ServerContext } from '../../context';
import { defineRoute } from '../../http/defineRoute';
import { gatewayBrand } from './gatewayBrand';

type Row = { id: string; title: string; thumbnail_url: string | null; media_file: string | null; video_url: string; platform: string; creator_name: string | null; app_published_at: string | null };

/** GET /shopper/feed: the shopper app's feed, newest first; an unchanged page answers 304 to its ETag. */
export function registerShopperFeedRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const published = "FROM videos v LEFT JOIN creators c ON c.id = v.creator_id WHERE v.brand_id = ? AND v.published = 1";
  const page = ctx.db.prepare(`SELECT v.id, v.title, v.thumbnail_url, v.media_file, v.video_url, v.platform, c.name AS creator_name, v.app_published_at
    ${published} ORDER BY COALESCE(v.app_published_at, '') DESC, v.id LIMIT ? OFFSET ?`);
  // What changes the feed: a video published or taken down, or a published video edited.
  const version = ctx.db.prepare(`SELECT COUNT(*) AS total, COALESCE(MAX(v.app_published_at), '') AS newest, COALESCE(MAX(v.updated_at), '') AS edited ${published}`);
  const products = ctx.db.prepare('SELECT p.id AS _id, p.name, p.price FROM video_products vp JOIN products p ON p.id = vp.product_id WHERE vp.video_id = ? ORDER BY p.name');

  defineRoute(app, {
    auth: 'apiKey', tags: ['gateway'], method: 'GET', url: '/shopper/feed', query: ShopperFeedQuerySchema, response: { 200: ShopperFeedResponseSchema, 304: z.unknown() },
    summary: "The shopper app's feed: the brand's published videos, newest first, paged (page, per_page ≤ 100); If-None-Match with its ETag answers 304",
    handler: ({ auth, query, request, reply }) => {
      gatewayBrand(auth, query);
      const { total, newest, edited } = version.get(auth.brandId) as { total: number; newest: string; edited: string };
      const etag = `"${createHash('sha256').update(`${auth.brandId}|${total}|${newest}|${edited}|${query.page}|${query.per_page}`).digest('base64url').slice(0, 27)}"`;
      reply.header('ETag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      const rows = page.all(auth.brandId, query.per_page, (query.page - 1) * query.per_page) as Row[];
      return {
        videos: rows.map((row) => ({
          _id: row.id, title: row.title, thumbnail_url: row.thumbnail_url, media_url: row.media_file ? ctx.media.signedUrl(row.media_file) : null, video_url: row.video_url,
          platform: row.platform, creator_name: row.creator_name, app_published_at: row.app_published_at, products: products.all(row.id) as { _id: string; name: string; price: number }[],
        })),
        page: query.page, per_page: query.per_page, total,
      };
    },
  });
}
