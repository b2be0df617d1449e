import type { FastifyInstance } from 'fastify';
import { METRICS_KEY_HEADER } from '../../../shared/http/widgets.schemas';
import type { ServerContext } from '../../context';
import { unauthorized } from '../../http/httpError';
import { registerAnalyticsRoutes } from './analytics.routes';
import { registerEmbedRoutes } from './embed.routes';
import { createEmbedPayload } from './embedPayload';
import { createEmbedScript } from './embedScript';
import { registerInventoryRoutes } from './inventory.routes';
import { registerPlaylistRoutes } from './playlists.routes';
import { createWidgetChecks } from './widgetChecks';
import { createWidgetEvents } from './widgetEvents';
import { createWidgetRepository } from './widgetRepository';
import { registerWidgetRoutes } from './widgets.routes';

export const API_KEY_MISSING = `Send the brand's API key in the ${METRICS_KEY_HEADER} header (Settings → API key).`;
export const API_KEY_WRONG = 'This API key is not valid: it may have been rotated. Use the key shown in Settings.';

/** The metrics and widget API (spec §7), mounted at SERVICE_PREFIXES.metrics: brand API key on every route but the embed's. */
export async function metricsApiPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.decorate('authenticateApiKey', (request) => {
    const header = request.headers[METRICS_KEY_HEADER];
    const key = Array.isArray(header) ? header[0] : header;
    if (!key) throw unauthorized(API_KEY_MISSING);
    const brandId = ctx.widgets.keys.brandOfKey(key.trim());
    if (!brandId) throw unauthorized(API_KEY_WRONG);
    return { brandId };
  });
  const repo = createWidgetRepository(ctx.db);
  const checks = createWidgetChecks(ctx.db);
  const events = createWidgetEvents(ctx.db);
  registerWidgetRoutes(app, { ctx, repo, keys: ctx.widgets.keys, checks });
  registerPlaylistRoutes(app, { ctx, repo, checks });
  registerInventoryRoutes(app, ctx);
  registerAnalyticsRoutes(app, ctx, repo, events);
  const script = createEmbedScript();
  registerEmbedRoutes(app, { ctx, keys: ctx.widgets.keys, events, payload: createEmbedPayload(ctx.db, repo, ctx.media), script });
  // Bundled before the first page asks: a slow first answer would let the page paint before the embed reserves its space.
  app.addHook('onReady', async () => void script().catch(() => undefined));
}
