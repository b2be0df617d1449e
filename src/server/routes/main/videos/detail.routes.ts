import { ANALYSIS_TEXTS } from '../../../../shared/analysisProgress';
import type { FastifyInstance } from 'fastify';
import { canDownload } from '../../../../shared/rules/videos';
import {
  IdentityQuerySchema, MyOrCompetitorResponseSchema, TranscriptQuerySchema, TranscriptResponseSchema, VideoAssociationsResponseSchema,
  VideoDetailResponseSchema, VideoIdParamsSchema, VideoPeopleResponseSchema, VideoProductDetailsResponseSchema, VideoSentimentResponseSchema,
} from '../../../../shared/http/videos.schemas';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';
import type { VideoRepositories } from '../../../repositories/videos/index';
import { notAnalysedOf, toVideoView } from '../../../repositories/videos/videoRows';
import { actingBrand, visibleVideo, type Acting } from './videoAccess';

function parseList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

/** Read routes of one video: detail, identification, transcript, sentiment, products, people, associations. */
export function registerVideoDetailRoutes(app: FastifyInstance, ctx: ServerContext, repos: VideoRepositories): void {
  const base = { auth: 'bearer' as const, tags: ['videos'], params: VideoIdParamsSchema };

  /** The detail of a video as the acting brand sees it (local media signed afresh). */
  const detailOf = async (acting: Acting, id: string) => {
    const row = await visibleVideo(repos, acting, id);
    const flag = await repos.marks.flagOf(acting.brandId, id);
    return {
      ...toVideoView(row, acting.brandId, (file) => ctx.media.signedUrl(file)), can_download: canDownload(row.platform), product_ids: await repos.detail.productIds(id), creator_id: row.creator_id ?? null,
      flagged_by: flag?.flagged_by ?? null, flagged_at: flag?.flagged_at ?? null,
    };
  };

  defineRoute(app, {
    ...base, method: 'GET', url: '/videos/:id', summary: 'One video with its analysis and the brand\'s marks',
    query: IdentityQuerySchema, response: { 200: VideoDetailResponseSchema },
    handler: async ({ params, request }) => ({ video: await detailOf(await actingBrand(request, repos), params.id) }),
  });

  defineRoute(app, {
    ...base, method: 'GET', url: '/videos/:id/identify_my_or_competitor_video', summary: 'Whether a video is the brand\'s own or a competitor\'s',
    query: IdentityQuerySchema, response: { 200: MyOrCompetitorResponseSchema },
    handler: async ({ params, request }) => {
      const acting = await actingBrand(request, repos);
      const row = await visibleVideo(repos, acting, params.id);
      return { video_id: row.id, type: row.brand_id === acting.brandId ? 'my' : 'competitor', brand_id: row.brand_id, brand_name: row.brand_name } as const;
    },
  });

  defineRoute(app, {
    ...base, method: 'GET', url: '/videos/:id/transcript', summary: 'Timed transcript lines, optionally only those containing `search`',
    query: TranscriptQuerySchema, response: { 200: TranscriptResponseSchema },
    handler: async ({ params, query, request }) => {
      await visibleVideo(repos, await actingBrand(request, repos), params.id);
      const { total, lines } = await repos.detail.transcript(params.id, query.search);
      return { video_id: params.id, search: query.search, total_lines: total, transcription: lines };
    },
  });

  defineRoute(app, {
    ...base, method: 'GET', url: '/videos/:id/sentiment', summary: 'Overall sentiment and the sentiment highlights of the transcript',
    query: IdentityQuerySchema, response: { 200: VideoSentimentResponseSchema },
    handler: async ({ params, request }) => {
      const row = await visibleVideo(repos, await actingBrand(request, repos), params.id);
      const { lines } = await repos.detail.transcript(params.id, '');
      const neutral = Math.max(0, Math.round((1 - row.sentiment_positive - row.sentiment_negative) * 1000) / 1000);
      // Without a transcript the stored shares are the column defaults (0 and 0), which would read as Neutral 100 %.
      // A video whose sound was heard with no one speaking has no sentiment either: it says so, it is not "Neutral".
      const heard = row.has_transcript === 1;
      const unread = notAnalysedOf(row).speech;
      return {
        sentiment: heard ? { positive: row.sentiment_positive, negative: row.sentiment_negative, neutral } : null,
        not_analysed: heard ? null : unread ?? ANALYSIS_TEXTS.noSpeech,
        sentiment_feedback_like: row.sentiment_feedback_like === null ? null : row.sentiment_feedback_like === 1,
        highlights: lines.filter((line) => line.sentiment !== 'neutral'),
      };
    },
  });

  defineRoute(app, {
    ...base, method: 'GET', url: '/videos/:id/product_details', summary: 'Products featured in a video',
    query: IdentityQuerySchema, response: { 200: VideoProductDetailsResponseSchema },
    handler: async ({ params, request }) => {
      await visibleVideo(repos, await actingBrand(request, repos), params.id);
      return { products: (await repos.detail.products(params.id)).map((p) => ({ _id: p.id, brand_id: p.brand_id, name: p.name, category: p.category, price: p.price, pictures: parseList(p.pictures) })) };
    },
  });

  defineRoute(app, {
    ...base, method: 'GET', url: '/videos/:id/people', summary: 'People in a video',
    query: IdentityQuerySchema, response: { 200: VideoPeopleResponseSchema },
    handler: async ({ params, request }) => {
      await visibleVideo(repos, await actingBrand(request, repos), params.id);
      return { people: (await repos.detail.people(params.id)).map((person) => ({ _id: String(person.id), name: person.name, role: person.role, appears_at: person.appears_at })) };
    },
  });

  defineRoute(app, {
    ...base, method: 'GET', url: '/videos/:id/video_associations', summary: 'Videos associated with a video',
    query: IdentityQuerySchema, response: { 200: VideoAssociationsResponseSchema },
    handler: async ({ params, request }) => {
      const acting = await actingBrand(request, repos);
      await visibleVideo(repos, acting, params.id);
      return { associations: await repos.detail.associations(acting, params.id) };
    },
  });
}
