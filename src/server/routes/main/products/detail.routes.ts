import type { FastifyInstance } from 'fastify';
import {
  AutocompleteQuerySchema, AutocompleteResponseSchema, CategoriesResponseSchema, PRODUCT_MESSAGES, ProductCreateBodySchema, ProductDetailResponseSchema,
  ProductIdParamsSchema, ProductInfluencersResponseSchema, ProductPageQuerySchema, ProductUpdateBodySchema, ProductVideosResponseSchema,
} from '../../../../shared/http/products.schemas';
import { IdentityQuerySchema } from '../../../../shared/http/videos.schemas';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';
import { HttpError } from '../../../http/httpError';
import type { ProductInfluencerRow } from '../../../repositories/products/productDetailRepository';
import type { ProductRepositories } from '../../../repositories/products/index';
import { parseJsonList, toProductItem } from '../../../repositories/products/productListRepository';
import { likeContains } from '../../../repositories/videos/videoScope';
import { actingBrand, type Acting } from '../videos/videoAccess';
import { ownProduct, productInput, toCatalogVideo, visibleProduct } from './productAccess';

const DETAIL_LIST = 12;

const toInfluencer = (row: ProductInfluencerRow) => ({
  _id: row.id, name: row.name, handle: row.handle, platform: row.platform, picture: row.picture, subscribers: row.subscribers, videos: row.videos, latest_video_at: row.latest_video_at,
});

/** Detail, create and edit of a product; its videos and influencers; categories and autocomplete. */
export function registerProductDetailRoutes(app: FastifyInstance, ctx: ServerContext, repos: ProductRepositories): void {
  const base = { auth: 'bearer' as const, tags: ['products'] };
  const at = (): string => ctx.now().toISOString();

  const detailOf = async (acting: Acting, productId: string) => {
    const row = await visibleProduct(repos, acting, productId);
    const since = await repos.list.trendingSince(acting, ctx.now());
    return {
      product: toProductItem(row, acting.brandId, since),
      pictures: parseJsonList(row.pictures),
      videos: {
        trending: (await repos.detail.videos(productId, 'views', since, DETAIL_LIST)).map(toCatalogVideo),
        recent: (await repos.detail.videos(productId, 'recent', '', DETAIL_LIST)).map(toCatalogVideo),
      },
      influencers: {
        trending: (await repos.detail.influencers(productId, 'trending', DETAIL_LIST)).map(toInfluencer),
        popular: (await repos.detail.influencers(productId, 'popular', DETAIL_LIST)).map(toInfluencer),
      },
      names: await repos.detail.names(row.brand_id),
    };
  };

  defineRoute(app, {
    ...base, method: 'GET', url: '/products/categories', summary: 'Every product category', query: IdentityQuerySchema,
    response: { 200: CategoriesResponseSchema },
    handler: async ({ request }) => {
      await actingBrand(request, repos);
      return { categories: await repos.detail.categories() };
    },
  });

  defineRoute(app, {
    ...base, method: 'GET', url: '/products/autocomplete_product_or_hashtag_list', summary: 'Product names and campaign hashtags containing q',
    query: AutocompleteQuerySchema, response: { 200: AutocompleteResponseSchema },
    handler: async ({ query, request }) => {
      const acting = await actingBrand(request, repos);
      const found = await repos.detail.autocomplete([acting.brandId, ...acting.competitorIds], likeContains(query.q.replace(/^#/, '')));
      return {
        results: [
          ...found.products.map((p) => ({ type: 'product' as const, value: p.name, product_id: p.id })),
          ...found.tags.map((tag) => ({ type: 'hashtag' as const, value: tag, product_id: null })),
        ].slice(0, 20),
      };
    },
  });

  defineRoute(app, {
    ...base, method: 'POST', url: '/products', summary: 'Creates a product of the acting brand (JSON, or multipart with picture files)',
    multipart: true, bodyLimit: 40 * 1024 * 1024, body: ProductCreateBodySchema.optional(), response: { 200: ProductDetailResponseSchema },
    handler: async ({ body, request }) => {
      const { input, uploaded } = await productInput(ctx, request, ProductCreateBodySchema, body);
      const acting = await actingBrand(request, repos);
      if (await repos.detail.nameTaken(acting.brandId, input.name)) throw new HttpError(409, PRODUCT_MESSAGES.duplicateName);
      const id = await repos.detail.create(acting.brandId, { ...input, pictures: [...input.pictures, ...uploaded] }, at());
      return detailOf(acting, id);
    },
  });

  defineRoute(app, {
    ...base, method: 'GET', url: '/products/:id', summary: 'A product with its pictures, videos, influencers and the brand\'s product names',
    params: ProductIdParamsSchema, query: IdentityQuerySchema, response: { 200: ProductDetailResponseSchema },
    handler: async ({ params, request }) => detailOf(await actingBrand(request, repos), params.id),
  });

  defineRoute(app, {
    ...base, method: 'PUT', url: '/products/:id', summary: 'Changes an own product (JSON, or multipart adding pictures); answers the detail',
    multipart: true, bodyLimit: 40 * 1024 * 1024, params: ProductIdParamsSchema, body: ProductUpdateBodySchema.optional(), response: { 200: ProductDetailResponseSchema },
    handler: async ({ params, body, request }) => {
      const { input, uploaded } = await productInput(ctx, request, ProductUpdateBodySchema, body);
      const acting = await actingBrand(request, repos);
      const row = await ownProduct(repos, acting, params.id);
      const name = input.name ?? row.name;
      if (await repos.detail.nameTaken(acting.brandId, name, row.id)) throw new HttpError(409, PRODUCT_MESSAGES.duplicateName);
      await repos.detail.update(row.id, acting.brandId, {
        name, category: input.category ?? row.category, description: input.description ?? row.description, price: input.price ?? row.price,
        pictures: [...(input.pictures ?? parseJsonList(row.pictures)), ...uploaded],
      }, at());
      return detailOf(acting, row.id);
    },
  });

  defineRoute(app, {
    ...base, method: 'GET', url: '/products/:id/videos', summary: 'Videos featuring a product, newest first (paged)',
    params: ProductIdParamsSchema, query: ProductPageQuerySchema, response: { 200: ProductVideosResponseSchema },
    handler: async ({ params, query, request }) => {
      await visibleProduct(repos, await actingBrand(request, repos), params.id);
      const videos = (await repos.detail.videos(params.id, 'recent', '', query.per_page, (query.page - 1) * query.per_page)).map(toCatalogVideo);
      return { videos, count: await repos.detail.videoCount(params.id) };
    },
  });

  defineRoute(app, {
    ...base, method: 'GET', url: '/products/:id/influencers', summary: 'Creators featuring a product, most subscribers first (paged)',
    params: ProductIdParamsSchema, query: ProductPageQuerySchema, response: { 200: ProductInfluencersResponseSchema },
    handler: async ({ params, query, request }) => {
      await visibleProduct(repos, await actingBrand(request, repos), params.id);
      const influencers = (await repos.detail.influencers(params.id, 'popular', query.per_page, (query.page - 1) * query.per_page)).map(toInfluencer);
      return { influencers, count: await repos.detail.influencerCount(params.id) };
    },
  });
}
