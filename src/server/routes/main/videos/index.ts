import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../../context';
import { registerVideoDetailRoutes } from './detail.routes';
import { registerVideoEditRoutes } from './edit.routes';
import { registerVideoListRoutes } from './list.routes';
import { registerVideoMarkRoutes } from './marks.routes';

/** Every /videos route of the main API (issue 3) and /demographics_labels. */
export function registerVideoRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const repos = ctx.videos;
  registerVideoListRoutes(app, ctx, repos);
  registerVideoMarkRoutes(app, ctx, repos);
  registerVideoDetailRoutes(app, ctx, repos);
  registerVideoEditRoutes(app, ctx, repos);
}
