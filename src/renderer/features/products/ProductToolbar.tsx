import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { SearchBox } from '../../ui/filters';
import { PerPageSelect } from '../../ui/pager';
import type { ProductSort } from './productList.atoms';
import { patchProductListAtom, productListStateAtom } from './productList.atoms';
import { PRODUCT_SORT_ITEMS } from './productListOptions';
import { useProductAutocomplete } from './useProductAutocomplete';

const SUGGESTIONS_ID = 'products-search-suggestions';

/** Search (with product-name suggestions), sort, page size and the trending toggle of the products list. */
export function ProductToolbar() {
  const state = useAtomValue(productListStateAtom);
  const patch = useSetAtom(patchProductListAtom);
  const [typed, setTyped] = useState(state.search);
  // The search matches product names, so only product suggestions are offered (hashtags would find nothing).
  const suggestions = useProductAutocomplete(typed).filter((entry) => entry.type === 'product');

  return (
    <div className="products-toolbar">
      <SearchBox
        id="products-search" className="products-toolbar__search" label="Search products" placeholder="Search product names"
        value={state.search} onSearch={(search) => patch({ search })} onType={setTyped} list={SUGGESTIONS_ID}
      >
        <datalist id={SUGGESTIONS_ID} data-testid="products-search-suggestions">
          {suggestions.map((entry) => <option key={entry.value} value={entry.value} />)}
        </datalist>
      </SearchBox>
      <label className="toolbar-field">
        <span>Sort</span>
        <select className="select" value={state.sort} onChange={(event) => patch({ sort: event.target.value as ProductSort })}>
          {PRODUCT_SORT_ITEMS.map((item) => <option key={item.value} value={item.value}>{item.label}</option>)}
        </select>
      </label>
      <PerPageSelect value={state.perPage} onChange={(perPage) => patch({ perPage })} />
      <label className="products-trending">
        <input type="checkbox" checked={state.trending} onChange={(event) => patch({ trending: event.target.checked })} />
        <span>Trending only</span>
      </label>
    </div>
  );
}
