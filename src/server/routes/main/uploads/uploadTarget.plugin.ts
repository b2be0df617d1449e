import { Transform } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { VIDEO_MIME_MAP } from '../../../../shared/constants';
import {
  SUBTITLE_CONTENT_TYPES, SUBTITLE_MAX_BYTES, UPLOAD_MESSAGES, UploadTargetResponseSchema, UploadTokenParamsSchema,
} from '../../../../shared/http/uploads.schemas';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';
import { HttpError, notFound } from '../../../http/httpError';
import { putThrough } from '../../../media/mediaTransfers';
import type { TicketRow } from '../../../repositories/uploadsRepository';

const VIDEO_TYPES = new Set(Object.values(VIDEO_MIME_MAP));

function essence(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}
function extOf(name: string): string {
  return name.slice(name.lastIndexOf('.') + 1).toLowerCase();
}

/** Refuses before reading a byte: the connection closes so the client stops sending (no body is drained). */
function refuse(reply: FastifyReply, status: number, message: string): never {
  reply.header('connection', 'close');
  throw new HttpError(status, message);
}

/** Where the file lands (relative to the media folder) and its limit, or a refusal, from the ticket and the headers alone. */
function plan(ctx: ServerContext, ticket: TicketRow, request: FastifyRequest, reply: FastifyReply): { relative: string; limit: number } {
  const type = essence(request.headers['content-type']);
  if (ticket.kind === 'video') {
    const ext = extOf(ticket.file_name);
    if (!VIDEO_MIME_MAP[ext] || !VIDEO_TYPES.has(type)) refuse(reply, 415, UPLOAD_MESSAGES.notAVideo);
    return { relative: `uploads/${ticket.video_id}.${ext}`, limit: ctx.uploadMaxBytes };
  }
  if (!(SUBTITLE_CONTENT_TYPES as readonly string[]).includes(type)) refuse(reply, 415, UPLOAD_MESSAGES.notASubtitle);
  const named = extOf(String((request.query as Record<string, unknown> | undefined)?.name ?? ''));
  const ext = type === 'text/vtt' || named === 'vtt' ? 'vtt' : 'srt';
  return { relative: `uploads/${ticket.video_id}.${ext}`, limit: SUBTITLE_MAX_BYTES };
}

/** Counts bytes and fails with 413 as soon as the limit is passed (chunked bodies have no Content-Length to check first). */
function byteLimit(limit: number, counter: { bytes: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counter.bytes += chunk.length;
      if (counter.bytes > limit) done(new HttpError(413, UPLOAD_MESSAGES.tooLarge));
      else done(null, chunk);
    },
  });
}

/**
 * `PUT /media/upload/:token`: the one-time upload target returned by /second/video/create-upload-url. The token is the
 * credential (no bearer). The declared content type, the ticket's file name and Content-Length are checked before any
 * byte is read (415 / 413, connection closed); the body is then streamed to the media store's `uploads/` (never
 * buffered; a bucket takes a large video as a multipart upload) and the video goes to the analysis pipeline. A failed
 * transfer gives the ticket back for a retry; a completed one uses it up (410 afterwards, as after expiry).
 */
export async function uploadTargetPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const uploads = ctx.repos.uploads;
  // This plugin's routes read the raw request stream themselves: no parser may consume (or buffer) the body.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

  defineRoute(app, {
    method: 'PUT', url: '/:token', auth: 'none', tags: ['media'], params: UploadTokenParamsSchema,
    summary: 'One-time upload target of a video or its subtitle file (streamed to the media store)',
    response: { 200: UploadTargetResponseSchema },
    handler: async ({ params, request, reply }) => {
      const store = ctx.media.store;
      const ticket = await uploads.ticket(params.token);
      if (!ticket || !store) throw notFound();
      const now = ctx.now();
      if (ticket.completed_at || ticket.claimed_at || new Date(ticket.expires_at) <= now) refuse(reply, 410, UPLOAD_MESSAGES.linkUsed);
      const { relative, limit } = plan(ctx, ticket, request, reply);
      const declared = Number(request.headers['content-length'] ?? NaN);
      if (Number.isFinite(declared) && declared > limit) refuse(reply, 413, UPLOAD_MESSAGES.tooLarge);
      if (!(await uploads.claim(params.token, now.toISOString()))) refuse(reply, 410, UPLOAD_MESSAGES.linkUsed);

      const counter = { bytes: 0 };
      try {
        await putThrough(store, relative, request.raw, [byteLimit(limit, counter)], essence(request.headers['content-type']));
      } catch (error) {
        await uploads.release(params.token);
        // Answered as it says (413, or 503 from a bucket that did not answer, its cause kept for the log); the client stops sending.
        if (error instanceof HttpError) reply.header('connection', 'close');
        throw error;
      }
      const at = ctx.now().toISOString();
      await uploads.complete(params.token, at);
      const video = await uploads.added(ticket.video_id);
      if (ticket.kind === 'video') {
        await uploads.setMedia(ticket.video_id, relative, ticket.file_name, at);
        await ctx.analysis.submit(ticket.video_id);
      } else if (video?.analysis_stage === 'completed' && (await uploads.ownVideo(ticket.video_id, video.brand_id))?.media_file) {
        // A subtitle arriving after the analysis finished: analyse again with it.
        await ctx.analysis.reanalyze(ticket.video_id);
      }
      const stage = (await uploads.added(ticket.video_id))?.analysis_stage ?? 'pending';
      const message = ticket.kind === 'video' ? 'Upload complete. The analysis has started.' : 'Subtitles saved. The transcript will be read from them.';
      return { videoId: ticket.video_id, kind: ticket.kind, bytes: counter.bytes, analysis_stage: stage, message };
    },
  });
}
