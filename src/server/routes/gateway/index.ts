import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import type { FastifyInstance } from 'fastify';
import { PublishJobsResponseSchema, PublishStateParamsSchema, PublishStateResponseSchema } from '../../../shared/http/publishing.schemas';
import type { ServerContext } from '../../context';
import { defineRoute } from '../../http/defineRoute';
import { badRequest, found } from '../../http/httpError';
import { brandKeyAuthenticator } from '../metrics/accessKeys';
import { BrandQuerySchema, gatewayBrand } from './gatewayBrand';
import { PublishPayloadScanner } from './publishPayloadScanner';
import { registerShopperFeedRoutes } from './shopperFeed.routes';
import { registerIntegrationRoutes } from './integrations.routes';


/**
 * The integration and publishing gateway (spec §7), mounted at SERVICE_PREFIXES.gateway: the brand's API key in the
 * fixed header (the same key as the metrics API, shown in Settings), and brand_id naming that brand.
 */
export async function gatewayApiPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.decorate('authenticateApiKey', brandKeyAuthenticator(ctx.widgets.keys));
  const payloadDir = join(ctx.media.mediaDir ? dirname(ctx.media.mediaDir) : tmpdir(), 'publish-payloads');
  // The publish payload has no size limit: in its own scope JSON is not parsed whole but streamed to disk by the route.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', (_request, payload, done) => done(null, payload));
    registerPublishRoute(scope, ctx, payloadDir);
  });

  defineRoute(app, {
    auth: 'apiKey', tags: ['gateway'], method: 'GET', url: '/video/publish/state/:id', params: PublishStateParamsSchema, query: BrandQuerySchema,
    summary: 'The publish state of a job, or of a video\'s latest job: queued, processing, published, unpublished or failed (with why)',
    response: { 200: PublishStateResponseSchema },
    handler: ({ auth, params, query }) => ({ job: found(ctx.publishing.state(gatewayBrand(auth, query), params.id)) }),
  });

  registerShopperFeedRoutes(app, ctx);
  registerIntegrationRoutes(app, ctx);
}

/** POST /video/publish: the payload streamed to disk while its video ids are read. */
function registerPublishRoute(app: FastifyInstance, ctx: ServerContext, payloadDir: string): void {
  defineRoute(app, {
    auth: 'apiKey', tags: ['gateway'], method: 'POST', url: '/video/publish', query: BrandQuerySchema, response: { 200: PublishJobsResponseSchema },
    summary: 'Publishes videos to the shopper app: a JSON payload {"video_ids": [...], "published": true, ...} of any size, streamed to disk; answers the queued jobs',
    handler: async ({ auth, query, request }) => {
      const brandId = gatewayBrand(auth, query);
      if (!request.headers['content-type']?.startsWith('application/json')) throw badRequest('Send the publish payload as application/json.');
      await mkdir(payloadDir, { recursive: true, mode: 0o700 });
      const file = join(payloadDir, `${randomBytes(12).toString('hex')}.json`);
      const scanner = new PublishPayloadScanner();
      const decoder = new StringDecoder('utf8');
      const scan = new Transform({
        // A bad payload is read to its end but no longer kept: failing the stream would cut the connection before the 400.
        transform(chunk: Buffer, _encoding, next) {
          if (scanner.problem === null) scanner.feed(decoder.write(chunk));
          next(null, scanner.problem === null ? chunk : undefined);
        },
      });
      try {
        await pipeline(request.raw, scan, createWriteStream(file, { mode: 0o600 }));
        if (scanner.problem === null) scanner.feed(decoder.end());
        const problem = scanner.finish();
        if (problem) throw badRequest(problem);
        const published = scanner.published ?? true;
        const jobs = ctx.publishing.enqueue(brandId, [...new Set(scanner.videoIds)], published ? 'publish' : 'unpublish', file);
        return { message: `${jobs.length} video${jobs.length === 1 ? '' : 's'} queued to be ${published ? 'published' : 'unpublished'}`, count: jobs.length, jobs };
      } catch (error) {
        await rm(file, { force: true });
        throw error;
      }
    },
  });
}
