import type { VideoColumns } from './videoColumns';

/** A sort key of the list; each order is ascending with the id as tie-breaker, and descending sorts walk it backwards. */
export type SortKind = 'created' | 'published' | 'sentiment';

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Every live ordinal in ascending (key, id) order, as SQLite orders them: text by code unit (BINARY for these ASCII
 * values), NULL published_at first; so `ORDER BY key DESC, id DESC` is exactly this order reversed.
 */
export function sortedOrder(columns: VideoColumns, kind: SortKind): Int32Array {
  const live: number[] = [];
  for (let o = 0; o < columns.size; o++) if (columns.alive[o] === 1) live.push(o);
  const id = (o: number): string => columns.id[o] ?? '';
  let compare: (a: number, b: number) => number;
  switch (kind) {
    case 'created':
      compare = (a, b) => byText(columns.createdAt[a] ?? '', columns.createdAt[b] ?? '') || byText(id(a), id(b));
      break;
    case 'published':
      compare = (a, b) => {
        const x = columns.publishedAt[a] ?? null;
        const y = columns.publishedAt[b] ?? null;
        if (x === null || y === null) return (x === null ? 0 : 1) - (y === null ? 0 : 1) || byText(id(a), id(b));
        return byText(x, y) || byText(id(a), id(b));
      };
      break;
    case 'sentiment':
      // A video with no sentiment (not analysed, or nothing said) stores 0 %, which is no measurement: it goes below
      // every measured one, so highest-first ends with them; lowest-first takes the measured ones first (matchPage.ts).
      compare = (a, b) => (columns.felt[a] ?? 0) - (columns.felt[b] ?? 0) || (columns.positive[a] ?? 0) - (columns.positive[b] ?? 0) || byText(id(a), id(b));
      break;
  }
  return Int32Array.from(live.sort(compare));
}
