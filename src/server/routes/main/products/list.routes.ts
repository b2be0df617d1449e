import type { FastifyInstance } from 'fastify';
import { ProductIdsResponseSchema, ProductListQuerySchema, ProductListResponseSchema } from '../../../../shared/http/products.schemas';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';
import type { ProductRepositories } from '../../../repositories/products/index';
import { actingBrand } from '../videos/videoAccess';

/** GET /products (the list with counts and filter options) and GET /products/get_product_ids. */
export function registerProductListRoutes(app: FastifyInstance, ctx: ServerContext, repos: ProductRepositories): void {
  const base = { method: 'GET' as const, auth: 'bearer' as const, tags: ['products'], query: ProductListQuerySchema };

  defineRoute(app, {
    ...base, url: '/products', summary: 'The products of a tab, filtered, sorted and paged, with the tab\'s filter options',
    response: { 200: ProductListResponseSchema },
    handler: async ({ query, request }) => {
      const acting = await actingBrand(request, repos);
      const since = await repos.list.trendingSince(acting, ctx.now());
      const count = await repos.list.count(acting, query, since);
      return {
        products: count > (query.page - 1) * query.per_page ? await repos.list.page(acting, query, since) : [],
        data: { count, totalPages: Math.ceil(count / query.per_page), page: query.page, per_page: query.per_page, filters: await repos.list.options(acting, query) },
      };
    },
  });

  defineRoute(app, {
    ...base, url: '/products/get_product_ids', summary: 'Every product id matching the list query (select all N matching)',
    response: { 200: ProductIdsResponseSchema },
    handler: async ({ query, request }) => {
      const acting = await actingBrand(request, repos);
      const products = await repos.list.ids(acting, query, await repos.list.trendingSince(acting, ctx.now()));
      return { count: products.length, products };
    },
  });
}
