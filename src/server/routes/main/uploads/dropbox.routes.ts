import type { FastifyInstance } from 'fastify';
import { AddedVideoResponseSchema, DropboxVideoBodySchema, DropboxVideoParamsSchema } from '../../../../shared/http/uploads.schemas';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';
import { badRequest } from '../../../http/httpError';
import { addLinkedVideo } from './addVideo';
import { uploaderOf } from './uploadAccess';
import { describeUrl } from '../../second/uploadsUrls';

const NOT_DROPBOX = 'This is not a Dropbox link.';

/** PUT /videos/dropbox_videos/:id: adds the Dropbox file :id as a video of the brand, or updates its link and title. */
export function registerDropboxRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const uploads = ctx.repos.uploads;
  defineRoute(app, {
    method: 'PUT', url: '/videos/dropbox_videos/:id', auth: 'bearer', params: DropboxVideoParamsSchema, body: DropboxVideoBodySchema,
    summary: 'Adds (or updates) a Dropbox video by its file id; the link is not fetched', response: { 200: AddedVideoResponseSchema },
    handler: async ({ params, body, request }) => {
      const who = uploaderOf(request);
      const details = describeUrl(body.video_url);
      if (details.platform !== 'Dropbox') throw badRequest(NOT_DROPBOX);
      const existing = await uploads.findBySource(who.brandId, 'Dropbox', params.id);
      if (existing) {
        await uploads.updateLink(existing, details.url, details.video_embedded_url, body.title ?? null, ctx.now().toISOString());
        const video = await uploads.added(existing);
        if (video) return { video, duplicate: true, message: 'Dropbox video updated.' };
      }
      return await addLinkedVideo(ctx, uploads, who, details, body.title, params.id);
    },
  });
}
