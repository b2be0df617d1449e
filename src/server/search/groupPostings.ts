import { PreciseSum } from './preciseSum';
import type { VideoColumns } from './videoColumns';

/** One group's videos on one platform key: their positions in created order, and running sums of the figures. */
interface Postings {
  positions: Int32Array;
  /** Per video counted so far (0 to positions.length) and figure: the sum of the figure over them. */
  running: Float64Array;
}

/** A group's videos in a window and the sums of the figures over them. */
export interface GroupFigures {
  videos: number;
  sums: number[];
}

/** The first position of a sorted array whose value is ≥ `value` (or > it, with `after`). */
export function firstFrom(sorted: ArrayLike<number>, value: number, after = false): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const at = sorted[middle] ?? 0;
    if (at < value || (after && at === value)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The groups of some videos (the products they name, their creator) as lists of the videos' places in created order,
 * with running sums of a few figures: a window's videos and sums per group are two binary searches a group, whatever
 * the number of videos (a pass over the window's videos grew with them).
 */
export class GroupPostings {
  /** Per platform code (-1: every platform), per group code. */
  private readonly lists = new Map<number, Map<number, Postings>>();

  /**
   * `order`: the videos' ordinals in created order; `groupsOf`: a video's group codes (a repeated one counts once);
   * `figures`: what to sum per video (a number, never NaN).
   */
  constructor(order: Int32Array, columns: VideoColumns, groupsOf: (o: number) => readonly number[], figures: readonly ((o: number) => number)[], byPlatform: boolean) {
    const places = new Map<number, Map<number, number[]>>();
    const placesOf = (platform: number, group: number): number[] => {
      let groups = places.get(platform);
      if (!groups) places.set(platform, (groups = new Map()));
      let list = groups.get(group);
      if (!list) groups.set(group, (list = []));
      return list;
    };
    order.forEach((o, position) => {
      const groups = groupsOf(o);
      groups.forEach((group, at) => {
        if (groups.indexOf(group) !== at) return;
        placesOf(-1, group).push(position);
        if (byPlatform) placesOf(columns.platform[o] ?? -1, group).push(position);
      });
    });
    for (const [platform, groups] of places) {
      const postings = new Map<number, Postings>();
      for (const [group, list] of groups) {
        const running = new Float64Array((list.length + 1) * figures.length);
        figures.forEach((figure, f) => {
          const sum = new PreciseSum();
          list.forEach((position, i) => {
            sum.add(figure(order[position] ?? 0));
            running[(i + 1) * figures.length + f] = sum.value;
          });
        });
        postings.set(group, { positions: Int32Array.from(list), running });
      }
      this.lists.set(platform, postings);
    }
  }

  /** Per group with videos among the places [from, to) on a platform (null: every one): its videos and sums. */
  within(from: number, to: number, platform: number | null): Map<number, GroupFigures> {
    const out = new Map<number, GroupFigures>();
    for (const [group, { positions, running }] of this.lists.get(platform ?? -1) ?? []) {
      const first = firstFrom(positions, from);
      const end = firstFrom(positions, to);
      if (end <= first) continue;
      const width = running.length / (positions.length + 1);
      const sums: number[] = [];
      for (let f = 0; f < width; f++) sums.push((running[end * width + f] ?? 0) - (running[first * width + f] ?? 0));
      out.set(group, { videos: end - first, sums });
    }
    return out;
  }
}
