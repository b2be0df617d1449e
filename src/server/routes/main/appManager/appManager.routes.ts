import type { FastifyInstance } from 'fastify';
import { AppManagerQuerySchema, AppManagerResponseSchema } from '../../../../shared/http/publishing.schemas';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';
import { actingBrand } from '../videos/videoAccess';

/** GET /app_manager/videos (spec §2 App manager): the brand's videos for the shopper app by tab, with their publish state and rights. */
export function registerAppManagerRoutes(app: FastifyInstance, ctx: ServerContext): void {
  defineRoute(app, {
    auth: 'bearer', tags: ['app manager'], method: 'GET', url: '/app_manager/videos',
    summary: "The brand's videos for the shopper app, by tab (brand, shopper, all), with published state, latest publish job and why one cannot be published",
    query: AppManagerQuerySchema, response: { 200: AppManagerResponseSchema },
    handler: async ({ query, request }) => {
      const brandId = (await actingBrand(request, ctx.videos)).brandId;
      const scope = { brand: brandId, search: query.search, published_only: query.show === 'published' ? 1 as const : 0 as const };
      const tally = await ctx.repos.appManager.counts(scope);
      const rows = await ctx.repos.appManager.page(query.tab, scope, query.per_page, (query.page - 1) * query.per_page);
      return {
        videos: await Promise.all(rows.map(async (row) => ({
          _id: row.id, title: row.title, thumbnail_url: row.thumbnail_url, platform: row.platform, creator_name: row.creator_name, by_brand: row.by_brand === 1,
          published: row.published === 1, app_published_at: row.app_published_at, job: await ctx.publishing.latestOf(brandId, row.id),
          blocked: row.published === 1 ? null : await ctx.publishing.blocked(brandId, row.id),
          licenses: [...((await ctx.publishing.rights(brandId, row.id))?.licenses ?? [])],
        }))),
        total: tally[query.tab], counts: tally,
      };
    },
  });
}
