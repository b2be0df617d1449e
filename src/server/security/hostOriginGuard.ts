import type { FastifyInstance } from 'fastify';
import { errorBody } from '../http/httpError';
import { HTTP_MESSAGES } from '../http/httpMessages';

// Loopback names only: a DNS-rebinding page reaches us under its own host name, which this refuses.
const LOOPBACK_HOST = /^(127\.0\.0\.1|localhost|\[::1\])(:\d{1,5})?$/i;

/** True when the Host header names the loopback interface (any port). */
export function isLoopbackHost(host: string | undefined): boolean {
  return host !== undefined && LOOPBACK_HOST.test(host);
}

/** The host name of a Host header, lower case and without its port ("[::1]:80" → "[::1]"). */
const hostNameOf = (host: string): string => host.toLowerCase().replace(/:\d{1,5}$/, '');

/**
 * Refuses (403) requests whose Host is neither loopback nor one of `allowedHosts` (the names a server is reached under),
 * and requests carrying an Origin that is not allowed: a web page in a browser on this machine must not be able to
 * call the back end, except the public embed routes (anyOrigin). Probes (anyHost) answer under any Host.
 */
export function installHostOriginGuard(app: FastifyInstance, allowedOrigins: ReadonlySet<string>, allowedHosts: ReadonlySet<string> = new Set()): void {
  app.addHook('onRequest', async (request, reply) => {
    const host = request.headers.host;
    const hostAllowed = isLoopbackHost(host) || (host !== undefined && allowedHosts.has(hostNameOf(host))) || request.routeOptions.config.anyHost === true;
    if (!hostAllowed) {
      return reply.code(403).send(errorBody(403, HTTP_MESSAGES.invalidHost));
    }
    const origin = request.headers.origin;
    if (origin !== undefined && !allowedOrigins.has(origin) && request.routeOptions.config.anyOrigin !== true) {
      return reply.code(403).send(errorBody(403, HTTP_MESSAGES.originNotAllowed));
    }
  });
}
