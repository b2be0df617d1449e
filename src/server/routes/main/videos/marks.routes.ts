import type { FastifyInstance } from 'fastify';
import {
  CompetitorIdsBodySchema, FlagVideosBodySchema, MarkResponseSchema, PublishBodySchema, TrashVideosBodySchema, VideoIdsBodySchema,
} from '../../../../shared/http/videos.schemas';
import { PublishJobsResponseSchema, PublishRightsResponseSchema } from '../../../../shared/http/publishing.schemas';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';
import { badRequest, notFound } from '../../../http/httpError';
import type { VideoRepositories } from '../../../repositories/videos/index';
import { actingBrand, type Acting } from './videoAccess';

/** Owners of the ids; 404 when any id is not visible to the acting brand. */
async function ownersOrNotFound(repos: VideoRepositories, acting: Acting, ids: readonly string[]): Promise<Map<string, string>> {
  const owners = await repos.marks.ownersOf(acting, ids);
  if (ids.some((id) => !owners.has(id))) throw notFound();
  return owners;
}

/** The competitors flag must describe the videos: own videos with false, competitor videos with true (spec §6). */
function checkCompetitorsFlag(acting: Acting, owners: ReadonlyMap<string, string>, competitors: boolean): void {
  for (const owner of owners.values()) {
    if ((owner !== acting.brandId) !== competitors) throw badRequest(competitors ? 'competitors: own videos sent with competitors=true' : 'competitors: competitor videos sent with competitors=false');
  }
}

const plural = (count: number): string => `${count} video${count === 1 ? '' : 's'}`;

/** Favorites, flags, trash, restore, permanent delete and publish of many videos; each answers {message, count}. */
export function registerVideoMarkRoutes(app: FastifyInstance, ctx: ServerContext, repos: VideoRepositories): void {
  const base = { method: 'POST' as const, auth: 'bearer' as const, tags: ['videos'], response: { 200: MarkResponseSchema } };
  const at = (): string => ctx.now().toISOString();

  const simple = (url: string, summary: string, run: (acting: Acting, ids: string[]) => Promise<number>, message: (count: number) => string): void => {
    defineRoute(app, {
      ...base, url, summary, body: VideoIdsBodySchema,
      handler: async ({ body, request }) => {
        const acting = await actingBrand(request, repos);
        await ownersOrNotFound(repos, acting, body.video_ids);
        const count = await run(acting, body.video_ids);
        return { message: message(count), count };
      },
    });
  };

  simple('/videos/favorite_videos', 'Adds videos to the signed-in person\'s own favorites', (a, ids) => repos.marks.favorite(a.brandId, a.userId, ids, at()), (n) => `${plural(n)} added to favorites`);
  simple('/videos/unfavorite_videos', 'Removes videos from the signed-in person\'s own favorites', (a, ids) => repos.marks.unfavorite(a.brandId, a.userId, ids), (n) => `${plural(n)} removed from favorites`);
  simple('/videos/unflag_videos', 'Clears the brand\'s flags', (a, ids) => repos.marks.unmark('flag', a.brandId, ids), (n) => `${plural(n)} unflagged`);

  defineRoute(app, {
    ...base, url: '/videos/flag_videos', summary: 'Flags videos with a report reason', body: FlagVideosBodySchema,
    handler: async ({ body, request }) => {
      const acting = await actingBrand(request, repos);
      await ownersOrNotFound(repos, acting, body.video_ids);
      const count = await repos.marks.mark('flag', acting.brandId, acting.userId, body.video_ids, at(), body.reason);
      return { message: `${plural(count)} flagged`, count };
    },
  });

  defineRoute(app, {
    ...base, url: '/videos/trash_videos', summary: 'Moves videos to the brand\'s trash', body: TrashVideosBodySchema,
    handler: async ({ body, request }) => {
      const acting = await actingBrand(request, repos);
      const ids = body.videos.map((item) => item.video_id);
      const owners = await ownersOrNotFound(repos, acting, ids);
      checkCompetitorsFlag(acting, owners, body.competitors);
      for (const item of body.videos) {
        const owner = owners.get(item.video_id);
        if (item.manufacturer_ids.length > 0 && owner !== undefined && !item.manufacturer_ids.includes(owner)) throw badRequest('videos.manufacturer_ids: does not match the video');
      }
      const count = await repos.marks.mark('trash', acting.brandId, acting.userId, ids, at());
      return { message: `${plural(count)} moved to trash`, count };
    },
  });

  defineRoute(app, {
    ...base, url: '/videos/untrash_videos', summary: 'Restores videos from the brand\'s trash', body: CompetitorIdsBodySchema,
    handler: async ({ body, request }) => {
      const acting = await actingBrand(request, repos);
      checkCompetitorsFlag(acting, await ownersOrNotFound(repos, acting, body.video_ids), body.competitors);
      const count = await repos.marks.unmark('trash', acting.brandId, body.video_ids);
      return { message: `${plural(count)} restored`, count };
    },
  });

  defineRoute(app, {
    ...base, access: 'manager', url: '/videos/delete_videos', summary: 'Permanently deletes trashed videos (competitor videos leave this brand\'s view)', body: CompetitorIdsBodySchema,
    handler: async ({ body, request }) => {
      const acting = await actingBrand(request, repos);
      const owners = await ownersOrNotFound(repos, acting, body.video_ids);
      checkCompetitorsFlag(acting, owners, body.competitors);
      const count = await repos.marks.deleteTrashed(acting.brandId, owners, at());
      return { message: `${plural(count)} permanently deleted`, count };
    },
  });

  defineRoute(app, {
    ...base, url: '/videos/multi_publish', body: PublishBodySchema, response: { 200: PublishJobsResponseSchema },
    summary: 'Publishes or unpublishes own videos to the shopper app: one job per video (rights gate first), answered with their states',
    handler: async ({ body, request }) => {
      const acting = await actingBrand(request, repos);
      const owners = await ownersOrNotFound(repos, acting, body.video_ids);
      if ([...owners.values()].some((owner) => owner !== acting.brandId)) throw notFound();
      return ctx.publishing.run(acting.brandId, acting.userId, body.video_ids, body.published);
    },
  });

  defineRoute(app, {
    ...base, url: '/videos/publish_rights', body: VideoIdsBodySchema, response: { 200: PublishRightsResponseSchema },
    summary: 'What the rights gate decides from for own videos (made by the brand, licenses): the list checks a bulk publish with it before sending',
    handler: async ({ body, request }) => {
      const acting = await actingBrand(request, repos);
      const rows = await ctx.publishing.rightsOf(acting.brandId, body.video_ids);
      if (rows.some((row) => row === null)) throw notFound();
      return { videos: rows.flatMap((row) => (row ? [{ _id: row.id, title: row.title, by_brand: row.rights.byBrand, licenses: [...row.rights.licenses], analysed: row.rights.analysed !== false }] : [])) };
    },
  });
}
