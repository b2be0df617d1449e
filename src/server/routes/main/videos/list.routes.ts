import type { FastifyInstance } from 'fastify';
import {
  TranscriptionsQuerySchema, TranscriptionsResponseSchema, VideoIdsResponseSchema, VideoListQuerySchema, VideoListResponseSchema,
} from '../../../../shared/http/videos.schemas';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';
import type { VideoRepositories } from '../../../repositories/videos/index';
import { dateWindow } from '../../../repositories/videos/videoDates';
import { actingBrand, visibleVideo } from './videoAccess';

/** GET /videos (the list), GET /videos/get_video_ids and GET /videos/transcription_with_timestamp. */
export function registerVideoListRoutes(app: FastifyInstance, ctx: ServerContext, repos: VideoRepositories): void {
  defineRoute(app, {
    method: 'GET',
    url: '/videos',
    summary: 'The videos of a tab, filtered, searched, sorted and paged, with the summary and filter options',
    auth: 'bearer',
    tags: ['videos'],
    query: VideoListQuerySchema,
    response: { 200: VideoListResponseSchema },
    handler: async ({ query, request }) => {
      const acting = await actingBrand(request, repos);
      const window = dateWindow(query.date, ctx.now(), query);
      const { summary, videos, facets } = await repos.listWithFilters(acting, query, window);
      return {
        videos,
        data: {
          count: summary.count,
          totalPages: Math.ceil(summary.count / query.per_page),
          page: query.page,
          per_page: query.per_page,
          loaded_for: window,
          yesterday: summary.yesterday,
          sentiment: summary.sentiment,
          demographics: summary.demographics,
          filters: facets.filters,
        },
      };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/videos/get_video_ids',
    summary: 'Every id matching the list query (select all N matching)',
    auth: 'bearer',
    tags: ['videos'],
    query: VideoListQuerySchema,
    response: { 200: VideoIdsResponseSchema },
    handler: async ({ query, request }) => {
      const acting = await actingBrand(request, repos);
      const window = dateWindow(query.date, ctx.now(), query);
      const videos = await repos.list.ids(acting, query, window);
      return { count: videos.length, videos };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/videos/transcription_with_timestamp',
    summary: 'Timed transcripts of many videos (bulk export)',
    auth: 'bearer',
    tags: ['videos'],
    query: TranscriptionsQuerySchema,
    response: { 200: TranscriptionsResponseSchema },
    handler: async ({ query, request }) => {
      const acting = await actingBrand(request, repos);
      const titles = await Promise.all(query.ids.map(async (id) => ({ id, title: (await visibleVideo(repos, acting, id)).title })));
      const transcripts = await repos.detail.transcripts(query.ids);
      return { transcripts: titles.map(({ id, title }) => ({ video_id: id, title, transcription: transcripts.get(id) ?? [] })) };
    },
  });
}
