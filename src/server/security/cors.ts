import type { FastifyInstance } from 'fastify';
import { METRICS_KEY_HEADER } from '../../shared/http/widgets.schemas';

/** Request headers a renderer may send cross-origin: the bearer, JSON, the metrics API key and a live stream's resume point. */
export const CORS_ALLOWED_HEADERS = ['Authorization', 'Content-Type', METRICS_KEY_HEADER, 'Last-Event-ID'] as const;
const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';

/**
 * CORS for the allowed origins only (the Electron renderer and the web host). Runs after the origin guard,
 * so any Origin seen here is allowed. Credentials are not needed: the bearer travels in a header.
 */
export function installCors(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (origin === undefined) return;
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Vary', 'Origin');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
      reply.header('Access-Control-Allow-Methods', ALLOWED_METHODS);
      reply.header('Access-Control-Allow-Headers', CORS_ALLOWED_HEADERS.join(', '));
      reply.header('Access-Control-Max-Age', '600');
      return reply.code(204).send();
    }
  });
}
