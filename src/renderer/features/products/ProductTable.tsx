import { formatDate, formatNumber } from '../../lib/format';
import { Link } from 'react-router-dom';
import { useAtomValue, useSetAtom } from 'jotai';
import type { ProductListItem } from '../../../shared/http/products.schemas';
import { useServices } from '../../app/useServices';
import type { TableColumn } from '../../ui/table';
import { VirtualTable } from '../../ui/table';
import { productCheckModeAtom, productSelectionAtom } from './productList.atoms';
import { productSelectable } from './productListOptions';
import { mediaUrl } from './media';

const ROW_HEIGHT = 64;

/** Rows of the products list; checkboxes in check mode (favorite only offers products not yet favorite, and so on). */
export function ProductTable({ rows, busy }: { rows: readonly ProductListItem[]; busy: boolean }) {
  const { backend } = useServices();
  const mode = useAtomValue(productCheckModeAtom);
  const selected = useAtomValue(productSelectionAtom);
  const setSelected = useSetAtom(productSelectionAtom);
  const selectable = (row: ProductListItem) => productSelectable(mode, row);
  const toggle = (id: string, on: boolean) => setSelected(on ? [...selected, id] : selected.filter((entry) => entry !== id));
  const pageIds = rows.filter(selectable).map((row) => row._id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));

  const columns: TableColumn<ProductListItem>[] = [
    ...(mode
      ? [{
          key: 'check', width: '32px',
          header: (
            <input
              type="checkbox" aria-label="Select all on this page" checked={allOnPage}
              onChange={(event) => setSelected(event.target.checked ? [...new Set([...selected, ...pageIds])] : selected.filter((id) => !pageIds.includes(id)))}
            />
          ),
          render: (row: ProductListItem) => (
            <input
              type="checkbox" aria-label={`Select ${row.name}`} disabled={!selectable(row)}
              checked={selected.includes(row._id)} onChange={(event) => toggle(row._id, event.target.checked)}
            />
          ),
        }]
      : []),
    {
      key: 'picture', width: '56px', header: <span className="visually-hidden">Picture</span>,
      render: (row) => {
        const src = mediaUrl(backend.origin, row.pictures[0] ?? null);
        return src ? <img className="product-thumb" src={src} alt="" loading="lazy" /> : <span className="product-thumb product-thumb--empty" aria-hidden="true" />;
      },
    },
    {
      key: 'name', width: 'minmax(140px, 2fr)', header: 'Product',
      render: (row) => (
        <span className="product-name">
          <Link to={`/products/${row._id}`} className="product-name__link" dir="auto">{row.name}</Link>
          <span className="product-name__meta">
            <bdi>{row.manufacturerName}</bdi>
            {row.trending && <span className="badge product-badge">Trending</span>}
            {row.is_favorite && <span className="badge product-badge" aria-label="Favorite">★</span>}
            {row.has_note && <span className="badge product-badge">Note</span>}
          </span>
        </span>
      ),
    },
    { key: 'category', width: 'minmax(100px, 1fr)', header: 'Category', render: (row) => <bdi>{row.category}</bdi> },
    { key: 'reviews', width: '84px', header: 'Video reviews', align: 'end', render: (row) => formatNumber(row.video_reviews) },
    {
      key: 'sentiment', width: '120px', header: 'Sentiment', align: 'end',
      render: (row) => (
        <span className="product-sentiment">
          <span className="product-sentiment__bar" aria-hidden="true"><span style={{ inlineSize: `${Math.round(row.sentiment * 100)}%` }} /></span>
          <bdi>{Math.round(row.sentiment * 100)}% positive</bdi>
        </span>
      ),
    },
    { key: 'created', width: '96px', header: 'Added', render: (row) => <bdi>{formatDate(row.created_at)}</bdi> },
  ];
  const height = `${Math.min(Math.max(rows.length, 1), 9) * ROW_HEIGHT + 2}px`;
  return (
    <VirtualTable
      label="Products" rows={rows} rowKey={(row) => row._id} columns={columns} rowHeight={ROW_HEIGHT} height={height} busy={busy}
      isRowSelected={(row) => selected.includes(row._id)}
    />
  );
}
