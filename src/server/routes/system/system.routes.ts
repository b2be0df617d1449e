import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PRODUCT_NAME } from '../../../shared/constants';
import { HealthResponseSchema, HttpErrorSchema, ProbeResponseSchema } from '../../../shared/http/auth.schemas';
import { MESSAGES } from '../../../shared/messages';
import type { ServerContext } from '../../context';
import { defineRoute } from '../../http/defineRoute';
import { errorBody } from '../../http/httpError';
import { PROBE_PATHS } from '../../http/startingServer';

/** GET /health (polled by the renderer for the server-down modal), the probes /livez and /readyz, and GET /openapi.json. */
export async function systemPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  // Probes answer under any Host: a load balancer or orchestrator asks an instance at its own address.
  const probe = { auth: 'none' as const, anyHost: true, tags: ['system'] };
  defineRoute(app, {
    ...probe,
    method: 'GET',
    url: PROBE_PATHS.live,
    summary: 'Liveness: the process answers (from the moment it listens, before migrations and the first-start seed end)',
    response: { 200: ProbeResponseSchema },
    handler: () => ({ ok: true as const }),
  });

  defineRoute(app, {
    ...probe,
    method: 'GET',
    url: PROBE_PATHS.ready,
    summary: 'Readiness: 200 once migrations and the first-start seed are done and the database answers; 503 with the server-down message otherwise (a stopping back end answers every new request 503)',
    response: { 200: ProbeResponseSchema, 503: HttpErrorSchema },
    handler: async ({ reply }) => {
      if (await ctx.repos.databaseProbe.answers()) return { ok: true as const };
      reply.code(503);
      return errorBody(503, MESSAGES.serverDown);
    },
  });

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
