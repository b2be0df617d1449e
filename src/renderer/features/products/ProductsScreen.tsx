import { useRefetchOnReturn } from '../../lib/reconnect';
import { useCallback, useEffect, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { MESSAGES } from '../../../shared/messages';
import { useServices } from '../../app/useServices';
import { FilterChips } from '../../ui/filters';
import { EmptyState, ListCount, PageHeader } from '../../ui/page';
import { Tabs } from '../../ui/tabs';
import { Pager } from '../../ui/pager';
import { AddProductModal } from './AddProductModal';
import { ProductBulkActions } from './ProductBulkActions';
import { ProductFilterPanel } from './ProductFilterPanel';
import { ProductTable } from './ProductTable';
import { ProductToolbar } from './ProductToolbar';
import {
  clearProductSelectionAtom, emptyProductFilters, lastProductBodyAtom, loadProductListAtom, patchProductListAtom, productListSlice,
  productListStateAtom, productQueryAtom,
} from './productList.atoms';
import { PRODUCT_TAB_ITEMS, productFilterChips } from './productListOptions';
import './products.css';

const PANEL_ID = 'products-tabpanel';
const FILTERS_ID = 'products-filters';

/** The products list (spec §2–§4): tabs, search, filters, trending, sorts, paging, check mode, add product. */
export function ProductsScreen() {
  const { api } = useServices();
  const state = useAtomValue(productListStateAtom);
  const patch = useSetAtom(patchProductListAtom);
  const clearSelection = useSetAtom(clearProductSelectionAtom);
  const query = useAtomValue(productQueryAtom);
  const slice = useAtomValue(productListSlice.state);
  const last = useAtomValue(lastProductBodyAtom);
  const load = useSetAtom(loadProductListAtom);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [adding, setAdding] = useState(false);
  const key = query ? JSON.stringify(query) : null;
  const brandId = query?.brand_id ?? null;

  useEffect(() => {
    if (key !== null) void load(api.main);
  }, [key, load, api.main]);
  useEffect(() => {
    clearSelection();
  }, [brandId, clearSelection]);
  const reload = useCallback(() => load(api.main), [load, api.main]);
  useRefetchOnReturn(reload);

  const body = slice.phase === 'success' ? slice.body : last;
  const loading = slice.phase === 'loading';
  const options = body?.data.filters ?? null;
  const chips = productFilterChips(state.filters, options);
  const narrowed = chips.length > 0 || state.trending || state.search !== '';

  return (
    <div className="page products-page">
      <PageHeader
        title="Products"
        description="Your products and your competitors’ products, ranked by sentiment and video reviews."
        actions={
          <button type="button" className="btn btn--primary" onClick={() => setAdding(true)} disabled={query === null}>
            Add product
          </button>
        }
      />
      <Tabs
        label="Product folders"
        items={PRODUCT_TAB_ITEMS}
        value={state.tab}
        panelId={PANEL_ID}
        onChange={(tab) => {
          if (tab === state.tab) return;
          clearSelection();
          patch({ tab });
        }}
      />
      <div id={PANEL_ID} role="tabpanel" aria-label={state.tab} className="products-panel">
        {query === null ? (
          <EmptyState icon="plug" title="No brand connected">
            <p role="alert">{MESSAGES.connectYoutube}</p>
          </EmptyState>
        ) : (
          <>
            <div className="products-controls">
              <ProductToolbar />
              <button type="button" className="btn" aria-expanded={filtersOpen} aria-controls={FILTERS_ID} onClick={() => setFiltersOpen((open) => !open)}>
                Filters{chips.length > 0 ? ` (${chips.length})` : ''}
              </button>
            </div>
            {filtersOpen && <ProductFilterPanel id={FILTERS_ID} options={options} />}
            <FilterChips
              chips={chips}
              onRemove={(id) => {
                const chip = chips.find((entry) => entry.id === id);
                if (chip) patch({ filters: chip.remove(state.filters) });
              }}
              onClearAll={() => patch({ filters: emptyProductFilters() })}
            />
            {slice.phase === 'failure' && (
              <div className="form-alert form-alert--error products-error" role="alert">
                <span>Could not load the products: {slice.error}</span>
                <button type="button" className="btn btn--small" onClick={() => void reload()}>Try again</button>
              </div>
            )}
            {body && (
              <p className="products-summary" aria-live="polite">
                <bdi><ListCount count={body.data.count} singular="product" testId="products-count" strong /></bdi>
              </p>
            )}
            <ProductBulkActions tab={state.tab} matching={body?.data.count ?? 0} reload={reload} />
            {body === null ? (
              loading && (
                <div className="products-loading" role="status">
                  <span className="spinner" aria-hidden="true" /> Loading products…
                </div>
              )
            ) : body.products.length === 0 ? (
              <EmptyState icon="product" title={narrowed ? 'No products match' : 'No products here yet'}>
                <p>{narrowed ? 'Try removing a filter or changing the search.' : 'Add a product to see which videos and creators talk about it.'}</p>
              </EmptyState>
            ) : (
              <div className={loading ? 'products-rows products-rows--loading' : 'products-rows'}>
                <ProductTable rows={body.products} busy={loading} />
              </div>
            )}
            {body && body.data.totalPages > 1 && <Pager page={state.page} totalPages={body.data.totalPages} onPage={(page) => patch({ page })} />}
          </>
        )}
      </div>
      {adding && (
        <AddProductModal
          onClose={(created) => {
            setAdding(false);
            if (created) void reload();
          }}
        />
      )}
    </div>
  );
}
