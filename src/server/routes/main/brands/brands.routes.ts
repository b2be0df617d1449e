import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BrandSchema } from '../../../../shared/domain/session';
import { assertBrandAccess } from '../../../auth/brandAccess';
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
