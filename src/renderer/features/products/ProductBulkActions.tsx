import { useState } from 'react';
import { countLabel } from '../../../shared/rules/formatting';
import { useAtomValue, useSetAtom } from 'jotai';
import { useServices } from '../../app/useServices';
import { toFailure } from '../../lib/httpFailure';
import { pushBannerAtom } from '../../ui/banner';
import { ConfirmDialog } from '../../ui/dialog';
import { SelectAllMatchingButton } from '../../ui/selection';
import type { ProductTab } from './productList.atoms';
import { clearProductSelectionAtom, productCheckModeAtom, productIdentityAtom, productQueryAtom, productSelectionAtom } from './productList.atoms';
import type { ProductAction } from './productListOptions';
import { PRODUCT_ACTIONS, actionsForProductTab, productSelectable } from './productListOptions';
import { fetchProductIds, markProducts, messageCall, trashProducts } from './products.api';

const plural = (count: number) => countLabel(count, 'product');

interface ProductBulkActionsProps {
  tab: ProductTab;
  /** How many products match the list query (every page). */
  matching: number;
  reload: () => Promise<void>;
}

/** Check mode, the selection and the confirm flows of trash, restore, permanent delete, favorite and unfavorite. */
export function ProductBulkActions({ tab, matching, reload }: ProductBulkActionsProps) {
  const { api } = useServices();
  const who = useAtomValue(productIdentityAtom);
  const mode = useAtomValue(productCheckModeAtom);
  const setMode = useSetAtom(productCheckModeAtom);
  const selected = useAtomValue(productSelectionAtom);
  const setSelected = useSetAtom(productSelectionAtom);
  const clear = useSetAtom(clearProductSelectionAtom);
  const banner = useSetAtom(pushBannerAtom);
  const query = useAtomValue(productQueryAtom);
  const [asking, setAsking] = useState<ProductAction | null>(null);
  const [running, setRunning] = useState(false);

  const run = async (action: ProductAction): Promise<string> => {
    if (!who) throw new Error('Choose a brand first.');
    try {
      let message: string;
      if (action.mode === 'trash') message = `${plural(await trashProducts(api.main, who, selected))} moved to the trash`;
      else if (action.mode === 'favorite' || action.mode === 'unfavorite') message = (await markProducts(api.main, who, selected, action.mode === 'favorite')).message;
      else message = (await messageCall(api.main, who, action.mode === 'restore' ? 'restore_products' : 'removed_on_dashboard', selected))[0];
      void reload();
      return message;
    } catch (error) {
      void reload();
      throw new Error(`${action.title} failed: ${toFailure(error).error}`, { cause: error });
    }
  };

  const act = async (action: ProductAction) => {
    if (action.ask) {
      setAsking(action);
      return;
    }
    setRunning(true);
    try {
      banner(await run(action), 'success');
      clear();
    } catch (error) {
      banner(error instanceof Error ? error.message : String(error), 'error');
    } finally {
      setRunning(false);
    }
  };

  // Every product matching the query, not only the page shown; favorite and unfavorite keep only what they change.
  const selectAllMatching = async () => {
    if (!query) return;
    const answer = await fetchProductIds(api.main, query);
    setSelected(answer.products.filter((product) => productSelectable(mode, product)).map((product) => product.product_id));
  };

  const action = mode ? PRODUCT_ACTIONS[mode] : null;
  return (
    <>
      {!action ? (
        <div className="selection-bar" role="toolbar" aria-label="Select products to">
          <span className="selection-bar__hint">Select products to</span>
          {actionsForProductTab(tab).map((entry) => (
            <button key={entry.mode} type="button" className="btn btn--small" onClick={() => setMode(entry.mode)}>
              {entry.start}
            </button>
          ))}
        </div>
      ) : (
        <div className="selection-bar selection-bar--active" role="toolbar" aria-label={`${action.start}: selection`} aria-busy={running}>
          <strong aria-live="polite"><bdi>{selected.length} selected</bdi></strong>
          <SelectAllMatchingButton matching={matching} noun="products" selectAll={selectAllMatching} />
          {selected.length > 0 && (
            <button type="button" className="btn btn--small btn--ghost" onClick={() => setSelected([])}>Clear selection</button>
          )}
          <span className="selection-bar__spacer" />
          <button
            type="button" className={`btn btn--small ${action.mode === 'delete' ? 'btn--danger' : 'btn--primary'}`}
            disabled={selected.length === 0 || running} onClick={() => void act(action)}
          >
            {action.verb}{selected.length > 0 ? ` (${selected.length})` : ''}
          </button>
          <button type="button" className="btn btn--small" onClick={() => clear()}>Cancel</button>
        </div>
      )}
      {asking && (
        <ConfirmDialog
          title={asking.title}
          question={asking.question(selected.length)}
          onConfirm={() => run(asking)}
          onClose={(done) => {
            setAsking(null);
            if (done) clear();
          }}
        />
      )}
    </>
  );
}
