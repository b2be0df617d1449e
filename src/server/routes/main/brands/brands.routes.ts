import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BrandSchema } from '../../../../shared/domain/session';
import { ApiKeyResponseSchema } from '../../../../shared/http/widgets.schemas';
import { assertBrandAccess, assertOwnBrand } from '../../../auth/brandAccess';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';
import { notFound } from '../../../http/httpError';

/** GET /brands/:id: an own or competitor brand; 404 for any brand the user may not read. */
export function registerBrandRoutes(app: FastifyInstance, ctx: ServerContext): void {
  defineRoute(app, {
    method: 'GET',
    url: '/brands/:id',
    summary: 'One brand the user owns or tracks as a competitor',
    auth: 'bearer',
    params: z.object({ id: z.string().min(1).max(64) }),
    response: { 200: BrandSchema },
    handler: ({ params, request }) => {
      const auth = assertBrandAccess(request, params.id);
      const brand = ctx.repos.brands.findById(params.id);
      if (!brand) throw notFound();
      return { _id: brand.id, name: brand.name, picture: brand.picture, competitor: !auth.brandIds.includes(brand.id) };
    },
  });
}

/** The brand's API key for the metrics and widget API (issue 16): shown in Settings, rotated there (the old key stops at once). */
export function registerApiKeyRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const params = z.object({ id: z.string().min(1).max(64) });
  defineRoute(app, {
    method: 'GET', url: '/brands/:id/api_key', summary: "The own brand's metrics API key, issued on first ask", auth: 'bearer', params,
    response: { 200: ApiKeyResponseSchema },
    handler: ({ params: { id }, request }) => {
      assertOwnBrand(request, id);
      return ctx.widgets.keys.keyOf(id, ctx.now());
    },
  });
  defineRoute(app, {
    method: 'POST', url: '/brands/:id/api_key/rotate', summary: "A new metrics API key for the own brand; the previous one stops working with this call", auth: 'bearer', params,
    response: { 200: ApiKeyResponseSchema },
    handler: ({ params: { id }, request }) => {
      assertOwnBrand(request, id);
      return ctx.widgets.keys.rotate(id, ctx.now());
    },
  });
}
