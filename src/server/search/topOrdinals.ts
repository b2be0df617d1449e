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

/** Each ordinal's key, by place (a plain loop: a typed array's `from` with a mapping goes through an iterator). */
function keysOf(picked: readonly number[], key: (o: number) => number): Float64Array {
  const keys = new Float64Array(picked.length);
  for (let i = 0; i < picked.length; i++) keys[i] = key(picked[i] ?? 0);
  return keys;
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
 * first `perGroup` members, and how many groups there are: a few passes over the ordinals and a sort of the groups,
 * never a sort of every ordinal. Groups are small codes (-1 or more: a dictionary's, -1 for none).
 */
export function topGroups(columns: VideoColumns, picked: readonly number[], key: (o: number) => number, groupOf: (o: number) => number,
  page: { from: number; count: number; perGroup: number }): { total: number; groups: { group: number; members: number[] }[] } {
  // Each ordinal's key and group read once (a key can be a parse or a lookup, and the first pass compares every
  // ordinal with its group's best so far): by place in `picked`, each group's best held as a place (-1: none yet),
  // by code + 1.
  const keys = keysOf(picked, key);
  const codes = new Int32Array(picked.length);
  let most = -1;
  for (let i = 0; i < picked.length; i++) most = Math.max(most, (codes[i] = groupOf(picked[i] ?? 0)));
  const best = new Int32Array(most + 2).fill(-1);
  // The slots met, so only they are read back (not every code of the dictionary).
  const met: number[] = [];
  for (let i = 0; i < picked.length; i++) {
    const slot = (codes[i] ?? -1) + 1;
    const held = best[slot] ?? -1;
    if (held < 0) met.push(slot);
    if (held < 0 || placedBefore(columns, keys, picked, i, held)) best[slot] = i;
  }
  const bests = met.map((slot) => best[slot] ?? 0);
  bests.sort((a, b) => (placedBefore(columns, keys, picked, a, b) ? -1 : 1));
  const order = bests.slice(page.from, page.from + page.count).map((place) => codes[place] ?? -1);
  const wanted = new Map(order.map((group) => [group, [] as number[]]));
  for (let i = 0; i < picked.length; i++) wanted.get(codes[i] ?? -1)?.push(picked[i] ?? 0);
  return { total: bests.length, groups: order.map((group) => ({ group, members: topOrdinals(columns, wanted.get(group) ?? [], key, page.perGroup) })) };
}

/** Every ordinal in the order of `topOrdinals` (a sort, for when most of them are wanted). */
export function orderOrdinals(columns: VideoColumns, picked: readonly number[], key: (o: number) => number): number[] {
  // Keys read once into an array by place: a sort compares each video ~log2(n) times.
  const keys = keysOf(picked, key);
  const places = Int32Array.from(picked.keys()).sort((i, j) => (placedBefore(columns, keys, picked, i, j) ? -1 : 1));
  return Array.from(places, (i) => picked[i] ?? 0);
}
