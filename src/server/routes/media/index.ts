import { createReadStream, statSync } from 'node:fs';
import { extname, resolve, sep } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { VIDEO_MIME_MAP } from '../../../shared/constants';
import type { ServerContext } from '../../context';
import { defineRoute } from '../../http/defineRoute';
import { HttpError, notFound } from '../../http/httpError';
import { parseRange } from './fileRange';

const IMAGE_MIME: Readonly<Record<string, string>> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };

/** Large reads: a multi-gigabyte video goes out in a sixteenth of the reads (and socket writes) of the 64 KiB default. */
const READ_CHUNK_BYTES = 1024 * 1024;

function extOf(file: string): string {
  return extname(file).slice(1).toLowerCase();
}

/** Resolves a relative path inside the media folder; anything escaping it (.., absolute, NUL) is a 404. */
function resolveInside(mediaDir: string | null, relative: string): string {
  if (!mediaDir || relative === '' || relative.includes('\0') || relative.split(/[\\/]/).some((part) => part === '..' || part === '')) throw notFound();
  const root = resolve(mediaDir);
  const full = resolve(root, relative);
  if (!full.startsWith(root + sep)) throw notFound();
  return full;
}

/** Streams a file (or the requested byte range, 206) with its MIME type; HEAD-less, GET only. */
function sendFile(reply: FastifyReply, path: string, mime: string, rangeHeader: string | undefined, cacheControl: string): NodeJS.ReadableStream {
  let size: number;
  try {
    const stat = statSync(path);
    if (!stat.isFile()) throw notFound();
    size = stat.size;
  } catch {
    throw notFound();
  }
  reply.header('Content-Type', mime).header('Accept-Ranges', 'bytes').header('Cache-Control', cacheControl);
  const range = parseRange(rangeHeader, size);
  if (range === 'unsatisfiable') {
    reply.header('Content-Range', `bytes */${size}`);
    throw new HttpError(416, 'Range Not Satisfiable');
  }
  if (!range) {
    reply.header('Content-Length', size);
    return createReadStream(path, { highWaterMark: READ_CHUNK_BYTES });
  }
  reply
    .code(206)
    .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
    .header('Content-Length', range.end - range.start + 1);
  return createReadStream(path, { start: range.start, end: range.end, highWaterMark: READ_CHUNK_BYTES });
}

/**
 * The media folder (`${dataDir}/media`), mounted at MEDIA_URL_PREFIX. Images (thumbnails, product pictures) are public
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
      return sendFile(reply, resolveInside(ctx.media.mediaDir, file), mime, request.headers.range, 'private, max-age=3600');
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
      return sendFile(reply, resolveInside(ctx.media.mediaDir, file), mime, request.headers.range, 'public, max-age=86400');
    },
  });
}
