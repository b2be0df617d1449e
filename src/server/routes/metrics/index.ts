import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { brandKeyAuthenticator } from './accessKeys';
import { registerAnalyticsRoutes } from './analytics.routes';
import { registerEmbedRoutes } from './embed.routes';
import { createEmbedPayload } from './embedPayload';
import { createEmbedScript } from './embedScript';
import { registerInventoryRoutes } from './inventory.routes';
import { registerPlaylistRoutes } from './playlists.routes';
import { createWidgetChecks } from './widgetChecks';
import { registerWidgetRoutes } from './widgets.routes';

export { API_KEY_MISSING, API_KEY_WRONG } from './accessKeys';

/** The metrics and widget API (spec §7), mounted at SERVICE_PREFIXES.metrics: brand API key on every route but the embed's. */
export async function metricsApiPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.decorate('authenticateApiKey', brandKeyAuthenticator(ctx.widgets.keys));
  const { widgets: repo, events, lookups, embed } = ctx.repos.widgets;
  const checks = createWidgetChecks(lookups);
  registerWidgetRoutes(app, { ctx, repo, keys: ctx.widgets.keys, checks });
  registerPlaylistRoutes(app, { ctx, repo, checks });
  registerInventoryRoutes(app, ctx);
  registerAnalyticsRoutes(app, ctx, repo, events);
  registerEmbedRoutes(app, { ctx, keys: ctx.widgets.keys, events, payload: createEmbedPayload(embed, repo, ctx.media), script: createEmbedScript() });
}
