import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  PlaylistFieldsSchema, PlaylistListResponseSchema, PlaylistResponseSchema, PlaylistUpdateBodySchema, WidgetIdParamsSchema,
} from '../../../shared/http/widgets.schemas';
import type { ServerContext } from '../../context';
import { defineRoute } from '../../http/defineRoute';
import { found } from '../../http/httpError';
import type { createWidgetChecks } from './widgetChecks';
import type { WidgetRepository } from '../../repositories/widgets/widgetRepository';

interface Deps { ctx: ServerContext; repo: WidgetRepository; checks: ReturnType<typeof createWidgetChecks> }

/** Playlists (spec §7 PUT and POST /playlist): ordered videos of the brand, attached to any of its widgets. */
export function registerPlaylistRoutes(app: FastifyInstance, { ctx, repo, checks }: Deps): void {
  const base = { auth: 'apiKey' as const, tags: ['playlists'] };
  const checked = async (brandId: string, body: z.output<typeof PlaylistFieldsSchema>) => ({
    videoIds: await checks.videoIds(brandId, body.video_ids, 'video_ids'),
    widgetIds: await checks.widgetIds(brandId, body.widget_ids, 'widget_ids'),
  });

  defineRoute(app, {
    ...base, method: 'GET', url: '/playlists', summary: "The brand's playlists, newest first", response: { 200: PlaylistListResponseSchema },
    handler: async ({ auth }) => ({ playlists: await repo.playlists(auth.brandId) }),
  });

  defineRoute(app, {
    ...base, method: 'POST', url: '/playlist', summary: 'Creates a playlist: title, ordered video ids, the widgets it is attached to',
    body: PlaylistFieldsSchema, response: { 200: PlaylistResponseSchema },
    handler: async ({ auth, body }) => {
      const { videoIds, widgetIds } = await checked(auth.brandId, body);
      const id = await repo.createPlaylist(auth.brandId, body.title, videoIds, widgetIds, ctx.now());
      return { playlist: found(await repo.findPlaylist(id, auth.brandId)) };
    },
  });

  defineRoute(app, {
    ...base, method: 'PUT', url: '/playlist', summary: 'Renames, reorders and re-attaches a playlist (_id in the body)',
    body: PlaylistUpdateBodySchema, response: { 200: PlaylistResponseSchema },
    handler: async ({ auth, body }) => {
      const { videoIds, widgetIds } = await checked(auth.brandId, body);
      found((await repo.updatePlaylist(body._id, auth.brandId, body.title, videoIds, widgetIds, ctx.now())) || null);
      return { playlist: found(await repo.findPlaylist(body._id, auth.brandId)) };
    },
  });

  defineRoute(app, {
    ...base, method: 'DELETE', access: 'manager', url: '/playlist/:id', summary: 'Deletes a playlist (its videos stay)', params: WidgetIdParamsSchema,
    response: { 200: z.object({ deleted: z.string() }) },
    handler: async ({ auth, params }) => {
      found((await repo.removePlaylist(params.id, auth.brandId)) || null);
      return { deleted: params.id };
    },
  });
}
