import { useAtomValue, useSetAtom } from 'jotai';
import type { ProductFilterOptions } from '../../../shared/http/products.schemas';
import { FamilyGroups, NoteTextForm } from '../../ui/filters';
import { patchProductListAtom, productListStateAtom } from './productList.atoms';
import { PRODUCT_FAMILIES } from './productListOptions';

/** The product filter families (spec §3: note with its text, category, creator, brand), options counted by the tab. */
export function ProductFilterPanel({ id, options }: { id: string; options: ProductFilterOptions | null }) {
  const state = useAtomValue(productListStateAtom);
  const patch = useSetAtom(patchProductListAtom);
  return (
    <section id={id} className="filter-panel" aria-label="Filters">
      <FamilyGroups families={PRODUCT_FAMILIES} filters={state.filters} options={options} onChange={(filters) => patch({ filters })} />
      <NoteTextForm
        key={state.filters.note.text}
        initial={state.filters.note.text}
        onApply={(text) => patch({ filters: { ...state.filters, note: { ...state.filters.note, text } } })}
      />
    </section>
  );
}
