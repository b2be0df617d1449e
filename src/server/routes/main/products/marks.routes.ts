import type { FastifyInstance } from 'fastify';
import {
  ProductIdParamsSchema, ProductIdsBodySchema, ProductMarkResponseSchema, ProductMessageArraySchema, ProductNoteResponseSchema, TrashProductBodySchema,
} from '../../../../shared/http/products.schemas';
import type { ServerContext } from '../../../context';
import type { RouteAccess } from '../../../auth/teamRoles';
import { defineRoute } from '../../../http/defineRoute';
import { notFound } from '../../../http/httpError';
import type { ProductRepositories } from '../../../repositories/products/index';
import { actingBrand, type Acting } from '../videos/videoAccess';
import { registerNoteRoutes } from '../notes/noteRoutes';
import { visibleProduct } from './productAccess';

const plural = (count: number): string => `${count} product${count === 1 ? '' : 's'}`;

/** Owners of the ids; 404 when any id is not visible to the acting brand. */
async function ownersOrNotFound(repos: ProductRepositories, acting: Acting, ids: readonly string[]): Promise<Map<string, string>> {
  const owners = await repos.marks.ownersOf(acting, ids);
  if (ids.some((id) => !owners.has(id))) throw notFound();
  return owners;
}

/** Favorites, trash, restore, permanent delete and notes of products (spec §4 product transitions). */
export function registerProductMarkRoutes(app: FastifyInstance, ctx: ServerContext, repos: ProductRepositories): void {
  const base = { auth: 'bearer' as const, tags: ['products'] };
  const at = (): string => ctx.now().toISOString();

  const favorite = (url: string, summary: string, add: boolean): void => {
    defineRoute(app, {
      ...base, method: 'POST', url, summary, body: ProductIdsBodySchema, response: { 200: ProductMarkResponseSchema },
      handler: async ({ body, request }) => {
        const acting = await actingBrand(request, repos);
        await ownersOrNotFound(repos, acting, body.product_ids);
        const changed = add ? await repos.marks.favorite(acting.brandId, acting.userId, body.product_ids, at()) : await repos.marks.unfavorite(acting.brandId, acting.userId, body.product_ids);
        return { message: `${plural(changed.length)} ${add ? 'added to' : 'removed from'} favorites`, count: changed.length };
      },
    });
  };
  favorite('/products/favorite_products', 'Adds products to the signed-in person\'s own favorites', true);
  favorite('/products/unfavorite_products', 'Removes products from the signed-in person\'s own favorites', false);

  defineRoute(app, {
    ...base, method: 'PUT', url: '/products/:id/trash_product', summary: 'Moves a product to the brand\'s trash',
    params: ProductIdParamsSchema, body: TrashProductBodySchema, response: { 200: ProductMarkResponseSchema },
    handler: async ({ params, request }) => {
      const acting = await actingBrand(request, repos);
      await visibleProduct(repos, acting, params.id);
      const count = (await repos.marks.mark('trash', acting.brandId, acting.userId, [params.id], at())).length;
      return { message: `${plural(count)} moved to trash`, count };
    },
  });

  /** Restore and permanent delete answer an array: the message shown first, then what changed. */
  const messageArray = (url: string, summary: string, run: (acting: Acting, ids: string[]) => Promise<string[]>, verb: string, access: RouteAccess = 'member'): void => {
    defineRoute(app, {
      ...base, method: 'POST', url, summary, access, body: ProductIdsBodySchema, response: { 200: ProductMessageArraySchema },
      handler: async ({ body, request }) => {
        const acting = await actingBrand(request, repos);
        const changed = await run(acting, body.product_ids);
        return [`${plural(changed.length)} ${verb}`, { count: changed.length, product_ids: changed }] as [string, { count: number; product_ids: string[] }];
      },
    });
  };
  messageArray('/products/restore_products', 'Restores trashed products to their tab; answers [message, {count, product_ids}]', async (acting, ids) => {
    await ownersOrNotFound(repos, acting, ids);
    return repos.marks.unmark('trash', acting.brandId, ids);
  }, 'restored');
  messageArray('/products/removed_on_dashboard', 'Permanently deletes trashed products; answers [message, {count, product_ids}]',
    async (acting, ids) => repos.marks.deleteTrashed(acting.brandId, await ownersOrNotFound(repos, acting, ids), at()), 'permanently deleted', 'manager');

  registerNoteRoutes(app, ctx, {
    url: '/products/:id/product_note', noun: 'product', competitorsOf: repos.competitorsOf, notes: repos.notes,
    check: async (acting, id) => void (await visibleProduct(repos, acting, id)), response: ProductNoteResponseSchema, key: 'product_id',
  });
}
