import { useCallback, useEffect, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { PAGE_SIZES } from '../../../shared/constants';
import { MESSAGES } from '../../../shared/messages';
import { useServices } from '../../app/useServices';
import { CheckboxGroup, FilterChips, NoteTextForm } from '../../ui/filters';
import { EmptyState, PageHeader } from '../../ui/page';
import { Tabs } from '../../ui/tabs';
import { Pager } from '../../ui/pager';
import { AddProductModal } from './AddProductModal';
import { ProductBulkActions } from './ProductBulkActions';
import { ProductTable } from './ProductTable';
import type { ProductSort } from './productList.atoms';
import {
  clearProductSelectionAtom, emptyProductFilters, lastProductBodyAtom, loadProductListAtom, patchProductListAtom, productListSlice,
  productListStateAtom, productQueryAtom,
} from './productList.atoms';
import { PRODUCT_FAMILIES, PRODUCT_SORT_ITEMS, PRODUCT_TAB_ITEMS, productFilterChips } from './productListOptions';
import '../videos/list/list.css';
import './products.css';

const PANEL_ID = 'products-tabpanel';
const FILTERS_ID = 'products-filters';

/** The products list (spec §2–§4): tabs, filters, trending, sorts, paging, check mode, add product. */
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

  const body = slice.phase === 'success' ? slice.body : last;
  const loading = slice.phase === 'loading';
  const options = body?.data.filters ?? null;
  const chips = productFilterChips(state.filters, options);

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
      <div id={PANEL_ID} role="tabpanel" aria-label={state.tab} className="videos-panel">
        {query === null ? (
          <EmptyState icon="plug" title="No brand connected">
            <p role="alert">{MESSAGES.connectYoutube}</p>
          </EmptyState>
        ) : (
          <>
            <div className="videos-controls">
              <div className="videos-toolbar">
                <label className="videos-toolbar__field">
                  <span>Sort</span>
                  <select className="select" value={state.sort} onChange={(event) => patch({ sort: event.target.value as ProductSort })}>
                    {PRODUCT_SORT_ITEMS.map((item) => <option key={item.value} value={item.value}>{item.label}</option>)}
                  </select>
                </label>
                <label className="videos-toolbar__field">
                  <span>Per page</span>
                  <select className="select" value={state.perPage} onChange={(event) => patch({ perPage: Number(event.target.value) })}>
                    {PAGE_SIZES.map((size) => <option key={size} value={size}>{size}</option>)}
                  </select>
                </label>
                <label className="products-trending">
                  <input type="checkbox" checked={state.trending} onChange={(event) => patch({ trending: event.target.checked })} />
                  <span>Trending only</span>
                </label>
              </div>
              <button type="button" className="btn" aria-expanded={filtersOpen} aria-controls={FILTERS_ID} onClick={() => setFiltersOpen((open) => !open)}>
                Filters{chips.length > 0 ? ` (${chips.length})` : ''}
              </button>
            </div>
            {filtersOpen && (
              <section id={FILTERS_ID} className="filter-panel" aria-label="Filters">
                {PRODUCT_FAMILIES.map((family) => (
                  <CheckboxGroup
                    key={family.key}
                    legend={family.title}
                    options={family.options(options)}
                    selected={family.get(state.filters)}
                    onChange={(values) => patch({ filters: family.set(state.filters, values) })}
                  />
                ))}
                <NoteTextForm
                  key={state.filters.note.text}
                  initial={state.filters.note.text}
                  onApply={(text) => patch({ filters: { ...state.filters, note: { ...state.filters.note, text } } })}
                />
              </section>
            )}
            <FilterChips
              chips={chips}
              onRemove={(id) => {
                const chip = chips.find((entry) => entry.id === id);
                if (chip) patch({ filters: chip.remove(state.filters) });
              }}
              onClearAll={() => patch({ filters: emptyProductFilters() })}
            />
            {slice.phase === 'failure' && (
              <div className="form-alert form-alert--error videos-error" role="alert">
                <span>Could not load the products: {slice.error}</span>
                <button type="button" className="btn btn--small" onClick={() => void reload()}>Try again</button>
              </div>
            )}
            {body && (
              <p className="products-summary" aria-live="polite">
                <bdi><strong data-testid="products-count">{body.data.count.toLocaleString('en-US')}</strong> products</bdi>
              </p>
            )}
            <ProductBulkActions tab={state.tab} reload={reload} />
            {body === null ? (
              loading && (
                <div className="videos-loading" role="status">
                  <span className="spinner" aria-hidden="true" /> Loading products…
                </div>
              )
            ) : body.products.length === 0 ? (
              <EmptyState icon="product" title={chips.length > 0 || state.trending ? 'No products match' : 'No products here yet'}>
                <p>{chips.length > 0 || state.trending ? 'Try removing a filter.' : 'Add a product to see which videos and creators talk about it.'}</p>
              </EmptyState>
            ) : (
              <div className={loading ? 'videos-rows videos-rows--loading' : 'videos-rows'}>
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
