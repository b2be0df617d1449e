import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import { MESSAGES } from '../../shared/messages';
import { errorBody } from './httpError';

/** The probes a load balancer or orchestrator asks: the process answers, and it is ready for traffic. */
export const PROBE_PATHS = { live: '/livez', ready: '/readyz' } as const;

/** Fastify's own server defaults, which a server handed to it must carry too (no request timeout: uploads take long). */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/** Until the app takes over: alive, and every other answer is the spec's server-down message with 503. */
function answerStarting(request: IncomingMessage, response: ServerResponse): void {
  const path = (request.url ?? '').split('?')[0];
  const [status, body] = path === PROBE_PATHS.live ? [200, { ok: true }] : [503, errorBody(503, MESSAGES.serverDown)];
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  response.end(JSON.stringify(body));
}

/** A back end's HTTP server from before its database is ready until its app answers (see createServer for why). */
export interface StartingServer {
  server: Server;
  /** The port it listens on (the one the OS chose for port 0). */
  port: number;
  /** Where this machine reaches it: a wildcard address (0.0.0.0, ::) through loopback. */
  url: string;
  /** Fastify's serverFactory: the app gets this server, its handler kept aside until `open`. */
  factory: FastifyServerFactory;
  /** The app is ready (its onReady hooks ran): from now on it answers every request. */
  open(): void;
}

/** Listens on `host:port` at once, answering /livez 200 and everything else (/readyz too) 503 while the back end starts. */
export async function listenStarting(host: string, port: number): Promise<StartingServer> {
  const server = createServer(answerStarting);
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.requestTimeout = 0;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  let appHandler: ((request: IncomingMessage, response: ServerResponse) => void) | null = null;
  const address = server.address();
  const listening = typeof address === 'object' && address ? address.port : port;
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return {
    server,
    port: listening,
    url: `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${listening}`,
    factory: (handler) => {
      appHandler = handler;
      return server;
    },
    open() {
      if (!appHandler) throw new Error('open() before the app was built on this server');
      server.off('request', answerStarting);
      server.on('request', appHandler);
    },
  };
}

/** Stops taking connections and resolves once the open ones have ended (idle keep-alive ones are closed at once). */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}
