import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  SnippetResponseSchema, WidgetFieldsSchema, WidgetIdParamsSchema, WidgetListResponseSchema, WidgetResponseSchema, WidgetUpdateBodySchema,
} from '../../../shared/http/widgets.schemas';
import { SERVICE_PREFIXES } from '../../../shared/constants';
import { embedSnippet } from '../../../shared/rules/widgets';
import type { ServerContext } from '../../context';
import { defineRoute } from '../../http/defineRoute';
import type { ApiKeyAuth } from '../../http/fastifyTypes';
import { found } from '../../http/httpError';
import { publicOrigin } from '../../http/publicOrigin';
import type { AccessKeys } from './accessKeys';
import type { createWidgetChecks } from './widgetChecks';
import type { WidgetRepository } from '../../repositories/widgets/widgetRepository';

interface Deps { ctx: ServerContext; repo: WidgetRepository; keys: AccessKeys; checks: ReturnType<typeof createWidgetChecks> }


/** Widget routes of the metrics and widget API (spec §7): create, read, list, update, delete, and embed tokens. */
export function registerWidgetRoutes(app: FastifyInstance, { ctx, repo, keys, checks }: Deps): void {
  const base = { auth: 'apiKey' as const, tags: ['widgets'] };
  const IdQuery = z.object({ id: z.string().min(1).max(64) });

  defineRoute(app, {
    ...base, method: 'GET', url: '/widgets/', summary: "The brand's widgets, newest first, with their videos and attached playlists",
    response: { 200: WidgetListResponseSchema },
    handler: async ({ auth }) => ({ widgets: await repo.list(auth.brandId) }),
  });

  defineRoute(app, {
    ...base, method: 'POST', url: '/widget', summary: 'Creates a widget: at least 5 of the brand\'s playable videos, each with its tagged products',
    body: WidgetFieldsSchema, response: { 200: WidgetResponseSchema },
    handler: async ({ auth, body }) => {
      const id = await repo.create(auth.brandId, auth.userId, await checks.widget(auth.brandId, body), ctx.now());
      return { widget: found(await repo.find(id, auth.brandId)) };
    },
  });

  const read = async (brandId: string, id: string) => ({ widget: found(await repo.find(id, brandId)) });
  defineRoute(app, {
    ...base, method: 'GET', url: '/widget/:id', summary: 'One widget', params: WidgetIdParamsSchema, response: { 200: WidgetResponseSchema },
    handler: ({ auth, params }) => read(auth.brandId, params.id),
  });
  defineRoute(app, {
    ...base, method: 'GET', url: '/widget', summary: 'One widget, by ?id=', query: IdQuery, response: { 200: WidgetResponseSchema },
    handler: ({ auth, query }) => read(auth.brandId, query.id),
  });

  const replace = async (auth: ApiKeyAuth, id: string, body: z.output<typeof WidgetFieldsSchema>) => {
    found((await repo.update(id, auth.brandId, auth.userId, await checks.widget(auth.brandId, body), ctx.now())) || null);
    return read(auth.brandId, id);
  };
  defineRoute(app, {
    ...base, method: 'PUT', url: '/widget/:id', summary: 'Replaces a widget\'s fields and videos', params: WidgetIdParamsSchema, body: WidgetFieldsSchema,
    response: { 200: WidgetResponseSchema },
    handler: ({ auth, params, body }) => replace(auth, params.id, body),
  });
  defineRoute(app, {
    ...base, method: 'PUT', url: '/widget', summary: 'Replaces a widget\'s fields and videos, the id in the body (_id)', body: WidgetUpdateBodySchema,
    response: { 200: WidgetResponseSchema },
    handler: ({ auth, body }) => replace(auth, body._id, body),
  });

  const remove = async (brandId: string, id: string) => {
    found((await repo.remove(id, brandId)) || null);
    return { deleted: id };
  };
  const Deleted = z.object({ deleted: z.string() });
  defineRoute(app, {
    ...base, method: 'DELETE', access: 'manager', url: '/widget/:id', summary: 'Deletes a widget; its embed tokens stop working and its snippet renders nothing',
    params: WidgetIdParamsSchema, response: { 200: Deleted },
    handler: ({ auth, params }) => remove(auth.brandId, params.id),
  });
  defineRoute(app, {
    ...base, method: 'DELETE', access: 'manager', url: '/widget', summary: 'Deletes a widget, by ?id=', query: IdQuery, response: { 200: Deleted },
    handler: ({ auth, query }) => remove(auth.brandId, query.id),
  });

  defineRoute(app, {
    ...base, method: 'POST', url: '/widget/:id/token/generate', summary: 'A new embed token for the widget and the one-line snippet that renders it on any page',
    params: WidgetIdParamsSchema, response: { 200: SnippetResponseSchema },
    handler: async ({ auth, params, request }) => {
      const widget = found(await repo.find(params.id, auth.brandId));
      const token = await keys.issueToken(widget._id, ctx.now());
      return { token, snippet: embedSnippet(`${publicOrigin(request)}${SERVICE_PREFIXES.metrics}`, widget._id, token) };
    },
  });
  defineRoute(app, {
    ...base, method: 'DELETE', access: 'manager', url: '/widget/:id/tokens', summary: 'Revokes every embed token of the widget: pasted snippets render nothing from now on',
    params: WidgetIdParamsSchema, response: { 200: z.object({ revoked: z.number() }) },
    handler: async ({ auth, params }) => {
      const widget = found(await repo.find(params.id, auth.brandId));
      return { revoked: await keys.revokeTokens(widget._id, ctx.now()) };
    },
  });
}
