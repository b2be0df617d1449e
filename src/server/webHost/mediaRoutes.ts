import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WEB_MEDIA_PATH } from '../../main/adapters/webDesktopPorts';
import type { OfflineLibrary } from '../../main/services/offlineLibrary.service';
import { openRangedFile } from '../../main/services/mediaRange';
import { hostAllowed, isLoopback, tokenMatches } from './bridgeGuard';

export interface MediaRouteOptions {
  library: OfflineLibrary;
  token: string;
  port: () => number;
}

/**
 * The web host's offline media: `GET /__host/media/:itemId` (the file) and `/:itemId/thumbnail`, with HTTP Range so a
 * <video> seeks. Loopback only, Host checked, and guarded by the per-run token in the query (a <video src> cannot
 * send headers). Served from the host's own files, so it works with the back end stopped.
 */
export function registerMediaRoutes(app: FastifyInstance, options: MediaRouteOptions): void {
  const serve = async (request: FastifyRequest, reply: FastifyReply, part: 'file' | 'thumbnail') => {
    const { token } = request.query as { token?: unknown };
    if (!isLoopback(request.socket.remoteAddress) || !hostAllowed(request.headers.host, options.port()) || !tokenMatches(token, options.token)) {
      return reply.code(403).send({ ok: false, error: { code: 'forbidden', message: 'Missing or wrong host token.' } });
    }
    const { itemId } = request.params as { itemId: string };
    const media = await options.library.resolveMedia(itemId, part);
    const file = media ? await openRangedFile(media.path, media.mime, request.headers.range) : null;
    if (!file || file.status === 404) return reply.code(404).send({ ok: false, error: { code: 'failed', message: 'This offline file is missing.' } });
    reply.code(file.status).headers(file.headers);
    return file.body ? reply.send(file.body) : reply.send();
  };
  app.get(`${WEB_MEDIA_PATH}/:itemId`, (request, reply) => serve(request, reply, 'file'));
  app.get(`${WEB_MEDIA_PATH}/:itemId/thumbnail`, (request, reply) => serve(request, reply, 'thumbnail'));
}
