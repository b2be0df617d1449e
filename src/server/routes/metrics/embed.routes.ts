import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { EmbedWidgetSchema, EVENT_BATCH_MAX_BYTES, EventBatchSchema, WidgetIdParamsSchema } from '../../../shared/http/widgets.schemas';
import type { ServerContext } from '../../context';
import { defineRoute } from '../../http/defineRoute';
import { badRequest, HttpError } from '../../http/httpError';
import type { AccessKeys } from './accessKeys';
import type { createEmbedPayload } from './embedPayload';
import type { EmbedScript } from './embedScript';
import type { WidgetEvents } from '../../repositories/widgets/widgetEvents';

interface Deps {
  ctx: ServerContext; keys: AccessKeys; events: WidgetEvents;
  payload: ReturnType<typeof createEmbedPayload>; script: () => Promise<EmbedScript>;
}

/** One answer for a wrong token and a missing widget, so a page learns nothing about widgets it has no token for. */
const GONE = 'This widget is no longer available.';

/** The public side of widgets: embed.js, a widget as the embed reads it (token), and the events it reports (token). */
export function registerEmbedRoutes(app: FastifyInstance, { ctx, keys, events, payload, script }: Deps): void {
  const base = { auth: 'none' as const, anyOrigin: true, tags: ['embed'] };

  defineRoute(app, {
    ...base, method: 'GET', url: '/embed.js', summary: 'The embed script: <script async src=".../embed.js" data-reelscope-widget data-token> renders the widget where it stands',
    handler: async ({ request, reply }) => {
      const { code, etag } = await script();
      reply.header('Cache-Control', 'public, max-age=300').header('ETag', etag).header('Cross-Origin-Resource-Policy', 'cross-origin');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('text/javascript; charset=utf-8').send(code);
    },
  });

  defineRoute(app, {
    ...base, method: 'GET', url: '/embed/widgets/:id', summary: 'A widget as embed.js shows it, opened by one of its live embed tokens',
    params: WidgetIdParamsSchema, query: z.object({ token: z.string().min(1).max(200) }), response: { 200: EmbedWidgetSchema },
    handler: async ({ params, query }) => {
      const widget = (await keys.tokenOpens(query.token, params.id)) ? await payload(params.id) : null;
      if (!widget) throw new HttpError(404, GONE);
      return widget;
    },
  });

  defineRoute(app, {
    ...base, method: 'POST', url: '/embed/events', bodyLimit: EVENT_BATCH_MAX_BYTES,
    summary: 'A batch of widget events (impression, play, watch, product_click, cta_click) from embed.js; JSON, sent as text/plain by sendBeacon',
    response: { 200: z.object({ accepted: z.number() }) },
    handler: async ({ request }) => {
      const raw = typeof request.body === 'string' ? parseJson(request.body) : request.body;
      const parsed = EventBatchSchema.safeParse(raw);
      if (!parsed.success) throw badRequest(`events: ${parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ')}`);
      const batch = parsed.data;
      if (!(await keys.tokenOpens(batch.token, batch.widget_id))) throw new HttpError(404, GONE);
      const known = await events.videoIds(batch.widget_id);
      const stray = batch.events.find((e) => e.video_id !== null && !known.has(e.video_id));
      if (stray) throw badRequest(`events: video ${stray.video_id} is not in this widget.`);
      return { accepted: await events.record(batch, ctx.now()) };
    },
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('events: the body is not JSON.');
  }
}
