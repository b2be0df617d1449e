import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PublishJobsResponseSchema, PublishStateParamsSchema, PublishStateResponseSchema } from '../../../shared/http/publishing.schemas';
import type { ServerContext } from '../../context';
import { defineRoute } from '../../http/defineRoute';
import { badRequest, found, notFound } from '../../http/httpError';
import { brandKeyAuthenticator } from '../metrics/accessKeys';
import { PublishPayloadScanner } from './publishPayloadScanner';
import { registerShopperFeedRoutes } from './shopperFeed.routes';
import { registerIntegrationRoutes } from './integrations.routes';

const BrandQuerySchema = z.object({ brand_id: z.string().min(1).max(64) });

/**
 * The integration and publishing gateway (spec §7), mounted at SERVICE_PREFIXES.gateway: the brand's API key in the
 * fixed header (the same key as the metrics API, shown in Settings), and brand_id naming that brand.
 */
export async function gatewayApiPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.decorate('authenticateApiKey', brandKeyAuthenticator(ctx.widgets.keys));
  // The publish payload has no size limit: JSON here is not parsed whole but streamed to disk by the route.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', (_request, payload, done) => done(null, payload));
  const payloadDir = join(ctx.media.mediaDir ? dirname(ctx.media.mediaDir) : tmpdir(), 'publish-payloads');
  const brandOf = (auth: { brandId: string }, query: { brand_id: string }) => {
    if (query.brand_id !== auth.brandId) throw notFound();
    return auth.brandId;
  };

  defineRoute(app, {
    auth: 'apiKey', tags: ['gateway'], method: 'POST', url: '/video/publish', query: BrandQuerySchema, response: { 200: PublishJobsResponseSchema },
    summary: 'Publishes videos to the shopper app: a JSON payload {"video_ids": [...], "published": true, ...} of any size, streamed to disk; answers the queued jobs',
    handler: async ({ auth, query, request }) => {
      const brandId = brandOf(auth, query);
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

  defineRoute(app, {
    auth: 'apiKey', tags: ['gateway'], method: 'GET', url: '/video/publish/state/:id', params: PublishStateParamsSchema, query: BrandQuerySchema,
    summary: 'The publish state of a job, or of a video\'s latest job: queued, processing, published, unpublished or failed (with why)',
    response: { 200: PublishStateResponseSchema },
    handler: ({ auth, params, query }) => ({ job: found(ctx.publishing.state(brandOf(auth, query), params.id)) }),
  });

  registerShopperFeedRoutes(app, ctx);
  registerIntegrationRoutes(app, ctx);
}
