import { atom } from 'jotai';
import type { AxiosInstance } from 'axios';
import type { PRODUCT_SORTS, PRODUCT_TABS } from '../../../shared/constants';
import { DEFAULT_PRODUCT_SORT, ProductFiltersSchema } from '../../../shared/http/products.schemas';
import type { ProductFilters, ProductFiltersInput, ProductListItem, ProductListResponse } from '../../../shared/http/products.schemas';
import { toFailure } from '../../lib/httpFailure';
import { initialList, type ListState } from '../../lib/listState';
import { createRemoteListSlice } from '../../lib/remoteSlice';
import { identityAtom } from '../videos/list/videoList.atoms';
import type { Identity } from '../videos/videos.api';
import { fetchProductList } from './products.api';

export type ProductTab = (typeof PRODUCT_TABS)[number];
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** Spec §3 product list state. */
/** `search` is a substring of the product name (the back end's `search`); suggestions come from the autocomplete route. */
export interface ProductListState extends ListState<ProductTab, ProductSort> {
  trending: boolean;
  filters: ProductFilters;
}

export const emptyProductFilters = (): ProductFilters => ProductFiltersSchema.parse({});
export const initialProductListState = (): ProductListState => ({
  ...initialList('My Products', DEFAULT_PRODUCT_SORT), trending: false, filters: emptyProductFilters(),
});

/** Only the families that filter. */
export function compactProductFilters(filters: ProductFilters): ProductFiltersInput {
  const out: ProductFiltersInput = {};
  if (filters.note.values.length > 0 || filters.note.text.trim() !== '') out.note = { values: [...filters.note.values], text: filters.note.text.trim() };
  for (const key of ['category', 'influencer', 'brand'] as const) if (filters[key].length > 0) out[key] = [...filters[key]];
  return out;
}

export function toProductQuery(state: ProductListState, who: Identity): Record<string, string> {
  const query: Record<string, string> = {
    ...who, tab: state.tab, sort: state.sort, desc: String(state.desc), trending: String(state.trending),
    page: String(state.page), per_page: String(state.perPage),
  };
  if (state.search.trim() !== '') query.search = state.search.trim();
  const filters = compactProductFilters(state.filters);
  if (Object.keys(filters).length > 0) query.filters = JSON.stringify(filters);
  return query;
}

export const productListStateAtom = atom<ProductListState>(initialProductListState());
/** Anything but an explicit page change goes back to page 1. */
export const patchProductListAtom = atom(null, (get, set, patch: Partial<ProductListState>) => {
  set(productListStateAtom, { ...get(productListStateAtom), ...patch, page: patch.page ?? 1 });
});
export { identityAtom as productIdentityAtom };

export const productQueryAtom = atom<Record<string, string> | null>((get) => {
  const who = get(identityAtom);
  return who ? toProductQuery(get(productListStateAtom), who) : null;
});

export const productListSlice = createRemoteListSlice<ProductListResponse, ProductListItem>({
  items: (body) => body.products,
  withItems: (body, products) => ({ ...body, products }),
});
export const lastProductBodyAtom = atom<ProductListResponse | null>(null);

let latest = 0;
export const loadProductListAtom = atom(null, async (get, set, main: AxiosInstance) => {
  const params = get(productQueryAtom);
  if (!params) return;
  const request = ++latest;
  set(productListSlice.start);
  try {
    const response = await fetchProductList(main, params);
    if (request !== latest) return;
    set(productListSlice.succeed, response.data, response.status);
    set(lastProductBodyAtom, response.data);
    const { totalPages } = response.data.data;
    if (response.data.products.length === 0 && get(productListStateAtom).page > Math.max(1, totalPages)) {
      set(patchProductListAtom, { page: Math.max(1, totalPages) });
    }
  } catch (error) {
    if (request !== latest) return;
    set(productListSlice.fail, toFailure(error, 'load'));
  }
});

/** Check modes of the products list. */
export type ProductCheckMode = 'trash' | 'restore' | 'delete' | 'favorite' | 'unfavorite';
export const productCheckModeAtom = atom<ProductCheckMode | null>(null);
export const productSelectionAtom = atom<readonly string[]>([]);
export const clearProductSelectionAtom = atom(null, (_get, set) => {
  set(productCheckModeAtom, null);
  set(productSelectionAtom, []);
});
