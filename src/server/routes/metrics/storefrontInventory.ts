import { z } from 'zod';
import { InventoryItemSchema, type InventoryItem } from '../../../shared/http/widgets.schemas';
import { HttpError } from '../../http/httpError';
import { allowsLoopbackStores, checkedStoreAddress, resolveWithDns, storeUnreachable, type ResolveHost } from './storeAddress';
import { postToStore } from './storeRequest';
import { isStoreImage } from './storeImage';

/** The storefront API version asked for; stores answer every supported version with this shape. */
export const STOREFRONT_API_VERSION = '2025-01';
/** A page of 100 products with their variants is far below this; a larger answer is not a store's. */
const LIMITS = { timeoutMs: 10_000, maxBytes: 4 * 1024 * 1024 };

const QUERY = `query Inventory($first: Int!, $after: String, $query: String) {
  products(first: $first, after: $after, query: $query, sortKey: TITLE) {
    edges { cursor node { id title onlineStoreUrl featuredImage { url }
      priceRange { minVariantPrice { amount currencyCode } }
      variants(first: 20) { edges { node { title } } } } }
    pageInfo { hasNextPage endCursor }
  }
}`;

const StoreProductSchema = z.object({
  id: z.string(), title: z.string(), onlineStoreUrl: z.string().nullable().optional(),
  featuredImage: z.object({ url: z.string() }).nullable().optional(),
  priceRange: z.object({ minVariantPrice: z.object({ amount: z.string(), currencyCode: z.string() }) }),
  variants: z.object({ edges: z.array(z.object({ node: z.object({ title: z.string() }) })) }).optional(),
});
type StoreProduct = z.infer<typeof StoreProductSchema>;
const parseJson = (text: string): unknown => { try { return JSON.parse(text); } catch { return null; } };

const AnswerSchema = z.object({
  data: z.object({
    products: z.object({
      edges: z.array(z.object({
        cursor: z.string(),
        node: StoreProductSchema,
      })),
      pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() }),
    }),
  }),
});

/** The store's GraphQL address from what a person types in Settings (my-shop.example or https://my-shop.example/). */
export function storefrontEndpoint(storeUrl: string): URL {
  const withScheme = /^https?:\/\//i.test(storeUrl) ? storeUrl : `https://${storeUrl}`;
  let url: URL;
  try { url = new URL(withScheme); } catch { throw new HttpError(400, 'store_url: enter the store\'s address, e.g. https://my-shop.example.'); }
  // A store has a domain name (or is an address): a word such as "shop" is a typo, not a server to try for 10 s.
  if (!/[.:]/.test(url.hostname) && url.hostname !== 'localhost') throw new HttpError(400, 'store_url: enter the store\'s address, e.g. https://my-shop.example.');
  return new URL(`/api/${STOREFRONT_API_VERSION}/graphql.json`, url);
}

/** How the store is reached: the DNS boundary and the test-only loopback setting (the route passes none: DNS and the environment). */
export interface StorefrontOptions { resolve?: ResolveHost; env?: NodeJS.ProcessEnv }

/** A store's product as the inventory lists it, or null when the store's answer is not one a widget may show. */
function inventoryItem(node: StoreProduct, allowHttpImages: boolean): InventoryItem | null {
  const image = node.featuredImage?.url ?? null;
  if (image !== null && !isStoreImage(image, allowHttpImages)) return null;
  const item = InventoryItemSchema.safeParse({
    source: 'store', id: node.id, title: node.title, price: Number(node.priceRange.minVariantPrice.amount) || 0,
    currency: /^[A-Z]{3}$/.test(node.priceRange.minVariantPrice.currencyCode) ? node.priceRange.minVariantPrice.currencyCode : 'USD',
    image_url: image, url: node.onlineStoreUrl ?? '',
    variants: (node.variants?.edges ?? []).map((e) => e.node.title).filter((t) => t !== 'Default Title').slice(0, 50),
  });
  return item.success ? item.data : null;
}

/**
 * One page of a connected store's products through its storefront GraphQL API, with the same paging as the brand's.
 * Every failure — an address refused, no answer, a refused token, an answer that is not a product list or carries a
 * link a widget may not show — is the one STORE_UNREACHABLE (502).
 */
export async function storefrontInventory(storeUrl: string, token: string, page: { first: number; after?: string; search: string }, options: StorefrontOptions = {}) {
  const endpoint = storefrontEndpoint(storeUrl);
  const allowLoopback = allowsLoopbackStores(options.env);
  const address = await checkedStoreAddress(endpoint, { allowLoopback, resolve: options.resolve ?? resolveWithDns });
  const body = JSON.stringify({ query: QUERY, variables: { first: page.first, after: page.after ?? null, query: page.search === '' ? null : `title:*${page.search}*` } });
  const answer = await postToStore(endpoint, address, { 'content-type': 'application/json', 'x-shopify-storefront-access-token': token }, body, LIMITS)
    .catch(() => { throw storeUnreachable(); });
  if (answer.status !== 200) throw storeUnreachable();
  const parsed = AnswerSchema.safeParse(parseJson(answer.body));
  if (!parsed.success) throw storeUnreachable();
  const { edges, pageInfo } = parsed.data.data.products;
  const products = edges.map(({ node }) => inventoryItem(node, allowLoopback));
  if (products.some((p) => p === null)) throw storeUnreachable();
  return { products: products as InventoryItem[], page_info: { has_next_page: pageInfo.hasNextPage, end_cursor: pageInfo.endCursor } };
}
