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
  /** Per platform code (-1: every platform), per group code; a platform's when first asked for. */
  private readonly lists = new Map<number, Map<number, Postings>>();

  /**
   * `order`: the videos' ordinals in created order; `groupsOf`: a video's group codes (a repeated one counts once);
   * `figures`: what to sum per video (a number, never NaN).
   */
  constructor(
    private readonly order: Int32Array,
    private readonly columns: VideoColumns,
    private readonly groupsOf: (o: number) => readonly number[],
    private readonly figures: readonly ((o: number) => number)[],
  ) {}

  /** The lists of one platform (-1: every platform): one pass over the videos. */
  private listsOf(platform: number): Map<number, Postings> {
    const known = this.lists.get(platform);
    if (known) return known;
    const { order, columns, figures } = this;
    const places = new Map<number, number[]>();
    for (let position = 0; position < order.length; position++) {
      const o = order[position] ?? 0;
      if (platform !== -1 && columns.platform[o] !== platform) continue;
      const groups = this.groupsOf(o);
      for (let at = 0; at < groups.length; at++) {
        const group = groups[at] ?? -1;
        if (groups.indexOf(group) !== at) continue;
        let list = places.get(group);
        if (!list) places.set(group, (list = []));
        list.push(position);
      }
    }
    const postings = new Map<number, Postings>();
    for (const [group, list] of places) {
      const running = new Float64Array((list.length + 1) * figures.length);
      figures.forEach((figure, f) => {
        const sum = new PreciseSum();
        for (let i = 0; i < list.length; i++) {
          sum.add(figure(order[list[i] ?? 0] ?? 0));
          running[(i + 1) * figures.length + f] = sum.value;
        }
      });
      postings.set(group, { positions: Int32Array.from(list), running });
    }
    this.lists.set(platform, postings);
    return postings;
  }

  /** Per group with videos among the places [from, to) on a platform (null: every one): its videos and sums. */
  within(from: number, to: number, platform: number | null): Map<number, GroupFigures> {
    const out = new Map<number, GroupFigures>();
    for (const [group, { positions, running }] of this.listsOf(platform ?? -1)) {
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
