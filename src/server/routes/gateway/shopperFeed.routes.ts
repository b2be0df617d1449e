import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ShopperFeedQuerySchema, ShopperFeedResponseSchema } from '../../../shared/http/publishing.schemas';
import type { ServerContext } from '../../context';
import { defineRoute } from '../../http/defineRoute';
import { gatewayBrand } from './gatewayBrand';

/** GET /shopper/feed: the shopper app's feed, newest first; an unchanged page answers 304 to its ETag. */
export function registerShopperFeedRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const feed = ctx.repos.shopperFeed;

  defineRoute(app, {
    auth: 'apiKey', tags: ['gateway'], method: 'GET', url: '/shopper/feed', query: ShopperFeedQuerySchema, response: { 200: ShopperFeedResponseSchema, 304: z.unknown() },
    summary: "The shopper app's feed: the brand's published videos, newest first, paged (page, per_page ≤ 100); If-None-Match with its ETag answers 304",
    handler: async ({ auth, query, request, reply }) => {
      gatewayBrand(auth, query);
      const { total, newest, edited } = await feed.version(auth.brandId);
      const etag = `"${createHash('sha256').update(`${auth.brandId}|${total}|${newest}|${edited}|${query.page}|${query.per_page}`).digest('base64url').slice(0, 27)}"`;
      reply.header('ETag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      const rows = await feed.page(auth.brandId, query.per_page, (query.page - 1) * query.per_page);
      return {
        videos: await Promise.all(rows.map(async (row) => ({
          _id: row.id, title: row.title, thumbnail_url: row.thumbnail_url, media_url: row.media_file ? ctx.media.signedUrl(row.media_file) : null, video_url: row.video_url,
          platform: row.platform, creator_name: row.creator_name, app_published_at: row.app_published_at, products: await feed.productsOf(row.id),
        }))),
        page: query.page, per_page: query.per_page, total,
      };
    },
  });
}
