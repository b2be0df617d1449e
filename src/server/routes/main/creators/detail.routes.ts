import type { FastifyInstance } from 'fastify';
import { VERIFIED_FILTER } from '../../../../shared/constants';
import {
  CreatorBrandsResponseSchema, CreatorDemographicsResponseSchema, CreatorDetailResponseSchema, CreatorIdParamsSchema, CreatorNoteResponseSchema,
  CreatorProductsResponseSchema, CreatorSentimentResponseSchema, CreatorUpdateBodySchema, CreatorVideosResponseSchema, DailyTrackingsQuerySchema,
  DailyTrackingsResponseSchema, VideoAuthorQuerySchema, VideoAuthorUserResponseSchema,
} from '../../../../shared/http/creators.schemas';
import { IdentityQuerySchema } from '../../../../shared/http/videos.schemas';
import type { Demographics } from '../../../../shared/domain/video';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';
import type { CreatorRow } from '../../../repositories/creators/creatorDetailRepository';
import type { CreatorRepositories } from '../../../repositories/creators/index';
import { CREATOR_TRENDING_MS } from '../../../repositories/creators/creatorListRepository';
import { parseJsonList } from '../../../repositories/products/productListRepository';
import { actingBrand, type Acting } from '../videos/videoAccess';
import { registerNoteRoutes } from '../notes/noteRoutes';
import { toCatalogVideo } from '../products/productAccess';
import { ownCreator, toCreatorItem, visibleCreator } from './creatorAccess';
import { chartWindow } from './chartWindow';

const DETAIL_LIST = 12;
const round = (value: number): number => Math.round(value * 1000) / 1000;
const sentimentOf = (row: CreatorRow) => ({ positive: row.sentiment_positive, negative: row.sentiment_negative, neutral: round(Math.max(0, 1 - row.sentiment_positive - row.sentiment_negative)) });

function demographicsOf(row: CreatorRow): Demographics {
  try {
    return JSON.parse(row.demographics) as Demographics;
  } catch {
    return { age_range: {}, ethnicity: {}, gender: {} } as Demographics;
  }
}

