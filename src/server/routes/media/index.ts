import { extname } from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { VIDEO_MIME_MAP } from '../../../shared/constants';
import type { ServerContext } from '../../context';
import { defineRoute } from '../../http/defineRoute';
import { HttpError, notFound } from '../../http/httpError';
import { isSafeMediaKey, type MediaStore } from '../../media/mediaStore';
import { parseRange } from './fileRange';

const IMAGE_MIME: Readonly<Record<string, string>> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };

function extOf(file: string): string {
  return extname(file).slice(1).toLowerCase();
}

/**
 * Streams a stored file (or the requested byte range, 206) with its MIME type; GET only. The range goes to the store
 * as it is (a bucket reads only those bytes), so a seek in a long video costs what it shows, from any instance.
 * A key escaping the store (.., absolute, NUL) or a missing file is a 404.
 */
async function sendStored(reply: FastifyReply, store: MediaStore | null, key: string, mime: string, rangeHeader: string | undefined, cacheControl: string): Promise<Readable> {
  if (!store || !isSafeMediaKey(key)) throw notFound();
  const size = (await store.head(key))?.size;
  if (size === undefined) throw notFound();
  const range = parseRange(rangeHeader, size);
  if (range === 'unsatisfiable') {
    reply.header('Accept-Ranges', 'bytes').header('Content-Range', `bytes */${size}`);
    throw new HttpError(416, 'Range Not Satisfiable');
  }
  const body = await store.get(key, range ?? undefined);
  // Gone between the two reads (deleted meanwhile).
  if (!body) throw notFound();
  reply.header('Content-Type', mime).header('Accept-Ranges', 'bytes').header('Cache-Control', cacheControl);
  if (!range) {
    reply.header('Content-Length', size);
    return body;
  }
  reply
    .code(206)
    .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
    .header('Content-Length', range.end - range.start + 1);
  return body;
}

/**
 * The media store (the data folder's `media`, or a bucket), mounted at MEDIA_URL_PREFIX. Images (thumbnails, product pictures) are public
 * on loopback; video files only through signed, expiring URLs (`/media/signed/<file>?exp=&sig=`), with Range support so
 * a <video> can seek. A bad or expired signature answers 403.
 */
export async function mediaPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  defineRoute(app, {
    method: 'GET',
    url: '/signed/*',
    summary: 'A video file through a signed URL (Range supported)',
    auth: 'none',
    params: z.object({ '*': z.string().max(500) }),
    query: z.object({ exp: z.string().max(20), sig: z.string().max(100) }),
    handler: ({ params, query, request, reply }) => {
      const file = params['*'];
      if (!ctx.media.verify(file, query.exp, query.sig)) throw new HttpError(403, 'Forbidden');
      const mime = VIDEO_MIME_MAP[extOf(file)];
      if (!mime) throw notFound();
      return sendStored(reply, ctx.media.store, file, mime, request.headers.range, 'private, max-age=3600');
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/*',
    summary: 'A public media image (thumbnail, product picture)',
    auth: 'none',
    params: z.object({ '*': z.string().max(500) }),
    handler: ({ params, request, reply }) => {
      const file = params['*'];
      const mime = IMAGE_MIME[extOf(file)];
      // Video files are never served unsigned.
      if (!mime) throw notFound();
      return sendStored(reply, ctx.media.store, file, mime, request.headers.range, 'public, max-age=86400');
    },
  });
}
