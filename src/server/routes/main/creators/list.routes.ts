import type { FastifyInstance } from 'fastify';
import { CreatorIdsResponseSchema, CreatorListQuerySchema, CreatorListResponseSchema } from '../../../../shared/http/creators.schemas';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';
import type { CreatorRepositories } from '../../../repositories/creators/index';
import { actingBrand } from '../videos/videoAccess';
import { resolveListing, rowsInOrder, toCreatorItem } from './creatorAccess';
import { creatorsCsv } from './creatorCsv';

/** GET /influencers (the list), GET /influencers/get_influencer_ids and GET /influencers/export.csv. */
export function registerCreatorListRoutes(app: FastifyInstance, ctx: ServerContext, repos: CreatorRepositories): void {
  const base = { method: 'GET' as const, auth: 'bearer' as const, tags: ['influencers'], query: CreatorListQuerySchema };

  defineRoute(app, {
    ...base, url: '/influencers', summary: 'The creators of a tab, filtered, sorted and paged, with the tab\'s filter options',
    response: { 200: CreatorListResponseSchema },
    handler: async ({ query, request }) => {
      const acting = await actingBrand(request, repos);
      const { brands, window, trendingSince } = await resolveListing(ctx, repos, acting, query);
      const count = await repos.list.count(brands, query, window, trendingSince);
      const offset = (query.page - 1) * query.per_page;
      const ids = count > offset ? (await repos.list.pageIds(brands, query, window, trendingSince, query.per_page, offset, count)).map((row) => row.id) : [];
      return {
        influencers: (await rowsInOrder(repos, acting.brandId, ids)).map((row) => toCreatorItem(row, acting.brandId, trendingSince)),
        data: { count, totalPages: Math.ceil(count / query.per_page), page: query.page, per_page: query.per_page, loaded_for: window, filters: await repos.list.options(brands) },
      };
    },
  });

  defineRoute(app, {
    ...base, url: '/influencers/get_influencer_ids', summary: 'Every creator id matching the list query (select all N matching)',
    response: { 200: CreatorIdsResponseSchema },
    handler: async ({ query, request }) => {
      const acting = await actingBrand(request, repos);
      const { brands, window, trendingSince } = await resolveListing(ctx, repos, acting, query);
      const rows = await repos.list.everyMatch(brands, query, window, trendingSince);
      return {
        count: rows.length,
        influencers: rows.map((row) => ({ influencer_id: row.id, manufacturer_ids: [row.brand_id], name: row.name, email: row.email, valid_email: row.email_valid === 1 })),
      };
    },
  });

  defineRoute(app, {
    ...base, url: '/influencers/export.csv', summary: 'Every creator matching the list query as CSV (UTF-8 with BOM, header row, list order)',
    handler: async ({ query, request, reply }) => {
      const acting = await actingBrand(request, repos);
      const { brands, window, trendingSince } = await resolveListing(ctx, repos, acting, query);
      const ids = (await repos.list.everyMatch(brands, query, window, trendingSince)).map((row) => row.id);
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="creators-${query.tab.toLowerCase().replace(/\s+/g, '-')}.csv"`);
      return creatorsCsv(await rowsInOrder(repos, acting.brandId, ids));
    },
  });
}
