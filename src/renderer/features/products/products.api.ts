import { toFailure } from '../../lib/httpFailure';
import type { AxiosInstance } from 'axios';
import type {
  AutocompleteResponseSchema, CategoriesResponseSchema, ProductDetailResponse, ProductIdsResponse, ProductInfluencersResponseSchema,
  ProductListResponse, ProductMarkResponseSchema, ProductMessageArraySchema, ProductNoteResponseSchema, ProductVideosResponseSchema,
} from '../../../shared/http/products.schemas';
import type { z } from 'zod';
import type { Identity } from '../videos/videos.api';

export type ProductMessageArray = z.infer<typeof ProductMessageArraySchema>;
export type ProductMark = z.infer<typeof ProductMarkResponseSchema>;
export type ProductNote = z.infer<typeof ProductNoteResponseSchema>;
export type Categories = z.infer<typeof CategoriesResponseSchema>;
export type Autocomplete = z.infer<typeof AutocompleteResponseSchema>;
export type ProductVideosPage = z.infer<typeof ProductVideosResponseSchema>;
export type ProductInfluencersPage = z.infer<typeof ProductInfluencersResponseSchema>;

export const fetchProductList = (main: AxiosInstance, params: Record<string, string>) =>
  main.get<ProductListResponse>('/products', { params });

/** GET /products/get_product_ids: every product matching the same query ("select all N matching"). */
export const fetchProductIds = async (main: AxiosInstance, params: Record<string, string>) =>
  (await main.get<ProductIdsResponse>('/products/get_product_ids', { params })).data;

/** GET /products/:id/videos and /products/:id/influencers: the detail's lists beyond their first entries, a page at a time. */
export const fetchProductVideos = async (main: AxiosInstance, who: Identity, id: string, page: number, perPage: number) =>
  (await main.get<ProductVideosPage>(`/products/${encodeURIComponent(id)}/videos`, { params: { ...who, page, per_page: perPage } })).data;
export const fetchProductInfluencers = async (main: AxiosInstance, who: Identity, id: string, page: number, perPage: number) =>
  (await main.get<ProductInfluencersPage>(`/products/${encodeURIComponent(id)}/influencers`, { params: { ...who, page, per_page: perPage } })).data;

export const fetchProductDetail = (main: AxiosInstance, who: Identity, id: string) =>
  main.get<ProductDetailResponse>(`/products/${encodeURIComponent(id)}`, { params: who });

/** Trash is one call per product (PUT /products/:id/trash_product). */
/** Trash requests in flight at once: the API trashes one product per call, and a select-all may name thousands. */
const TRASH_CONCURRENCY = 4;

/**
 * Trashes each product (PUT /products/{id}/trash_product, one call each, a few at a time). On a failure it stops
 * starting new calls and throws what failed together with how many products had already gone to the trash.
 */
export async function trashProducts(main: AxiosInstance, who: Identity, ids: readonly string[]): Promise<number> {
  let count = 0;
  let next = 0;
  let failure: unknown = null;
  const worker = async (): Promise<void> => {
    while (failure === null && next < ids.length) {
      const id = ids[next++] ?? '';
      try {
        // Awaited first: `count += await …` would read `count` before the await and lose the other calls' additions.
        const answer = await main.put<ProductMark>(`/products/${encodeURIComponent(id)}/trash_product`, who);
        count += answer.data.count;
      } catch (error) {
        failure ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(TRASH_CONCURRENCY, ids.length) }, worker));
  if (failure !== null) {
    throw new Error(`${toFailure(failure).error} (${count} of ${ids.length} products were moved to the trash before it)`, { cause: failure });
  }
  return count;
}

export const markProducts = async (main: AxiosInstance, who: Identity, ids: readonly string[], favorite: boolean) =>
  (await main.post<ProductMark>(favorite ? '/products/favorite_products' : '/products/unfavorite_products', { ...who, product_ids: ids })).data;

/** Restore and permanent delete answer [message, {count, product_ids}]: the first element is the message shown. */
export const messageCall = async (main: AxiosInstance, who: Identity, path: 'restore_products' | 'removed_on_dashboard', ids: readonly string[]) =>
  (await main.post<ProductMessageArray>(`/products/${path}`, { ...who, product_ids: ids })).data;

export const fetchProductNote = async (main: AxiosInstance, who: Identity, id: string) =>
  (await main.get<ProductNote>(`/products/${encodeURIComponent(id)}/product_note`, { params: who })).data;
export const saveProductNote = async (main: AxiosInstance, who: Identity, id: string, content: string) =>
  (await main.put<ProductNote>(`/products/${encodeURIComponent(id)}/product_note`, { ...who, content })).data;

export const fetchCategories = async (main: AxiosInstance, who: Identity) =>
  (await main.get<Categories>('/products/categories', { params: who })).data;
export const fetchAutocomplete = async (main: AxiosInstance, who: Identity, q: string) =>
  (await main.get<Autocomplete>('/products/autocomplete_product_or_hashtag_list', { params: { ...who, q } })).data;

export interface ProductFields {
  name: string;
  category: string;
  description: string;
  price: number;
}

function toBody(who: Identity, fields: Partial<ProductFields>, files: readonly File[]): FormData | Record<string, unknown> {
  if (files.length === 0) return { ...who, ...fields };
  const form = new FormData();
  for (const [key, value] of Object.entries({ ...who, ...fields })) if (value !== undefined) form.append(key, String(value));
  for (const file of files) form.append('pictures', file, file.name);
  return form;
}

/** POST /products: multipart when pictures are attached, JSON otherwise. */
export const createProduct = async (main: AxiosInstance, who: Identity, fields: ProductFields, files: readonly File[]) =>
  (await main.post<ProductDetailResponse>('/products', toBody(who, fields, files))).data;
export const updateProduct = async (main: AxiosInstance, who: Identity, id: string, fields: Partial<ProductFields>, files: readonly File[] = []) =>
  (await main.put<ProductDetailResponse>(`/products/${encodeURIComponent(id)}`, toBody(who, fields, files))).data;
