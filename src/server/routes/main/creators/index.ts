import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../../context';
import { registerCreatorDetailRoutes } from './detail.routes';
import { registerCreatorListRoutes } from './list.routes';

/** Every /influencers route of the main API and GET /users/?video_author_id= (issue 6). */
export function registerCreatorRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const repos = ctx.repos.creators;
  registerCreatorListRoutes(app, ctx, repos);
  registerCreatorDetailRoutes(app, ctx, repos);
}
