import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { createReanalysisScheduler } from './reanalysis';
import { registerUploadRoutes } from './uploads.routes';
import { registerSecondVideoRoutes } from './video.routes';

/** The second API (downloads, re-analysis, uploads; spec §7 Second API), mounted at SERVICE_PREFIXES.second. Each route uses defineRoute. */
export async function secondApiPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const repos = ctx.videos;
  // Re-analysis jobs live in the database: a shutdown leaves them to resume at the next start (buildApp's onReady).
  registerSecondVideoRoutes(app, ctx, repos, createReanalysisScheduler(ctx.analysis));
  registerUploadRoutes(app, ctx);
}
