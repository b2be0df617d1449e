import type { FastifyInstance } from 'fastify';
import { WEB_BRIDGE } from '../../shared/ipc/contract';
import { UPLOAD_STREAM_PREFIX } from '../../main/services/ingestServices';
import type { UploadsService } from '../../main/services/uploads.service';
import { hostAllowed, isLoopback, originAllowed, tokenMatches } from './bridgeGuard';

export interface UploadStreamOptions {
  uploads: UploadsService;
  token: string;
  port: () => number;
}

/**
 * `PUT /__host/uploads/:uploadId/:kind` (kind video or subtitle): the web host's half of an own-storage upload. A
 * browser cannot give the host a path, so the page PUTs the File it was handed here and the uploads service forwards
 * the request stream to the back end's one-time target as it arrives (never buffered). Same guards as the bridge:
 * loopback, Host, Origin and the per-run token header; the upload id must come from uploads.start.
 */
export function registerUploadStreamRoutes(app: FastifyInstance, options: UploadStreamOptions): void {
  void app.register(async (scope) => {
    // The body is the file: no parser may read or buffer it.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    scope.put(`${UPLOAD_STREAM_PREFIX}/:uploadId/:kind`, async (request, reply) => {
      const port = options.port();
      const allowed =
        isLoopback(request.socket.remoteAddress) && hostAllowed(request.headers.host, port) && originAllowed(request.headers.origin, port) &&
        tokenMatches(request.headers[WEB_BRIDGE.tokenHeader], options.token);
      if (!allowed) {
        reply.header('connection', 'close');
        return reply.code(403).send({ ok: false, error: { code: 'forbidden', message: 'Uploads are only accepted from the Reelscope page itself.' } });
      }
      const { uploadId, kind } = request.params as { uploadId: string; kind: string };
      if (kind !== 'video' && kind !== 'subtitle') return reply.code(404).send({ ok: false, error: { code: 'bad_input', message: 'Unknown upload part.' } });
      const size = Number(request.headers['content-length'] ?? NaN);
      if (!Number.isInteger(size) || size < 0) {
        reply.header('connection', 'close');
        return reply.code(411).send({ ok: false, error: { code: 'bad_input', message: 'The upload must declare its length.' } });
      }
      try {
        const progress = await options.uploads.receive(uploadId, kind, request.raw, size);
        const ok = progress.phase !== 'failed' && progress.phase !== 'cancelled';
        return reply.header('cache-control', 'no-store').send(ok ? { ok: true, value: progress } : { ok: false, error: { code: 'failed', message: progress.message ?? 'The upload failed.' } });
      } catch (error) {
        reply.header('connection', 'close');
        return reply.send({ ok: false, error: { code: 'failed', message: error instanceof Error ? error.message : String(error) } });
      }
    });
  });
}
