import type { FastifyInstance } from 'fastify';
import { VIDEO_MIME_MAP } from '../../../../shared/constants';
import { ATTACH_MEDIA_FIELD, AttachMediaParamsSchema, AttachMediaResponseSchema, UPLOAD_MESSAGES } from '../../../../shared/http/uploads.schemas';
import { IdentityQuerySchema } from '../../../../shared/http/videos.schemas';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';
import { HttpError, badRequest, notFound } from '../../../http/httpError';
import { videoStatus } from '../onboarding/navbar.routes';
import { readMultipart } from './multipartFields';
import { uploaderOf } from './uploadAccess';

/**
 * POST /videos/:id/media: the brand's own copy of a video it added by link (its platform keeps the original, which is
 * not on this computer). The file is streamed to the media store beside the uploads, becomes the video's file, and
 * the video is analysed like an upload. A video that already has its file answers 409; nothing is replaced.
 */
export function registerAttachMediaRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const uploads = ctx.repos.uploads;
  defineRoute(app, {
    auth: 'bearer', tags: ['uploads'], method: 'POST', url: '/videos/:id/media', multipart: true, bodyLimit: ctx.uploadMaxBytes + 1024 * 1024,
    summary: "Adds the brand's own file of a video it added by link; it is then analysed like an upload",
    params: AttachMediaParamsSchema, query: IdentityQuerySchema, response: { 200: AttachMediaResponseSchema },
    handler: async ({ params, request }) => {
      const who = uploaderOf(request);
      const video = await uploads.ownVideo(params.id, who.brandId);
      if (!video) throw notFound();
      if (video.media_file) throw new HttpError(409, 'This video already has its file; re-analyse it instead.');
      const store = ctx.media.store;
      if (!store || !request.isMultipart()) throw badRequest(`body: a multipart/form-data form with the video file in "${ATTACH_MEDIA_FIELD}"`);
      const { files } = await readMultipart(request, {
        maxFileBytes: ctx.uploadMaxBytes, maxFiles: 1, tooLargeMessage: UPLOAD_MESSAGES.tooLarge,
        destination: (field, fileName, mimeType) => {
          if (field !== ATTACH_MEDIA_FIELD) throw badRequest(`Unexpected file field "${field}": the video goes in "${ATTACH_MEDIA_FIELD}".`);
          const ext = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
          if (!VIDEO_MIME_MAP[ext] || VIDEO_MIME_MAP[ext] !== mimeType) throw new HttpError(415, UPLOAD_MESSAGES.notAVideo);
          return { store, key: `uploads/${params.id}.${ext}` };
        },
      });
      const file = files[0];
      if (!file) throw badRequest(`body.${ATTACH_MEDIA_FIELD}: the video file is missing`);
      await uploads.setMedia(params.id, file.key, file.fileName, ctx.now().toISOString());
      await ctx.analysis.submit(params.id);
      return videoStatus(ctx, params.id, who.brandId);
    },
  });
}