/** Detail, edit, videos, products, brands, demographics, sentiment, daily trackings, notes and user of one creator. */
export function registerCreatorDetailRoutes(app: FastifyInstance, ctx: ServerContext, repos: CreatorRepositories): void {
  const base = { auth: 'bearer' as const, tags: ['influencers'], params: CreatorIdParamsSchema };
  const trendingSince = async (acting: Acting): Promise<string> =>
    new Date((await repos.list.referenceTime([acting.brandId, ...acting.competitorIds], ctx.now())).getTime() - CREATOR_TRENDING_MS).toISOString();
  /** A GET sub-path answered from the visible creator's row. */
  const read = <R extends Parameters<typeof defineRoute>[1]['response']>(url: string, summary: string, response: R, answer: (row: CreatorRow, acting: Acting) => Promise<unknown> | unknown): void => {
    defineRoute(app, {
      ...base, method: 'GET', url, summary, query: IdentityQuerySchema, response: response as never,
      handler: async ({ params, request }) => {
        const acting = await actingBrand(request, repos);
        return (await answer(await visibleCreator(repos, acting, params.id), acting)) as never;
      },
    });
  };
  const detail = async (row: CreatorRow, acting: Acting) => {
    await repos.list.checkEmails();
    const fresh = await visibleCreator(repos, acting, row.id);
    const totals = await repos.detail.totals(row.id);
    const item = toCreatorItem(fresh, acting.brandId, await trendingSince(acting));
    return {
      influencer: item,
      statistics: {
        subscribers: fresh.subscribers, video_count: fresh.video_count, total_views: totals.views ?? 0, total_likes: totals.likes ?? 0,
        total_comments: totals.comments ?? 0, last_tracked_on: await repos.detail.lastTracked(row.id),
      },
      engagementIndex: item.engagementIndex,
      categories: item.categories,
      pictures: [...(fresh.picture ? [fresh.picture] : []), ...(await repos.detail.thumbnails(row.id))],
      sentiment: sentimentOf(fresh),
    };
  };

  read('/influencers/:id', 'A creator with statistics, engagement index, categories, pictures and sentiment', { 200: CreatorDetailResponseSchema }, detail);

  defineRoute(app, {
    ...base, method: 'PUT', url: '/influencers/:id', summary: 'Changes an own brand\'s creator; answers the detail',
    body: CreatorUpdateBodySchema, response: { 200: CreatorDetailResponseSchema },
    handler: async ({ params, body, request }) => {
      const acting = await actingBrand(request, repos);
      const row = await ownCreator(repos, acting, params.id);
      await repos.detail.update(row.id, acting.brandId, { name: body.name, email: body.email, country: body.country, categories: body.categories, verified: body[VERIFIED_FILTER] });
      return detail(row, acting);
    },
  });

  read('/influencers/:id/videos', 'The creator\'s trending, recent and sponsored videos', { 200: CreatorVideosResponseSchema }, async (row, acting) => ({
    trending: (await repos.detail.videos(row.id, 'trending', await trendingSince(acting), DETAIL_LIST)).map(toCatalogVideo),
    recent: (await repos.detail.videos(row.id, 'recent', '', DETAIL_LIST)).map(toCatalogVideo),
    sponsored: (await repos.detail.videos(row.id, 'sponsored', '', DETAIL_LIST)).map((video) => ({ ...toCatalogVideo(video), sponsored_by: video.sponsored_by })),
  }));
  read('/influencers/:id/products', 'Products featured in the creator\'s videos', { 200: CreatorProductsResponseSchema }, async (row) => ({
    products: (await repos.detail.products(row.id)).map((p) => ({ _id: p.id, name: p.name, brand_id: p.brand_id, category: p.category, pictures: parseJsonList(p.pictures), videos: p.videos })),
  }));
  read('/influencers/:id/get_list_of_brands_associated_with_creator', 'Brands whose products the creator\'s videos feature', { 200: CreatorBrandsResponseSchema }, async (row) => ({
    brands: (await repos.detail.brands(row.id)).map((b) => ({ _id: b.id, name: b.name, videos: b.videos })),
  }));
  read('/influencers/:id/demographics/', 'The creator\'s audience (age, ethnicity, gender)', { 200: CreatorDemographicsResponseSchema }, (row) => {
    const data = demographicsOf(row);
    return { age: data.age_range, ethnicity: data.ethnicity, gender: data.gender, demographics_data: data };
  });
  read('/influencers/:id/sentiment', 'The creator\'s sentiment shares', { 200: CreatorSentimentResponseSchema }, (row) => ({ sentiment: sentimentOf(row) }));

  defineRoute(app, {
    ...base, method: 'GET', url: '/influencers/:id/influencer_daily_trackings', summary: 'Daily statistics of a chart range (oldest day first)',
    query: DailyTrackingsQuerySchema, response: { 200: DailyTrackingsResponseSchema },
    handler: async ({ params, query, request }) => {
      const row = await visibleCreator(repos, await actingBrand(request, repos), params.id);
      const { start, end } = chartWindow(query.range, await repos.detail.lastTracked(row.id), ctx.now());
      const records = (await repos.detail.trackings(row.id, start, end)).map(({ video_count, ...rest }) => ({ ...rest, videoCount: video_count }));
      return { range: query.range, start, end, records };
    },
  });

  registerNoteRoutes(app, ctx, {
    url: '/influencers/:id/influencer_note', noun: 'influencer', competitorsOf: repos.competitorsOf, notes: repos.notes,
    check: async (acting, id) => void (await visibleCreator(repos, acting, id)), response: CreatorNoteResponseSchema, key: 'influencer_id',
  });

  defineRoute(app, {
    method: 'GET', url: '/users/', auth: 'bearer', tags: ['influencers'], summary: 'The platform user of a creator (video_author_id = creator id)',
    query: VideoAuthorQuerySchema, response: { 200: VideoAuthorUserResponseSchema },
    handler: async ({ query, request }) => {
      const row = await visibleCreator(repos, await actingBrand(request, repos), query.video_author_id);
      const user = row.user_id ? await repos.detail.user(row.user_id) : null;
      return {
        user: user ? { _id: user.id, first_name: user.first_name, last_name: user.last_name, email: user.email } : null,
        influencer: { _id: row.id, name: row.name, handle: row.handle, picture: row.picture },
      };
    },
  });
}
