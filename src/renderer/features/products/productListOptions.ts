import { PRODUCT_SORTS, PRODUCT_TABS } from '../../../shared/constants';
import { countLabel } from '../../../shared/rules/formatting';
import { NOTE_FILTER_VALUES } from '../../../shared/http/videos.schemas';
import type { ProductFilterOptions, ProductFilters } from '../../../shared/http/products.schemas';
import type { ChoiceOption } from '../../ui/filters';
import type { ProductCheckMode, ProductSort, ProductTab } from './productList.atoms';

export const PRODUCT_TAB_ITEMS = PRODUCT_TABS.map((value) => ({ value, label: value }));

export const PRODUCT_SORT_LABELS: Record<ProductSort, string> = {
  highest_sentiment: 'Highest sentiment',
  lowest_sentiment: 'Lowest sentiment',
  new_products: 'New products',
  highest_video_reviews: 'Most video reviews',
};
export const PRODUCT_SORT_ITEMS = PRODUCT_SORTS.map((value) => ({ value, label: PRODUCT_SORT_LABELS[value] }));

const NOTE_LABELS: Record<string, string> = { has_note: 'Has a note', no_note: 'No note' };

/** One multi-choice family of the product filters (spec §3: note, category, influencer, brand). */
export interface ProductFamily {
  key: 'note' | 'category' | 'influencer' | 'brand';
  title: string;
  get(filters: ProductFilters): readonly string[];
  set(filters: ProductFilters, values: string[]): ProductFilters;
  options(available: ProductFilterOptions | null): ChoiceOption[];
}

const top = (key: 'category' | 'influencer' | 'brand', title: string): ProductFamily => ({
  key, title, get: (f) => f[key], set: (f, values) => ({ ...f, [key]: values }), options: (available) => available?.[key] ?? [],
});

export const PRODUCT_FAMILIES: readonly ProductFamily[] = [
  {
    key: 'note', title: 'Note',
    get: (f) => f.note.values,
    set: (f, values) => ({ ...f, note: { ...f.note, values: values as ProductFilters['note']['values'] } }),
    options: (available) =>
      NOTE_FILTER_VALUES.map((value) => ({ value, label: NOTE_LABELS[value] ?? value, count: available?.note.find((o) => o.value === value)?.count ?? -1 })),
  },
  top('category', 'Category'),
  top('influencer', 'Creator'),
  top('brand', 'Brand'),
];

export interface ProductChip { id: string; label: string; remove(filters: ProductFilters): ProductFilters }

export function productFilterChips(filters: ProductFilters, available: ProductFilterOptions | null): ProductChip[] {
  const chips: ProductChip[] = [];
  for (const family of PRODUCT_FAMILIES) {
    const options = family.options(available);
    for (const value of family.get(filters)) {
      chips.push({
        id: `${family.key}:${value}`,
        label: `${family.title}: ${options.find((o) => o.value === value)?.label ?? value}`,
        remove: (current) => family.set(current, family.get(current).filter((entry) => entry !== value)),
      });
    }
  }
  if (filters.note.text.trim() !== '') {
    chips.push({ id: 'note:text', label: `Note contains “${filters.note.text.trim()}”`, remove: (f) => ({ ...f, note: { ...f.note, text: '' } }) });
  }
  return chips;
}

/** A bulk action of the products list: which check mode, its labels and whether it asks first. */
export interface ProductAction {
  mode: ProductCheckMode;
  start: string;
  verb: string;
  title: string;
  ask: boolean;
  question: (count: number) => string;
}

const plural = (count: number) => countLabel(count, 'product');
export const PRODUCT_ACTIONS: Record<ProductCheckMode, ProductAction> = {
  favorite: { mode: 'favorite', start: 'Favorite', verb: 'Add to favorites', title: 'Add to favorites', ask: false, question: (n) => `Add ${plural(n)} to your favorites?` },
  unfavorite: { mode: 'unfavorite', start: 'Unfavorite', verb: 'Unfavorite', title: 'Unfavorite products', ask: true, question: (n) => `Remove ${plural(n)} from your favorites?` },
  trash: { mode: 'trash', start: 'Trash', verb: 'Move to trash', title: 'Move to trash', ask: true, question: (n) => `Move ${plural(n)} to the trash?` },
  restore: { mode: 'restore', start: 'Restore', verb: 'Restore', title: 'Restore products', ask: true, question: (n) => `Restore ${plural(n)}?` },
  delete: { mode: 'delete', start: 'Delete permanently', verb: 'Delete permanently', title: 'Delete permanently', ask: true, question: (n) => `Delete ${plural(n)} permanently? This cannot be undone.` },
};

/** Whether a product can go into the selection of a check mode: favorite only what is not a favorite, and back. */
export function productSelectable(mode: ProductCheckMode | null, product: { is_favorite: boolean }): boolean {
  if (mode === 'favorite') return !product.is_favorite;
  if (mode === 'unfavorite') return product.is_favorite;
  return true;
}

export function actionsForProductTab(tab: ProductTab): ProductAction[] {
  if (tab === 'Trash') return [PRODUCT_ACTIONS.restore, PRODUCT_ACTIONS.delete];
  if (tab === 'Favorites') return [PRODUCT_ACTIONS.unfavorite, PRODUCT_ACTIONS.trash];
  return [PRODUCT_ACTIONS.favorite, PRODUCT_ACTIONS.unfavorite, PRODUCT_ACTIONS.trash];
}
