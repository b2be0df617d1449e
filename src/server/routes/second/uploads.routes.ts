import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { OWN_STORAGE_PLATFORM } from '../../../shared/constants';
import { MEDIA_URL_PREFIX } from '../../../shared/domain/workspace';
import {
  AddedVideoResponseSchema, CreateUploadUrlBodySchema, CreateUploadUrlParamsSchema, CreateUploadUrlResponseSchema, InstagramDetailsBodySchema,
  InstagramDetailsResponseSchema, SubmitVideoUrlBodySchema, UPLOAD_MESSAGES, UPLOAD_URL_TTL_MS, VideoMetadataQuerySchema, VideoMetadataResponseSchema,
} from '../../../shared/http/uploads.schemas';
import { videoMimeType } from '../../../shared/rules/videos';
import type { ServerContext } from '../../context';
import { defineRoute } from '../../http/defineRoute';
import { HttpError, badRequest, notFound } from '../../http/httpError';
import { addLinkedVideo } from '../main/uploads/addVideo';
import { readMultipart } from '../main/uploads/multipartFields';
import { uploaderOf } from '../main/uploads/uploadAccess';
import { describeUrl, instagramParts } from './uploadsUrls';

/** The /second routes of issue 5: link preview, Instagram details, submit by URL, and one-time upload URLs. */
export function registerUploadRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const uploads = ctx.repos.uploads;
  const base = { auth: 'bearer' as const, tags: ['second'] };

  defineRoute(app, {
    ...base, method: 'GET', url: '/video-metadata', summary: 'Preview of a video link (platform, title guess, embed, thumbnail; nothing is fetched)',
    query: VideoMetadataQuerySchema, response: { 200: VideoMetadataResponseSchema },
    handler: ({ query, request }) => {
      uploaderOf(request);
      return { data: describeUrl(query.url) };
    },
  });

  defineRoute(app, {
    ...base, method: 'POST', url: '/instagram_videos/fetch_videos_details', body: InstagramDetailsBodySchema, response: { 200: InstagramDetailsResponseSchema },
    summary: 'Instagram post/reel details derived from the link (offline: the embedded back end does not contact Instagram)',
    handler: ({ body, request }) => {
      uploaderOf(request);
      const details = describeUrl(body.videoUrl);
      let parts: ReturnType<typeof instagramParts>;
      try {
        const url = new URL(details.url);
        parts = instagramParts(url, url.hostname.toLowerCase().replace(/^(www\.|m\.)/, ''));
      } catch {
        parts = null;
      }
      if (!parts || details.platform !== 'Instagram') throw badRequest(UPLOAD_MESSAGES.notInstagram);
      return { data: { ...details, ...parts, fetched: false as const } };
    },
  });

  defineRoute(app, {
    ...base, method: 'POST', url: '/video/submit-video-url', multipart: true, body: SubmitVideoUrlBodySchema.optional(),
    summary: 'Adds a video by link (multipart fields url, title; JSON accepted): platform detected, http:// prepended when missing',
    response: { 200: AddedVideoResponseSchema },
    handler: async ({ body, request }) => {
      let input = body;
      if (request.isMultipart()) {
        const { fields } = await readMultipart(request, { maxFileBytes: 0, tooLargeMessage: UPLOAD_MESSAGES.tooLarge });
        const parsed = SubmitVideoUrlBodySchema.safeParse(fields);
        if (!parsed.success) throw badRequest(parsed.error.issues.map((issue) => `body.${issue.path.join('.')}: ${issue.message}`).join('; '));
        input = parsed.data;
      }
      if (!input) throw badRequest('body.url: Required');
      const who = uploaderOf(request);
      return await addLinkedVideo(ctx, uploads, who, describeUrl(input.url), input.title);
    },
  });

  defineRoute(app, {
    ...base, method: 'POST', url: '/video/create-upload-url/:x', params: CreateUploadUrlParamsSchema, body: CreateUploadUrlBodySchema,
    summary: 'One-time PUT URLs for a local video file (:x = its file name) and its .srt/.vtt; adds the video (pending)',
    response: { 200: CreateUploadUrlResponseSchema },
    handler: async ({ params, body, request }) => {
      const who = uploaderOf(request);
      const contentType = videoMimeType(params.x);
      if (!contentType) throw new HttpError(415, UPLOAD_MESSAGES.notAVideo);
      const ext = params.x.slice(params.x.lastIndexOf('.') + 1).toLowerCase();
      const at = ctx.now();
      let videoId: string;
      if (body.videoId) {
        // New URLs for a video whose file is not here: an own-storage upload that did not arrive (a retry), or a video
        // added by link, whose file the brand now adds (its own copy; then it is analysed like an upload).
        const own = await uploads.ownVideo(body.videoId, who.brandId);
        if (!own) throw notFound();
        if (own.media_file) throw new HttpError(409, 'This video file was already uploaded.');
        videoId = own.id;
      } else {
        videoId = randomUUID();
        await uploads.addVideo({
          id: videoId, brandId: who.brandId, userId: who.userId, title: body.title ?? params.x.replace(/\.[^.]+$/, ''), platform: OWN_STORAGE_PLATFORM,
          videoUrl: `${MEDIA_URL_PREFIX}/uploads/${videoId}.${ext}`, embeddedUrl: null, thumbnailUrl: null, tiktokId: null,
          source: OWN_STORAGE_PLATFORM, externalRef: videoId, fileName: params.x, at: at.toISOString(),
        });
      }
      const expiresAt = new Date(at.getTime() + UPLOAD_URL_TTL_MS).toISOString();
      const videoToken = randomBytes(32).toString('base64url');
      const subtitleToken = randomBytes(32).toString('base64url');
      await uploads.addTicket(videoToken, videoId, 'video', params.x, expiresAt, at.toISOString());
      await uploads.addTicket(subtitleToken, videoId, 'subtitle', `${videoId}.srt`, expiresAt, at.toISOString());
      return {
        url: `${MEDIA_URL_PREFIX}/upload/${videoToken}`, videoId, subtitleUrl: `${MEDIA_URL_PREFIX}/upload/${subtitleToken}`, method: 'PUT' as const,
        content_type: contentType, max_bytes: ctx.uploadMaxBytes, expires_at: expiresAt,
      };
    },
  });
}
