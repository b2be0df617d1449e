import { useAtomValue } from 'jotai';
import { useCallback, useState } from 'react';
import type { InventoryItem, ProductTag } from '../../../../shared/http/widgets.schemas';
import { DEFAULT_SHOP_SETTINGS } from '../../../../shared/ipc/settings.schemas';
import { backendInfoAtom, settingsAtom } from '../../../app/boot/boot.atoms';
import { formatPrice } from '../../../lib/format';
import { useRemoteQuery } from '../../../lib/useRemoteQuery';
import { Modal } from '../../../ui/dialog';
import { resolveMediaUrl } from '../../../ui/player/playerSource';
import { RemoteView } from '../../../ui/remote';
import type { MetricsApi } from '../widgets.api';

interface Props {
  api: MetricsApi;
  videoTitle: string;
  tags: readonly ProductTag[];
  onSave: (tags: ProductTag[]) => void;
  onClose: () => void;
}

/** Tags products on one video from the shop inventory (the brand's products, or the store connected in Settings), page by page. */
export function ProductTagDialog({ api, videoTitle, tags, onSave, onClose }: Props) {
  const shop = useAtomValue(settingsAtom)?.shop ?? DEFAULT_SHOP_SETTINGS;
  const origin = useAtomValue(backendInfoAtom)?.origin ?? '';
  const [search, setSearch] = useState('');
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [chosen, setChosen] = useState<ProductTag[]>([...tags]);
  const after = cursors.at(-1) ?? null;
  const page = useRemoteQuery(`inventory|${shop.storeUrl ?? ''}|${search}|${after ?? ''}`, useCallback(async () => ({ data: await api.inventory(shop, { search, after }), status: 200 }), [api, shop, search, after]));
  const isChosen = (item: InventoryItem) => chosen.some((t) => t.id === item.id && t.source === item.source);
  const toggle = (item: InventoryItem) => setChosen((current) => (isChosen(item) ? current.filter((t) => !(t.id === item.id && t.source === item.source)) : [...current, item]));
  const source = shop.storeUrl && shop.storefrontToken ? `the store at ${shop.storeUrl}` : "your brand's products";
  return (
    <Modal title={`Products in “${videoTitle}”`} onDismiss={onClose} size="wide" actions={<>
      <button type="button" className="btn" onClick={onClose}>Cancel</button>
      <button type="button" className="btn btn--primary" onClick={() => onSave(chosen)}>Tag {chosen.length} product{chosen.length === 1 ? '' : 's'}</button>
    </>}>
      <p className="field__hint">From {source}. Connect a store under Settings → Shop for widgets.</p>
      <label className="toolbar-field">
        <span>Search products</span>
        <input className="input" type="search" value={search} maxLength={200} onChange={(event) => { setSearch(event.target.value); setCursors([null]); }} />
      </label>
      <RemoteView state={page.state} what="the shop inventory" onRetry={page.reload}>
        {(body) => body.products.length === 0 ? <p className="empty-note">No product matches.</p> : (
          <>
            <ul className="picker-list" aria-label="Shop inventory">
              {body.products.map((item) => (
                <li key={`${item.source}:${item.id}`}>
                  <label className="picker-item">
                    <input type="checkbox" checked={isChosen(item)} onChange={() => toggle(item)} />
                    {item.image_url ? <img src={resolveMediaUrl(item.image_url, origin)} alt="" /> : <span className="picker-item__blank" />}
                    <span>{item.title}{item.price !== null && <span className="field__hint"> · {formatPrice(item.price, item.currency)}</span>}</span>
                  </label>
                </li>
              ))}
            </ul>
            <div className="picker-pager">
              <button type="button" className="btn" disabled={cursors.length <= 1} onClick={() => setCursors(cursors.slice(0, -1))}>Previous</button>
              <button type="button" className="btn" disabled={!body.page_info.has_next_page} onClick={() => setCursors([...cursors, body.page_info.end_cursor])}>Next</button>
            </div>
          </>
        )}
      </RemoteView>
      {chosen.length > 0 && (
        <fieldset className="tag-links">
          <legend>Where each product is bought</legend>
          <p className="field__hint">Buy now and Add to cart open this page; without one, shoppers can still say they are interested.</p>
          {chosen.map((tag) => (
            <label key={`${tag.source}:${tag.id}`} className="tag-link">
              <span>{tag.title}</span>
              <input className="input" type="url" inputMode="url" value={tag.url} placeholder="https://shop.example/products/…" maxLength={2000}
                onChange={(event) => setChosen((current) => current.map((t) => (t === tag ? { ...t, url: event.target.value } : t)))} />
            </label>
          ))}
        </fieldset>
      )}
    </Modal>
  );
}
