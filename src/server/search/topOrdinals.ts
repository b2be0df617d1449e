import type { VideoColumns } from './videoColumns';

/**
 * The `limit` ordinals with the largest `key`, largest first; ties: the later created, then the larger id (as
 * ORDER BY key DESC, created_at DESC, id DESC). One pass keeping the best few, not a sort of every video.
 */
export function topOrdinals(columns: VideoColumns, picked: readonly number[], key: (o: number) => number, limit: number): number[] {
  const before = (a: number, b: number): boolean => {
    const ka = key(a);
    const kb = key(b);
    if (ka !== kb) return ka > kb;
    const createdA = columns.createdAt[a] ?? '';
    const createdB = columns.createdAt[b] ?? '';
    if (createdA !== createdB) return createdA > createdB;
    return (columns.id[a] ?? '') > (columns.id[b] ?? '');
  };
  const best: number[] = [];
  if (limit <= 0) return best;
  for (const o of picked) {
    if (best.length === limit && !before(o, best[limit - 1] ?? o)) continue;
    let at = best.length;
    while (at > 0 && before(o, best[at - 1] ?? o)) at -= 1;
    best.splice(at, 0, o);
    if (best.length > limit) best.pop();
  }
  return best;
}

/** Every ordinal in the order of `topOrdinals` (a sort, for when most of them are wanted). */
export function orderOrdinals(columns: VideoColumns, picked: readonly number[], key: (o: number) => number): number[] {
  const keys = new Map(picked.map((o) => [o, key(o)]));
  return [...picked].sort((a, b) => {
    const ka = keys.get(a) ?? -Infinity;
    const kb = keys.get(b) ?? -Infinity;
    if (ka !== kb) return ka > kb ? -1 : 1;
    const createdA = columns.createdAt[a] ?? '';
    const createdB = columns.createdAt[b] ?? '';
    if (createdA !== createdB) return createdA > createdB ? -1 : 1;
    return (columns.id[a] ?? '') > (columns.id[b] ?? '') ? -1 : 1;
  });
}
