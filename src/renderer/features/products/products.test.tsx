import { describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES, ProductListQuerySchema } from '../../../shared/http/products.schemas';
import { pictureProblem } from './AddProductModal';
import { compactProductFilters, emptyProductFilters, initialProductListState, toProductQuery } from './productList.atoms';
import { PRODUCT_FAMILIES, actionsForProductTab, productFilterChips, productSelectable } from './productListOptions';

const who = { brand_id: 'brand-1', user_id: 'user-1' };
const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);

describe('products list query', () => {
  it('opens on My Products, highest_sentiment, page 1, without filters', () => {
    expect(toProductQuery(initialProductListState(), who)).toEqual({
      brand_id: 'brand-1', user_id: 'user-1', tab: 'My Products', sort: 'highest_sentiment', desc: 'true', trending: 'false', page: '1', per_page: '10',
    });
  });

  it('sends every family as filters JSON the back end parses back', () => {
    let filters = emptyProductFilters();
    for (const family of PRODUCT_FAMILIES) filters = family.set(filters, [family.key === 'note' ? 'has_note' : `${family.key}-1`]);
    filters = { ...filters, note: { ...filters.note, text: ' spring ' } };
    const query = toProductQuery({ ...initialProductListState(), filters, trending: true }, who);
    const parsed = ProductListQuerySchema.parse(query);
    expect(parsed.filters).toEqual({ note: { values: ['has_note'], text: 'spring' }, category: ['category-1'], influencer: ['influencer-1'], brand: ['brand-1'] });
    expect(parsed.trending).toBe(true);
    expect(compactProductFilters(emptyProductFilters())).toEqual({});
  });

  it('sends the search trimmed, and no search parameter when the box is empty', () => {
    expect(ProductListQuerySchema.parse(toProductQuery({ ...initialProductListState(), search: '  serum ' }, who)).search).toBe('serum');
    expect(toProductQuery({ ...initialProductListState(), search: '   ' }, who)).not.toHaveProperty('search');
  });

  it('lets favorite select only non-favorites and unfavorite only favorites', () => {
    expect(productSelectable('favorite', { is_favorite: true })).toBe(false);
    expect(productSelectable('favorite', { is_favorite: false })).toBe(true);
    expect(productSelectable('unfavorite', { is_favorite: false })).toBe(false);
    expect(productSelectable('trash', { is_favorite: true })).toBe(true);
  });

  it('shows removable chips labelled from the response options', () => {
    const filters = { ...emptyProductFilters(), category: ['c1'] };
    const chips = productFilterChips(filters, { note: [], category: [{ value: 'c1', label: 'Masks', count: 3 }], influencer: [], brand: [] });
    expect(chips.map((chip) => chip.label)).toEqual(['Category: Masks']);
    expect(chips[0]!.remove(filters).category).toEqual([]);
  });

  it('offers restore and permanent delete only in Trash, unfavorite with a question', () => {
    expect(actionsForProductTab('Trash').map((a) => a.mode)).toEqual(['restore', 'delete']);
    expect(actionsForProductTab('My Products').map((a) => a.mode)).toEqual(['favorite', 'unfavorite', 'trash']);
    expect(actionsForProductTab('Favorites').find((a) => a.mode === 'unfavorite')?.ask).toBe(true);
  });
});

describe('product pictures', () => {
  it('accepts jpg/png/webp up to the limits and names the problem otherwise', () => {
    expect(pictureProblem([file('a.jpg'), file('b.PNG'), file('c.webp')])).toBeNull();
    expect(pictureProblem([file('a.gif')])).toBe(PRODUCT_MESSAGES.pictureType);
    expect(pictureProblem([file('a.jpg', 5 * 1024 * 1024 + 1)])).toBe(PRODUCT_MESSAGES.pictureTooLarge);
    expect(pictureProblem(Array.from({ length: 7 }, (_, i) => file(`${i}.jpg`)))).toBe(PRODUCT_MESSAGES.tooManyPictures);
  });
});
