import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WEB_BRIDGE } from '../../shared/ipc/contract';
import type { IpcHandlers } from '../../shared/ipc/handlers';
import { dispatchIpc } from '../../shared/ipc/handlers';
import type { HostEvents } from '../../main/services/hostEvents';
import { eventStreamOriginAllowed, hostAllowed, isLoopback, originAllowed, tokenMatches } from './bridgeGuard';
import type { SessionBinding } from './sessionBinding';
import { NOT_THIS_BROWSER, SESSION_BOUND_CHANNELS } from './sessionBinding';

export interface BridgeOptions {
  handlers: IpcHandlers;
  events: HostEvents;
  token: string;
  /** The port the web host listens on (for Host and Origin checks); read lazily because it is known after listen. */
  port: () => number;
  /** Which browser the stored session belongs to (issue 26 item 24). */
  binding: SessionBinding;
}

/** SSE comments keep idle connections open through proxies and let the server notice closed tabs. */
const HEARTBEAT_MS = 20_000;

function forbidden(reply: FastifyReply, message: string) {
  return reply.code(403).send({ ok: false, error: { code: 'forbidden', message } });
}

/** Loopback + Host check shared by both routes; answers the refusal reason or null. */
function refusal(request: FastifyRequest, port: number): string | null {
  if (!isLoopback(request.socket.remoteAddress)) return 'The host bridge only answers this computer.';
  if (!hostAllowed(request.headers.host, port)) return 'Unexpected Host header.';
  return null;
}

/**
 * The web host's side of the IPC contract: `POST /__host/:channel` answers the same envelope as Electron's
 * ipcMain (same handlers, same dispatchIpc), and `GET /__host/events` streams IPC_EVENTS as Server-Sent Events.
 */
export function registerBridgeRoutes(app: FastifyInstance, options: BridgeOptions): void {
  app.get(WEB_BRIDGE.eventsPath, (request, reply) => {
    const reason = refusal(request, options.port());
    if (reason) return forbidden(reply, reason);
    if (!eventStreamOriginAllowed(request.headers, options.port())) return forbidden(reply, 'Host events are only streamed to the Reelscope page itself.');
    // EventSource cannot send headers, so this one route takes the token in the query string.
    const { token } = request.query as { token?: unknown };
    if (!tokenMatches(token, options.token)) return forbidden(reply, 'Missing or wrong host token.');
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    });
    res.write(': connected\n\n');
    const unsubscribe = options.events.subscribe((event, payload) => {
      res.write(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    request.raw.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
  });

  app.post(`${WEB_BRIDGE.prefix}/:channel`, async (request, reply) => {
    const port = options.port();
    const reason = refusal(request, port);
    if (reason) return forbidden(reply, reason);
    if (!tokenMatches(request.headers[WEB_BRIDGE.tokenHeader], options.token)) return forbidden(reply, 'Missing or wrong host token.');
    if (!originAllowed(request.headers.origin, port)) return forbidden(reply, 'Host calls are only accepted from the Reelscope page itself.');
    const { channel } = request.params as { channel: string };
    const body = request.body;
    const input = typeof body === 'object' && body !== null && 'input' in body ? (body as { input: unknown }).input : undefined;
    // Envelopes travel with 200 like over IPC; the renderer reads ok/error, not the status.
    reply.header('cache-control', 'no-store');
    // Another browser opening this web host is signed out: it neither reads the session nor acts with it.
    if ((SESSION_BOUND_CHANNELS as ReadonlySet<string>).has(channel) && !options.binding.matches(request.headers.cookie)) {
      return reply.send(channel === 'secrets.getToken' ? { ok: true, value: null } : { ok: false, error: { code: 'failed', message: NOT_THIS_BROWSER } });
    }
    const envelope = await dispatchIpc(options.handlers, channel, input);
    // Storing tokens is a sign-in (or a renewal by the signed-in browser): the session now belongs to this browser.
    if (envelope.ok && channel === 'secrets.setToken') reply.header('set-cookie', options.binding.mint());
    if (envelope.ok && (channel === 'session.logout' || channel === 'secrets.clear')) reply.header('set-cookie', options.binding.clear());
    return reply.send(envelope);
  });
}
