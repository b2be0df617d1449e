import type { FastifyInstance } from 'fastify';
import { errorBody } from '../http/httpError';
import { HTTP_MESSAGES } from '../http/httpMessages';

// Loopback names only: a DNS-rebinding page reaches us under its own host name, which this refuses.
const LOOPBACK_HOST = /^(127\.0\.0\.1|localhost|\[::1\])(:\d{1,5})?$/i;

/** True when the Host header names the loopback interface (any port). */
export function isLoopbackHost(host: string | undefined): boolean {
  return host !== undefined && LOOPBACK_HOST.test(host);
}

/**
 * Refuses (403) requests whose Host is not loopback, and requests carrying an Origin that is not allowed:
 * a web page in a browser on this machine must not be able to call the back end, except the public embed routes (anyOrigin).
 */
export function installHostOriginGuard(app: FastifyInstance, allowedOrigins: ReadonlySet<string>): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!isLoopbackHost(request.headers.host)) {
      return reply.code(403).send(errorBody(403, HTTP_MESSAGES.invalidHost));
    }
    const origin = request.headers.origin;
    if (origin !== undefined && !allowedOrigins.has(origin) && request.routeOptions.config.anyOrigin !== true) {
      return reply.code(403).send(errorBody(403, HTTP_MESSAGES.originNotAllowed));
    }
  });
}
