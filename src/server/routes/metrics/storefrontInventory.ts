import { z } from 'zod';
import type { InventoryItem } from '../../../shared/http/widgets.schemas';
import { HttpError } from '../../http/httpError';

/** The storefront API version asked for; stores answer every supported version with this shape. */
export const STOREFRONT_API_VERSION = '2025-01';
const TIMEOUT_MS = 10_000;

const QUERY = `query Inventory($first: Int!, $after: String, $query: String) {
  products(first: $first, after: $after, query: $query, sortKey: TITLE) {
    edges { cursor node { id title onlineStoreUrl featuredImage { url }
      priceRange { minVariantPrice { amount currencyCode } }
      variants(first: 20) { edges { node { title } } } } }
    pageInfo { hasNextPage endCursor }
  }
}`;

const AnswerSchema = z.object({
  data: z.object({
    products: z.object({
      edges: z.array(z.object({
        cursor: z.string(),
        node: z.object({
          id: z.string(), title: z.string(), onlineStoreUrl: z.string().nullable().optional(),
          featuredImage: z.object({ url: z.string() }).nullable().optional(),
          priceRange: z.object({ minVariantPrice: z.object({ amount: z.string(), currencyCode: z.string() }) }),
          variants: z.object({ edges: z.array(z.object({ node: z.object({ title: z.string() }) })) }).optional(),
        }),
      })),
      pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() }),
    }),
  }),
});

/** The store's GraphQL address from what a person types in Settings (my-shop.example or https://my-shop.example/). */
export function storefrontEndpoint(storeUrl: string): string {
  const withScheme = /^https?:\/\//i.test(storeUrl) ? storeUrl : `https://${storeUrl}`;
  let url: URL;
  try { url = new URL(withScheme); } catch { throw new HttpError(400, 'store_url: enter the store\'s address, e.g. https://my-shop.example.'); }
  if (!/^https?:$/.test(url.protocol)) throw new HttpError(400, 'store_url: the store is reached over https.');
  // A store has a domain name (or is an address): a word such as "shop" is a typo, not a server to try for 10 s.
  if (!/[.:]/.test(url.hostname) && url.hostname !== 'localhost') throw new HttpError(400, 'store_url: enter the store\'s address, e.g. https://my-shop.example.');
  return `${url.origin}/api/${STOREFRONT_API_VERSION}/graphql.json`;
}

/** One page of a connected store's products through its storefront GraphQL API, with the same paging as the brand's. */
export async function storefrontInventory(storeUrl: string, token: string, page: { first: number; after?: string; search: string }) {
  const endpoint = storefrontEndpoint(storeUrl);
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-storefront-access-token': token },
      body: JSON.stringify({ query: QUERY, variables: { first: page.first, after: page.after ?? null, query: page.search === '' ? null : `title:*${page.search}*` } }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new HttpError(502, `The store at ${new URL(endpoint).host} did not answer. Check the store URL in Settings.`);
  }
  if (response.status === 401 || response.status === 403) throw new HttpError(502, 'The store refused the storefront token. Check it in Settings.');
  if (!response.ok) throw new HttpError(502, `The store answered ${response.status}. Try again later.`);
  const parsed = AnswerSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new HttpError(502, 'The store\'s answer was not a storefront product list.');
  const { edges, pageInfo } = parsed.data.data.products;
  const products: InventoryItem[] = edges.map(({ node }) => ({
    source: 'store', id: node.id, title: node.title, price: Number(node.priceRange.minVariantPrice.amount) || 0,
    currency: /^[A-Z]{3}$/.test(node.priceRange.minVariantPrice.currencyCode) ? node.priceRange.minVariantPrice.currencyCode : 'USD',
    image_url: node.featuredImage?.url ?? null, url: node.onlineStoreUrl ?? '',
    variants: (node.variants?.edges ?? []).map((e) => e.node.title).filter((t) => t !== 'Default Title').slice(0, 50),
  }));
  return { products, page_info: { has_next_page: pageInfo.hasNextPage, end_cursor: pageInfo.endCursor } };
}
