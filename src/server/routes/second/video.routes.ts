import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../../../shared/messages';
import { canDownload, downloadRefusal } from '../../../shared/rules/videos';
import {
  DownloadVideoResponseSchema, IdentityQuerySchema, MarkResponseSchema, PublishBodySchema, ReanalyzeResponseSchema, RemoveVideosBodySchema,
  VideoIdBodySchema, VideoIdParamsSchema,
} from '../../../shared/http/videos.schemas';
import { PublishJobsResponseSchema } from '../../../shared/http/publishing.schemas';
import type { ServerContext } from '../../context';
import { defineRoute } from '../../http/defineRoute';
import { badRequest, notFound } from '../../http/httpError';
import type { VideoRepositories } from '../../repositories/videos/index';
import { actingBrand, ownVideo, visibleVideo } from '../main/videos/videoAccess';
import type { ReanalysisScheduler } from './reanalysis';

/** The /second routes of issue 3: re-analysis, download URL, publish content, remove and trash. */
export function registerSecondVideoRoutes(app: FastifyInstance, ctx: ServerContext, repos: VideoRepositories, reanalysis: ReanalysisScheduler): void {
  const base = { auth: 'bearer' as const, tags: ['second'] };
  const at = (): string => ctx.now().toISOString();

  defineRoute(app, {
    ...base, method: 'POST', url: '/reanalyze', summary: 'Starts re-analysis of an own video', body: VideoIdBodySchema, response: { 200: ReanalyzeResponseSchema },
    handler: async ({ body, request }) => {
      const acting = await actingBrand(request, repos);
      await ownVideo(repos, acting, body.videoId);
      await reanalysis.start(body.videoId);
      return { message: 'Re-analysis started. The video will be updated when it completes.' };
    },
  });

  defineRoute(app, {
    ...base, method: 'POST', url: '/download-video', summary: 'A signed download URL (own storage and Google Drive only)', body: VideoIdBodySchema,
    response: { 200: DownloadVideoResponseSchema },
    handler: async ({ body, request }) => {
      const row = await visibleVideo(repos, await actingBrand(request, repos), body.videoId);
      if (!canDownload(row.platform) || !row.media_file) throw badRequest(downloadRefusal(row.platform) ?? MESSAGES.downloadUnsupported);
      return { data: { signedUrl: ctx.media.signedUrl(row.media_file) } };
    },
  });

  defineRoute(app, {
    ...base, method: 'POST', url: '/video/content', summary: 'Publishes or unpublishes own videos to the shopper app (jobs, rights gate first)', body: PublishBodySchema,
    response: { 200: PublishJobsResponseSchema },
    handler: async ({ body, request }) => {
      const acting = await actingBrand(request, repos);
      for (const id of body.video_ids) await ownVideo(repos, acting, id);
      return ctx.publishing.run(acting.brandId, acting.userId, body.video_ids, body.published);
    },
  });

  defineRoute(app, {
    ...base, method: 'DELETE', access: 'manager', url: '/video/remove', summary: 'Removes own videos for good (trash first, then delete)', body: RemoveVideosBodySchema,
    response: { 200: MarkResponseSchema },
    handler: async ({ body, request }) => {
      const acting = await actingBrand(request, repos);
      const owners = await repos.marks.ownersOf(acting, body.video_ids);
      if (body.video_ids.some((id) => owners.get(id) !== acting.brandId)) throw notFound();
      await repos.marks.mark('trash', acting.brandId, acting.userId, body.video_ids, at());
      const count = await repos.marks.deleteTrashed(acting.brandId, owners, at());
      return { message: `${count} video${count === 1 ? '' : 's'} removed`, count };
    },
  });

  defineRoute(app, {
    ...base, method: 'DELETE', url: '/video/trash/:id', summary: 'Moves one video to the brand\'s trash', params: VideoIdParamsSchema, query: IdentityQuerySchema,
    response: { 200: MarkResponseSchema },
    handler: async ({ params, request }) => {
      const acting = await actingBrand(request, repos);
      await visibleVideo(repos, acting, params.id);
      const count = await repos.marks.mark('trash', acting.brandId, acting.userId, [params.id], at());
      return { message: count === 1 ? 'Video moved to trash' : 'Video already in trash', count };
    },
  });
}
