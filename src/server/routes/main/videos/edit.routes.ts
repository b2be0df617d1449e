import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  DemographicsLabelBodySchema, DemographicsLabelDeleteQuerySchema, DemographicsLabelResponseSchema, IdentityQuerySchema, SentimentFeedbackBodySchema,
  SentimentFeedbackResponseSchema, TitleAndCreatorBodySchema, VideoDemographicsResponseSchema, VideoDetailResponseSchema, VideoIdParamsSchema,
  VideoNoteResponseSchema, VideoUpdateBodySchema, type DemographicsLabel,
} from '../../../../shared/http/videos.schemas';
import { canDownload } from '../../../../shared/rules/videos';
import type { ServerContext } from '../../../context';
import { personOf } from '../../../repositories/team/authorship';
import { defineRoute } from '../../../http/defineRoute';
import { notFound } from '../../../http/httpError';
import type { VideoRepositories } from '../../../repositories/videos/index';
import type { LabelRow } from '../../../repositories/videos/videoEditsRepository';
import { toVideoView } from '../../../repositories/videos/videoRows';
import { registerNoteRoutes } from '../notes/noteRoutes';
import { actingBrand, ownVideo, visibleVideo, type Acting } from './videoAccess';

function toLabel(row: LabelRow): DemographicsLabel {
  return {
    _id: row.id, demographics_data_id: row.video_id, label: row.label, age_range: row.age_range, ethnicity: row.ethnicity, gender: row.gender, created_at: row.created_at, updated_at: row.updated_at,
    created_by: personOf(row.user_id, row.author_name), updated_by: personOf(row.updated_by ?? row.user_id, row.updated_by ? row.editor_name : row.author_name),
  } as DemographicsLabel;
}

/** Writes on one video: fields, title and creator, sentiment feedback, the brand's note and audience labels. */
export function registerVideoEditRoutes(app: FastifyInstance, ctx: ServerContext, repos: VideoRepositories): void {
  const base = { auth: 'bearer' as const, tags: ['videos'] };
  const at = (): string => ctx.now().toISOString();
  const detail = async (acting: Acting, id: string) => {
    const row = await visibleVideo(repos, acting, id);
    return { video: { ...toVideoView(row, acting.brandId, (file) => ctx.media.signedUrl(file)), can_download: canDownload(row.platform), product_ids: await repos.detail.productIds(id) } };
  };

  defineRoute(app, {
    ...base, method: 'PUT', url: '/videos/:id', summary: 'Changes fields of an own video; answers the updated video',
    params: VideoIdParamsSchema, body: VideoUpdateBodySchema, response: { 200: VideoDetailResponseSchema },
    handler: async ({ params, body, request }) => {
      const acting = await actingBrand(request, repos);
      await ownVideo(repos, acting, params.id);
      const { brand_id: _b, user_id: _u, sentiment_feedback_like, ...rest } = body;
      await repos.edits.update(params.id, { ...rest, ...(sentiment_feedback_like === undefined ? {} : { sentiment_feedback_like: sentiment_feedback_like === null ? null : Number(sentiment_feedback_like) }) }, at());
      return detail(acting, params.id);
    },
  });

  defineRoute(app, {
    ...base, method: 'PUT', url: '/videos/:id/update_video_title_and_creator_name', summary: 'Renames an own video and its creator',
    params: VideoIdParamsSchema, body: TitleAndCreatorBodySchema, response: { 200: VideoDetailResponseSchema },
    handler: async ({ params, body, request }) => {
      const acting = await actingBrand(request, repos);
      await ownVideo(repos, acting, params.id);
      await repos.edits.update(params.id, { title: body.title }, at());
      if (body.creator_name) await repos.edits.renameCreator(params.id, body.creator_name, at());
      return detail(acting, params.id);
    },
  });

  defineRoute(app, {
    ...base, method: 'POST', url: '/videos/:id/sentiment_feedback', summary: 'Likes or dislikes the sentiment analysis (null clears)',
    params: VideoIdParamsSchema, body: SentimentFeedbackBodySchema, response: { 200: SentimentFeedbackResponseSchema },
    handler: async ({ params, body, request }) => {
      await visibleVideo(repos, await actingBrand(request, repos), params.id);
      await repos.edits.update(params.id, { sentiment_feedback_like: body.like === null ? null : Number(body.like) }, at());
      return { sentiment_feedback: body.like };
    },
  });

  registerNoteRoutes(app, ctx, {
    url: '/videos/:id/video_note', noun: 'video', competitorsOf: repos.competitorsOf, notes: repos.notes,
    check: async (acting, id) => void (await visibleVideo(repos, acting, id)), response: VideoNoteResponseSchema, key: 'video_id',
  });

  defineRoute(app, {
    ...base, method: 'GET', url: '/videos/:id/demographics', summary: 'Audience shares of a video and the brand\'s labels',
    params: VideoIdParamsSchema, query: IdentityQuerySchema, response: { 200: VideoDemographicsResponseSchema },
    handler: async ({ params, request }) => {
      const acting = await actingBrand(request, repos);
      const video = toVideoView(await visibleVideo(repos, acting, params.id), acting.brandId, (file) => file);
      const unmeasured = video.not_analysed.demographics;
      return { demographics: unmeasured === null ? video.demographics : null, not_analysed: unmeasured, labels: (await repos.edits.labels(params.id, acting.brandId)).map(toLabel) };
    },
  });

  defineRoute(app, {
    ...base, method: 'POST', url: '/demographics_labels', summary: 'Adds an audience label to a video (demographics_data_id = video id)',
    body: DemographicsLabelBodySchema, response: { 200: DemographicsLabelResponseSchema },
    handler: async ({ body, request }) => {
      const acting = await actingBrand(request, repos);
      await visibleVideo(repos, acting, body.demographics_data_id);
      const id = await repos.edits.addLabel(body.demographics_data_id, acting.brandId, acting.userId, body, at());
      const row = await repos.edits.label(id, body.demographics_data_id, acting.brandId);
      if (!row) throw notFound();
      return { label: toLabel(row) };
    },
  });

  const labelParams = z.object({ id: z.string().min(1).max(64) });
  defineRoute(app, {
    ...base, method: 'PUT', url: '/demographics_labels/:id', summary: 'Changes an audience label',
    params: labelParams, body: DemographicsLabelBodySchema, response: { 200: DemographicsLabelResponseSchema },
    handler: async ({ params, body, request }) => {
      const acting = await actingBrand(request, repos);
      await visibleVideo(repos, acting, body.demographics_data_id);
      if (!(await repos.edits.updateLabel(params.id, body.demographics_data_id, acting.brandId, acting.userId, body, at()))) throw notFound();
      const row = await repos.edits.label(params.id, body.demographics_data_id, acting.brandId);
      if (!row) throw notFound();
      return { label: toLabel(row) };
    },
  });

  defineRoute(app, {
    ...base, method: 'DELETE', access: 'manager', url: '/demographics_labels/:id', summary: 'Deletes an audience label',
    params: labelParams, query: DemographicsLabelDeleteQuerySchema, response: { 200: z.object({ message: z.string() }) },
    handler: async ({ params, query, request }) => {
      const acting = await actingBrand(request, repos);
      await visibleVideo(repos, acting, query.demographics_data_id);
      if (!(await repos.edits.deleteLabel(params.id, query.demographics_data_id, acting.brandId))) throw notFound();
      return { message: 'Label deleted' };
    },
  });
}
