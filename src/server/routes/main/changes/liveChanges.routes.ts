import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { LIVE_CHANGES_PATH, LIVE_MESSAGES, LiveStreamQuerySchema } from '../../../../shared/http/liveChanges.schemas';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';
import { HttpError } from '../../../http/httpError';
import { actingBrand } from '../videos/videoAccess';

/** The Last-Event-ID a reconnecting client sends: a cursor is short, so anything longer is not one of ours. */
const LAST_EVENT_ID_MAX = 64;

/**
 * GET /changes/stream: the acting brand's changes as server-sent events (issue 29), authorised by the bearer like every
 * route (the renderer reads it with fetch, which sends the Authorization header; see docs/architecture.md "Changes
 * arrive live"). It resumes after `Last-Event-ID`, and ends when the access token it was opened with expires or when
 * the sign-in ends; the client opens it again with its renewed token.
 */
export function registerLiveChangeRoutes(app: FastifyInstance, ctx: ServerContext): void {
  defineRoute(app, {
    method: 'GET',
    url: LIVE_CHANGES_PATH,
    auth: 'bearer',
    tags: ['changes'],
    summary: "The brand's changes as they happen (server-sent events)",
    description:
      'Events: `ready` (its id is where the stream starts), `change` (kind, target, video, author), `resync` (the ' +
      'Last-Event-ID could not be resumed: read every view again) and `expired` (the access token ended: reconnect with ' +
      'the renewed one and the last id). A comment line every 15 s keeps proxies from closing it. At most 8 streams a user (429).',
    query: LiveStreamQuerySchema,
    responseContent: { 200: 'text/event-stream' },
    handler: async ({ request, reply, auth }) => {
      // Listened for before anything awaits: a client that leaves while the stream is still being opened (it counts
      // against the user's streams from the start) gives its place back instead of holding it until the token ends.
      const left = new AbortController();
      reply.raw.once('close', () => left.abort());
      if (request.raw.socket.destroyed) left.abort();
      const acting = await actingBrand(request, ctx.videos);
      const lastEventId = request.headers['last-event-id'];
      const resumeFrom = typeof lastEventId === 'string' && lastEventId.length <= LAST_EVENT_ID_MAX ? lastEventId.trim() : null;
      // The bearer was verified by the route's authentication; its expiry is when this stream has to end.
      const token = (request.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
      const expiresAt = (decodeJwt(token).exp ?? 0) * 1000;
      const body = new PassThrough();
      const opened = await ctx.live.open({
        userId: acting.userId,
        brandId: acting.brandId,
        resumeFrom,
        expiresAt,
        left: left.signal,
        stillAllowed: async () =>
          (auth.sessionId === null || (await ctx.sessions.isLive(auth.userId, auth.sessionId))) &&
          (await ctx.repos.brands.ownBrands(auth.userId)).some((brand) => brand.id === acting.brandId),
        sink: { write: (text) => void body.write(text), end: () => void body.end() },
      });
      // Nobody is there to read an answer: the (empty) body just ends.
      if (!opened.ok && opened.reason === 'left') return body.end();
      if (!opened.ok) throw new HttpError(429, LIVE_MESSAGES.tooManyStreams);
      reply.headers({
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // nginx (deploy/nginx.conf) passes each event on at once instead of buffering the answer.
        'x-accel-buffering': 'no',
      });
      return body;
    },
  });
}
