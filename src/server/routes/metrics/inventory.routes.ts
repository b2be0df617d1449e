import type { FastifyInstance } from 'fastify';
import { InventoryQuerySchema, InventoryResponseSchema } from '../../../shared/http/widgets.schemas';
import type { ServerContext } from '../../context';
import { defineRoute } from '../../http/defineRoute';
import { badRequest } from '../../http/httpError';
import { brandProductTag } from './widgetChecks';
import { storefrontInventory } from './storefrontInventory';

type Cursor = { name: string; id: string };
const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');
function decodeCursor(text: string): Cursor {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (typeof value.name === 'string' && typeof value.id === 'string') return { name: value.name, id: value.id };
  } catch { /* answered below */ }
  throw badRequest('after: not a cursor this list gave out.');
}

/** GET /products/inventory (spec §7): the shop's products to tag on widget videos, page by page (first, after) and searched. */
export function registerInventoryRoutes(app: FastifyInstance, ctx: ServerContext): void {
  defineRoute(app, {
    auth: 'apiKey', tags: ['inventory'], method: 'GET', url: '/products/inventory',
    summary: "Shop inventory: the brand's products, or with store_url and shop_token a connected store's through its storefront GraphQL API (a public https host; 502 with one sentence for any store that cannot be used)",
    query: InventoryQuerySchema, response: { 200: InventoryResponseSchema },
    handler: async ({ auth, query }) => {
      if (query.store_url && query.shop_token) return storefrontInventory(query.store_url, query.shop_token, query);
      if (query.store_url || query.shop_token) throw badRequest('store_url and shop_token go together: set both in Settings, or neither for the brand\'s own products.');
      const after = query.after ? decodeCursor(query.after) : null;
      const rows = await ctx.repos.widgets.inventory.page(auth.brandId, query.search, after, query.first + 1);
      const shown = rows.slice(0, query.first);
      const last = shown.at(-1);
      return {
        products: shown.map(brandProductTag),
        page_info: { has_next_page: rows.length > query.first, end_cursor: last ? encodeCursor({ name: last.name, id: last.id }) : null },
      };
    },
  });
}
