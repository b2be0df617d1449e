import type { FastifyInstance } from 'fastify';
import { ANALYSIS_TAKES_MINUTES, ASK_INTRO_FLAG, MIN_VIDEOS_FOR_CAROUSEL, PLATFORMS, VIDEO_MIME_MAP, type Platform } from '../../../../shared/constants';
import { NavbarStatsPatchSchema, NavbarStatsResponseSchema, VideoUploadDetailsResponseSchema } from '../../../../shared/http/onboarding.schemas';
import { VideoStatusResponseSchema, type VideoStatusResponse } from '../../../../shared/http/uploads.schemas';
import { ANALYSIS_STEPS, type AnalysisStep } from '../../../../shared/analysisProgress';

import { IdentityQuerySchema, VideoIdParamsSchema } from '../../../../shared/http/videos.schemas';
import { readSummary } from '../../../analysis/pipeline';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';
import { notFound } from '../../../http/httpError';
import { uploaderOf } from '../uploads/uploadAccess';

const isStep = (value: string): value is AnalysisStep => (ANALYSIS_STEPS as readonly string[]).includes(value);

/** GET/PATCH /navbar_stats, GET /users/video_upload_details and GET /videos/:id/status (the first-analysis poll). */
export function registerNavbarRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { onboarding: repo } = ctx.repos;
  const base = { auth: 'bearer' as const };

  const stats = async (userId: string, brandId: string) => {
    const [stages, productCount, askIntro, firstVideo] = await Promise.all([
      repo.stageCounts(brandId), repo.productCount(brandId), repo.askIntro(userId), repo.firstVideo(brandId),
    ]);
    return { data: { brand_id: brandId, ...stages, product_count: productCount, [ASK_INTRO_FLAG]: askIntro, first_video: firstVideo } };
  };

  defineRoute(app, {
    ...base, method: 'GET', url: '/navbar_stats', summary: 'Video counts of the brand and the assistant-intro flag', query: IdentityQuerySchema,
    response: { 200: NavbarStatsResponseSchema },
    handler: ({ request }) => {
      const who = uploaderOf(request);
      return stats(who.userId, who.brandId);
    },
  });

  defineRoute(app, {
    ...base, method: 'PATCH', url: '/navbar_stats', summary: `Sets ${ASK_INTRO_FLAG} (whether to show the assistant intro again)`,
    body: NavbarStatsPatchSchema, response: { 200: NavbarStatsResponseSchema },
    handler: async ({ body, request }) => {
      const who = uploaderOf(request);
      await repo.setAskIntro(who.userId, body[ASK_INTRO_FLAG], ctx.now().toISOString());
      return stats(who.userId, who.brandId);
    },
  });

  defineRoute(app, {
    ...base, method: 'GET', url: '/users/video_upload_details', summary: 'What the upload modal shows: counts per platform, accepted types, limits',
    query: IdentityQuerySchema, response: { 200: VideoUploadDetailsResponseSchema },
    handler: async ({ request }) => {
      const who = uploaderOf(request);
      const byPlatform = Object.fromEntries(PLATFORMS.map((platform) => [platform, 0])) as Record<Platform, number>;
      let total = 0;
      for (const row of await repo.byPlatform(who.brandId)) {
        if ((PLATFORMS as readonly string[]).includes(row.platform)) byPlatform[row.platform as Platform] = row.n;
        total += row.n;
      }
      const added = await repo.uploads(who.brandId);
      return {
        data: {
          brand_id: who.brandId, video_count: total, uploaded_count: added.n, by_platform: byPlatform, last_uploaded_at: added.last,
          accepted_types: { ...VIDEO_MIME_MAP }, max_upload_bytes: ctx.uploadMaxBytes, analysis_minutes: ANALYSIS_TAKES_MINUTES,
          min_videos_for_carousel: MIN_VIDEOS_FOR_CAROUSEL,
        },
      };
    },
  });

  defineRoute(app, {
    ...base, method: 'GET', url: '/videos/:id/status', summary: 'Analysis stage of an own video and what the last analysis found',
    params: VideoIdParamsSchema, query: IdentityQuerySchema, response: { 200: VideoStatusResponseSchema },
    handler: async ({ params, request }) => {
      const who = uploaderOf(request);
      return videoStatus(ctx, params.id, who.brandId);
    },
  });
}

/** An own video's analysis stage, what its last analysis found and where a running one is (404 for anyone else's). */
export async function videoStatus(ctx: ServerContext, videoId: string, brandId: string): Promise<VideoStatusResponse> {
  const { analysis, uploads } = ctx.repos;
  const video = await uploads.ownVideo(videoId, brandId);
  if (!video) throw notFound();
  const job = await analysis.job(videoId);
  const summary = readSummary(job?.summary);
  const running = job && (job.state === 'queued' || job.state === 'processing');
  return {
    video_id: video.id,
    analysis_stage: video.analysis_stage as 'pending' | 'processing' | 'completed',
    due_at: running ? job.due_at : null,
    analysis: { ...summary, note: job?.note ?? summary.note },
    progress: running && job.step !== null && isStep(job.step) ? { step: job.step, fraction: Math.min(1, Math.max(0, job.progress ?? 0)) } : null,
    failure: job?.failure ?? null,
    attempts: job?.attempts ?? 0,
  };
}
