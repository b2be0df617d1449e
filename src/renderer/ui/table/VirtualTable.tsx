import { useRef } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';

export interface TableColumn<Row> {
  key: string;
  header: ReactNode;
  /** A CSS grid track, e.g. '88px' or 'minmax(200px, 2fr)'. */
  width: string;
  render: (row: Row, index: number) => ReactNode;
  align?: 'start' | 'end';
}

interface VirtualTableProps<Row> {
  label: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: readonly TableColumn<Row>[];
  rowHeight: number;
  /** Visible height of the scrolling body (CSS length). */
  height: string;
  busy?: boolean;
  isRowSelected?: (row: Row) => boolean;
}

/**
 * A table whose body renders only the rows in view (plus a few), so a page of 1000 keeps about as many row elements
 * in the DOM as a page of 50. ARIA table roles with row indexes keep it readable by screen readers.
 */
export function VirtualTable<Row>({ label, rows, rowKey, columns, rowHeight, height, busy = false, isRowSelected }: VirtualTableProps<Row>) {
  const scroller = useRef<HTMLDivElement>(null);
  // The virtualizer re-renders this component itself on scroll; nothing here relies on compiler memoisation.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 6,
    // No getItemKey: every row has the same fixed height, so the virtualizer's size cache needs no per-row keys, and
    // ids there would make it read and hash every id of a new page before the page can paint. React still keys the
    // rows in view by rowKey.
  });
  const grid: CSSProperties = { gridTemplateColumns: columns.map((column) => column.width).join(' ') };

  return (
    <div className="vtable" role="table" aria-label={label} aria-rowcount={rows.length + 1} aria-busy={busy}>
      <div role="rowgroup" className="vtable__head">
        <div role="row" aria-rowindex={1} className="vtable__row vtable__row--head" style={grid}>
          {columns.map((column) => (
            <div key={column.key} role="columnheader" className={`vtable__cell vtable__cell--${column.align ?? 'start'}`}>
              {column.header}
            </div>
          ))}
        </div>
      </div>
      <div ref={scroller} className="vtable__scroller" style={{ blockSize: height }}>
        <div role="rowgroup" className="vtable__body" style={{ blockSize: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (row === undefined) return null;
            return (
              <div
                key={rowKey(row)}
                role="row"
                aria-rowindex={item.index + 2}
                aria-selected={isRowSelected ? isRowSelected(row) : undefined}
                className="vtable__row"
                style={{ ...grid, blockSize: rowHeight, transform: `translateY(${item.start}px)` }}
              >
                {columns.map((column) => (
                  <div key={column.key} role="cell" className={`vtable__cell vtable__cell--${column.align ?? 'start'}`}>
                    {column.render(row, item.index)}
                  </div>
                ))}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
