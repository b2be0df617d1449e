import { useState } from 'react';
import { PAGE_SIZES } from '../../../shared/constants';
import { toFailure } from '../../lib/httpFailure';

/** The detail answer holds at most this many entries per list (ProductDetailResponseSchema). */
const DETAIL_LIST_CAP = 12;
const PER_PAGE = PAGE_SIZES[0];

export interface ShowMore<T> {
  items: readonly T[];
  /** All entries there are, once a page told it (null before). */
  count: number | null;
  hasMore: boolean;
  busy: boolean;
  error: string | null;
  more: () => Promise<void>;
}

/**
 * A list of the detail that continues through its paged route: the first entries come with the detail, "Show more"
 * asks for the page after what is shown (pages of PER_PAGE, in the same order as the first entries) and appends what
 * is new. Without a known total, a full first list means there may be more.
 */
export function useShowMore<T extends { _id: string }>(
  first: readonly T[],
  fetchPage: (page: number, perPage: number) => Promise<{ items: T[]; count: number }>,
  total: number | null = null,
): ShowMore<T> {
  const [extra, setExtra] = useState<T[]>([]);
  const [count, setCount] = useState<number | null>(total);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const seen = new Set(first.map((item) => item._id));
  const items = [...first, ...extra.filter((item) => !seen.has(item._id))];

  const more = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await fetchPage(Math.floor(items.length / PER_PAGE) + 1, PER_PAGE);
      const known = new Set(items.map((item) => item._id));
      setExtra((current) => [...current, ...answer.items.filter((item) => !known.has(item._id))]);
      setCount(answer.count);
    } catch (failure) {
      setError(toFailure(failure).error);
    } finally {
      setBusy(false);
    }
  };

  const hasMore = count === null ? first.length >= DETAIL_LIST_CAP : items.length < count;
  return { items, count, hasMore, busy, error, more };
}
