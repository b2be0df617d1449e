import type { VideoColumns } from './videoColumns';

/**
 * The `limit` ordinals with the largest `key`, largest first; ties: the later created, then the larger id (as
 * ORDER BY key DESC, created_at DESC, id DESC). One pass keeping the best few, not a sort of every video.
 */
export function topOrdinals(columns: VideoColumns, picked: readonly number[], key: (o: number) => number, limit: number): number[] {
  const before = rankedBefore(columns, key);
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

/** Whether `a` comes before `b` in the order of topOrdinals. */
export function rankedBefore(columns: VideoColumns, key: (o: number) => number): (a: number, b: number) => boolean {
  return (a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka !== kb) return ka > kb;
    const createdA = columns.createdAt[a] ?? '';
    const createdB = columns.createdAt[b] ?? '';
    if (createdA !== createdB) return createdA > createdB;
    return (columns.id[a] ?? '') > (columns.id[b] ?? '');
  };
}

/** `rankedBefore` for the ordinals at places `i` and `j` of `picked`, their keys read beforehand into `keys`. */
function placedBefore(columns: VideoColumns, keys: Float64Array, picked: readonly number[], i: number, j: number): boolean {
  const ka = keys[i] ?? 0;
  const kb = keys[j] ?? 0;
  if (ka !== kb) return ka > kb;
  const a = picked[i] ?? 0;
  const b = picked[j] ?? 0;
  const createdA = columns.createdAt[a] ?? '';
  const createdB = columns.createdAt[b] ?? '';
  if (createdA !== createdB) return createdA > createdB;
  return (columns.id[a] ?? '') > (columns.id[b] ?? '');
}

/**
 * Groups (e.g. creators) in the order of their best member, the page `from`…`from + count` of them with each group's
 * first `perGroup` members, and how many groups there are: two passes over the ordinals and a sort of the groups,
 * never a sort of every ordinal.
 */
export function topGroups(columns: VideoColumns, picked: readonly number[], key: (o: number) => number, groupOf: (o: number) => number,
  page: { from: number; count: number; perGroup: number }): { total: number; groups: { group: number; members: number[] }[] } {
  // Each ordinal's key and group read once (a key can be a parse or a lookup, and the first pass compares every
  // ordinal with its group's best so far): by place in `picked`, the best held as a place.
  const keys = Float64Array.from(picked, (o) => key(o));
  const best = new Map<number, number>();
  for (let i = 0; i < picked.length; i++) {
    const group = groupOf(picked[i] ?? 0);
    const held = best.get(group);
    if (held === undefined || placedBefore(columns, keys, picked, i, held)) best.set(group, i);
  }
  const order = [...best].sort((a, b) => (placedBefore(columns, keys, picked, a[1], b[1]) ? -1 : 1)).slice(page.from, page.from + page.count).map(([group]) => group);
  const wanted = new Map(order.map((group) => [group, [] as number[]]));
  for (const o of picked) wanted.get(groupOf(o))?.push(o);
  return { total: best.size, groups: order.map((group) => ({ group, members: topOrdinals(columns, wanted.get(group) ?? [], key, page.perGroup) })) };
}

/** Every ordinal in the order of `topOrdinals` (a sort, for when most of them are wanted). */
export function orderOrdinals(columns: VideoColumns, picked: readonly number[], key: (o: number) => number): number[] {
  // Keys read once into an array by place: a sort compares each video ~log2(n) times.
  const keys = Float64Array.from(picked, (o) => key(o));
  const places = Int32Array.from(picked.keys()).sort((i, j) => (placedBefore(columns, keys, picked, i, j) ? -1 : 1));
  return Array.from(places, (i) => picked[i] ?? 0);
}
