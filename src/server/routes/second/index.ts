import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { createVideoRepositories } from '../../repositories/videos/index';
import { createReanalysisScheduler } from './reanalysis';
import { registerSecondVideoRoutes } from './video.routes';

/** The second API (downloads, re-analysis, uploads; spec §7 Second API), mounted at SERVICE_PREFIXES.second. Each route uses defineRoute. */
export async function secondApiPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const repos = createVideoRepositories(ctx.db);
  const reanalysis = createReanalysisScheduler(repos.edits, ctx.now);
  // Pending re-analyses finish on shutdown rather than leaving videos 'processing'.
  app.addHook('onClose', async () => reanalysis.flush());
  registerSecondVideoRoutes(app, ctx, repos, reanalysis);
}
