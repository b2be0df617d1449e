import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { FastifyInstance } from 'fastify';
import { PublishJobsResponseSchema, PublishStateParamsSchema, PublishStateResponseSchema } from '../../../shared/http/publishing.schemas';
import type { ServerContext } from '../../context';
import { defineRoute } from '../../http/defineRoute';
import { DRAIN_LIMIT_BYTES, drainBody } from '../../http/drainBody';
import { badRequest, found } from '../../http/httpError';
import type { MediaStore } from '../../media/mediaStore';
import { putThrough } from '../../media/mediaTransfers';
import type { HttpError } from '../../http/httpError';
import { brandKeyAuthenticator } from '../metrics/accessKeys';
import { BrandQuerySchema, gatewayBrand } from './gatewayBrand';
import { createPublishPayloadBudget, sizeText } from './publishPayloadBudget';
import type { PayloadAllowance } from './publishPayloadBudget';
import { PublishPayloadScanner } from './publishPayloadScanner';
import { registerShopperFeedRoutes } from './shopperFeed.routes';
import { registerIntegrationRoutes } from './integrations.routes';


/**
 * The integration and publishing gateway (spec §7), mounted at SERVICE_PREFIXES.gateway: the brand's API key in the
 * fixed header (the same key as the metrics API, shown in Settings), and brand_id naming that brand.
 */
export async function gatewayApiPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.decorate('authenticateApiKey', brandKeyAuthenticator(ctx.widgets.keys));
  // Payloads of jobs that ended (or of requests a stop cut) do not outlive a restart. Without a data folder (tests) the
  // temp folder may be another back end's, so it is not swept.
  if (ctx.media.payloads.owned) app.addHook('onReady', async () => ctx.publishing.removeLeftoverPayloads());
  // The publish payload is larger than a JSON body: in its own scope it is not parsed whole but streamed to the payload store by the route.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', (_request, payload, done) => done(null, payload));
    registerPublishRoute(scope, ctx, ctx.media.payloads.store);
  });

  defineRoute(app, {
    auth: 'apiKey', tags: ['gateway'], method: 'GET', url: '/video/publish/state/:id', params: PublishStateParamsSchema, query: BrandQuerySchema,
    summary: 'The publish state of a job, or of a video\'s latest job: queued, processing, published, unpublished or failed (with why)',
    response: { 200: PublishStateResponseSchema },
    handler: async ({ auth, params, query }) => ({ job: found(await ctx.publishing.state(gatewayBrand(auth, query), params.id)) }),
  });

  registerShopperFeedRoutes(app, ctx);
  registerIntegrationRoutes(app, ctx);
}

/** POST /video/publish: the payload streamed to the payload store while its video ids are read, within its size limit and the brand's quota. */
function registerPublishRoute(app: FastifyInstance, ctx: ServerContext, payloads: MediaStore): void {
  const budget = createPublishPayloadBudget(ctx.publishPayloads, (brandId) => ctx.publishing.waitingBytes(brandId));
  defineRoute(app, {
    auth: 'apiKey', tags: ['gateway'], method: 'POST', url: '/video/publish', query: BrandQuerySchema, response: { 200: PublishJobsResponseSchema },
    summary: 'Publishes videos to the shopper app: a JSON payload {"video_ids": [...], "published": true, ...} streamed to disk; answers the queued jobs',
    description: `One payload is at most ${sizeText(ctx.publishPayloads.maxBytes)} (REELSCOPE_PUBLISH_PAYLOAD_MAX_BYTES; 413 past it, checked while it streams), ` +
      `and a brand's payloads still waiting for their jobs at most ${sizeText(ctx.publishPayloads.brandQueueBytes)} (REELSCOPE_PUBLISH_QUEUE_MAX_BYTES; 429 past it). ` +
      'A payload is deleted when its jobs end.',
    handler: async ({ auth, query, request, reply }) => {
      const brandId = gatewayBrand(auth, query);
      if (!request.headers['content-type']?.startsWith('application/json')) throw badRequest('Send the publish payload as application/json.');
      const declared = Number(request.headers['content-length'] ?? NaN);
      const allowance = await budget.open(brandId, Number.isFinite(declared) ? declared : null);
      try {
        if (allowance.refusedAtOnce) {
          // Declared too large: nothing is written; what the client sends meanwhile is read and dropped (up to a bound) so it reads the answer.
          await drainBody(request.raw);
          reply.header('connection', 'close');
          throw allowance.refusedAtOnce;
        }
        const file = `${randomBytes(12).toString('hex')}.json`;
        const received = await receivePayload(request.raw, payloads, file, allowance);
        try {
          if (received.refused) {
            reply.header('connection', 'close');
            throw received.refused;
          }
          const { scanner } = received;
          const problem = scanner.finish();
          if (problem) throw badRequest(problem);
          const published = scanner.published ?? true;
          const payload = { file, bytes: received.bytes };
          const jobs = await ctx.publishing.enqueue(brandId, auth.userId, [...new Set(scanner.videoIds)], published ? 'publish' : 'unpublish', payload);
          return { message: `${jobs.length} video${jobs.length === 1 ? '' : 's'} queued to be ${published ? 'published' : 'unpublished'}`, count: jobs.length, jobs };
        } catch (error) {
          await payloads.delete(file);
          throw error;
        }
      } finally {
        allowance.close();
      }
    },
  });
}

/**
 * Streams a payload to the payload store as `file`, reading its video ids as it goes. A bad payload, or one past its allowance, is read on
 * but no longer kept: failing the stream would cut the connection before the answer. Past the allowance by more than
 * the drain bound, the stream fails (the connection is cut). Any failure keeps nothing.
 */
async function receivePayload(raw: IncomingMessage, payloads: MediaStore, file: string, allowance: PayloadAllowance): Promise<{ scanner: PublishPayloadScanner; bytes: number; refused: HttpError | null }> {
  const scanner = new PublishPayloadScanner();
  const decoder = new StringDecoder('utf8');
  let refused: HttpError | null = null;
  let bytes = 0;
  let dropped = 0;
  const scan = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      refused ??= allowance.add(chunk.length);
      if (refused) {
        dropped += chunk.length;
        return next(dropped > DRAIN_LIMIT_BYTES ? refused : null);
      }
      bytes += chunk.length;
      if (scanner.problem === null) scanner.feed(decoder.write(chunk));
      next(null, scanner.problem === null ? chunk : undefined);
    },
  });
  // A store keeps nothing of a failed put (a partial file or an aborted upload).
  await putThrough(payloads, file, raw, [scan], 'application/json');
  if (scanner.problem === null) scanner.feed(decoder.end());
  return { scanner, bytes, refused };
}
