import type { FastifyInstance } from 'fastify';
import { errorBody } from '../http/httpError';
import { HTTP_MESSAGES } from '../http/httpMessages';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// The content types an HTML form (or a no-preflight fetch) can send cross-site.
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'text/plain']);

function essence(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Answers 415 to form-encoded and text bodies on writes (text is let through to public embed routes), and to multipart except on routes that opt in. */
export function installContentTypeGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!WRITE_METHODS.has(request.method)) return;
    const type = essence(request.headers['content-type']);
    const config = request.routeOptions.config;
    const refused = (FORM_TYPES.has(type) && !(config.anyOrigin === true && type === 'text/plain')) || (type === 'multipart/form-data' && config.multipart !== true);
    if (refused) return reply.code(415).send(errorBody(415, HTTP_MESSAGES.unsupportedMediaType));
  });
}
