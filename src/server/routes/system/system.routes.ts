import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PRODUCT_NAME } from '../../../shared/constants';
import { HealthResponseSchema } from '../../../shared/http/auth.schemas';
import type { ServerContext } from '../../context';
import { defineRoute } from '../../http/defineRoute';

/** GET /health (polled by the renderer for the server-down modal) and GET /openapi.json. */
export async function systemPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  defineRoute(app, {
    method: 'GET',
    url: '/health',
    summary: 'Liveness and version of the back end',
    auth: 'none',
    tags: ['system'],
    response: { 200: HealthResponseSchema },
    handler: () => ({ ok: true as const, version: ctx.version }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/openapi.json',
    summary: 'This OpenAPI 3.1 document',
    auth: 'none',
    tags: ['system'],
    response: { 200: z.record(z.string(), z.unknown()) },
    handler: () => app.openApiRegistry.document({ title: `${PRODUCT_NAME} embedded back end`, version: ctx.version }),
  });
}
