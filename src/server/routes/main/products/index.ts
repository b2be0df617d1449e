import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../../context';
import { registerProductDetailRoutes } from './detail.routes';
import { registerProductListRoutes } from './list.routes';
import { registerProductMarkRoutes } from './marks.routes';

/** Every /products route of the main API (issue 6). */
export function registerProductRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const repos = ctx.repos.products;
  registerProductListRoutes(app, ctx, repos);
  registerProductMarkRoutes(app, ctx, repos);
  registerProductDetailRoutes(app, ctx, repos);
}
