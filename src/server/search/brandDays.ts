import { DEMOGRAPHIC_BUCKETS, type DemographicFamily } from './columnValues';
import { firstFrom, GroupPostings, type GroupFigures } from './groupPostings';
import { PreciseSums } from './preciseSum';
import { orderOrdinals, topOrdinals } from './topOrdinals';
import type { VideoColumns } from './videoColumns';

/** Where each figure sits in a row of sums. A mean's count sits beside its sum: a mean skips videos without a value. */
export const FIELD = { videos: 0, views: 1, likes: 2, comments: 3, positive: 4, positives: 5, negative: 6, negatives: 7 } as const;
/** The fields a window's totals need; the demographic shares follow them. */
export const TOTAL_FIELDS = 8;
const FAMILIES = Object.keys(DEMOGRAPHIC_BUCKETS) as DemographicFamily[];
/** Per family and bucket (DEMOGRAPHIC_BUCKETS order), the field of its share's sum; its count is the next field. */
export const SHARE_FIELD = {} as Record<DemographicFamily, number[]>;
let next = TOTAL_FIELDS;
for (const family of FAMILIES) SHARE_FIELD[family] = DEMOGRAPHIC_BUCKETS[family].map(() => (next += 2) - 2);
/** The fields of a row of sums. */
export const WIDTH = next;

/** A window over some videos: created from startMs to endMs (inclusive), on one platform code (null: every one). */
export interface DayWindow {
  startMs: number;
  endMs: number;
  platform: number | null;
}

/** Adds one video's figures (the fields below `upTo`) into `target` from field `at`. */
function addVideo(target: PreciseSums, at: number, columns: VideoColumns, o: number, upTo: number): void {
  target.add(at + FIELD.videos, 1);
  target.add(at + FIELD.views, columns.views[o] ?? 0);
  target.add(at + FIELD.likes, columns.likes[o] ?? 0);
  target.add(at + FIELD.comments, columns.comments[o] ?? 0);
  const positive = columns.positive[o] ?? NaN;
  if (positive === positive) {
    target.add(at + FIELD.positive, positive);
    target.add(at + FIELD.positives, 1);
  }
  const negative = columns.negative[o] ?? NaN;
  if (negative === negative) {
    target.add(at + FIELD.negative, negative);
    target.add(at + FIELD.negatives, 1);
  }
  if (upTo <= TOTAL_FIELDS) return;
  for (const family of FAMILIES) {
    const fields = SHARE_FIELD[family];
    columns.shares[family].forEach((shares, bucket) => {
      const share = shares[o] ?? NaN;
      if (share !== share) return;
      const field = at + (fields[bucket] ?? 0);
      target.add(field, share);
      target.add(field + 1, 1);
    });
  }
}

/**
 * Some videos (a brand's, or a report's filtered ones) in the order they were created, cut into days, with every day's
 * figures summed per platform. A window's figures are then its whole days' sums plus the few videos of the two days it
 * cuts: O(days), where a pass over its videos was O(videos) — at 100k videos a 2–3× slower home than at 10k, with the
 * days the same. Built from the list index's columns and dropped with them at every write.
 */
export class BrandDays {
  /** Ordinals by created time (ties in ordinal order); videos without a readable time are in no window. */
  private readonly order: Int32Array;
  private readonly createdMs: Float64Array;
  /** Per day (a run of videos of the same created_at day, ascending): where it starts in `order`; then the end. */
  private readonly dayStart: Int32Array;
  /** Each day's YYYY-MM-DD (as created_at has it, the key of a chart's buckets). */
  readonly days: string[];
  /** Per platform code (-1: every platform), every day's row of sums. */
  private readonly sums = new Map<number, Float64Array>();
  private products: GroupPostings | null = null;
  private creators: GroupPostings | null = null;
  /** Every video, most viewed first (topOrdinals' order), when first asked for. */
  private byViews: number[] | null = null;

  constructor(private readonly columns: VideoColumns, ordinals: readonly number[], private readonly byPlatform: boolean) {
    const timed = ordinals.filter((o) => Number.isFinite(columns.createdMs[o] ?? NaN));
    this.order = Int32Array.from(timed).sort((a, b) => (columns.createdMs[a] ?? 0) - (columns.createdMs[b] ?? 0) || a - b);
    this.createdMs = Float64Array.from(this.order, (o) => columns.createdMs[o] ?? 0);
    const starts: number[] = [];
    this.days = [];
    this.order.forEach((o, k) => {
      const day = (columns.createdAt[o] ?? '').slice(0, 10);
      if (day === this.days[this.days.length - 1]) return;
      this.days.push(day);
      starts.push(k);
    });
    starts.push(this.order.length);
    this.dayStart = Int32Array.from(starts);
    this.sumDays();
  }

  /** Every day's sums, for every platform and, with `byPlatform`, for each one: one pass over the videos. */
  private sumDays(): void {
    const sums = new Map<number, PreciseSums>([[-1, new PreciseSums(this.days.length * WIDTH)]]);
    for (let day = 0; day < this.days.length; day++) {
      for (let k = this.dayStart[day] ?? 0; k < (this.dayStart[day + 1] ?? 0); k++) {
        const o = this.order[k] ?? 0;
        addVideo(sums.get(-1) as PreciseSums, day * WIDTH, this.columns, o, WIDTH);
        if (!this.byPlatform) continue;
        const platform = this.columns.platform[o] ?? -1;
        let own = sums.get(platform);
        if (!own) sums.set(platform, (own = new PreciseSums(this.days.length * WIDTH)));
        addVideo(own, day * WIDTH, this.columns, o, WIDTH);
      }
    }
    for (const [platform, days] of sums) this.sums.set(platform, days.values());
  }

  /** The videos a window holds (positions in created order, `from` to `to` exclusive) and the days they are of. */
  span(window: DayWindow): { from: number; to: number; firstDay: number; lastDay: number } {
    const from = firstFrom(this.createdMs, window.startMs);
    const to = firstFrom(this.createdMs, window.endMs, true);
    if (from >= to) return { from, to, firstDay: 0, lastDay: -1 };
    return { from, to, firstDay: firstFrom(this.dayStart, from, true) - 1, lastDay: firstFrom(this.dayStart, to - 1, true) - 1 };
  }

  /**
   * Adds the window's figures (the fields below `upTo`) into `target`, each day into row `rowOf(day)` (rows of `upTo`
   * fields): a day the window holds whole from its sums, a day it cuts video by video.
   */
  sumInto(window: DayWindow, upTo: number, target: PreciseSums, rowOf: (day: number) => number): void {
    const { from, to, firstDay, lastDay } = this.span(window);
    const daySums = this.sums.get(window.platform ?? -1);
    for (let day = firstDay; day <= lastDay; day++) {
      const start = this.dayStart[day] ?? 0;
      const end = this.dayStart[day + 1] ?? 0;
      const at = rowOf(day) * upTo;
      if (start >= from && end <= to) {
        if (!daySums) continue;
        for (let field = 0; field < upTo; field++) target.add(at + field, daySums[day * WIDTH + field] ?? 0);
        continue;
      }
      for (let k = Math.max(start, from); k < Math.min(end, to); k++) {
        const o = this.order[k] ?? 0;
        if (window.platform === null || this.columns.platform[o] === window.platform) addVideo(target, at, this.columns, o, upTo);
      }
    }
  }

  /** Per product code the window's videos name: how many, and their sentiment (FIELD order: positive, positives…). */
  productsWithin(window: DayWindow): Map<number, GroupFigures> {
    const columns = this.columns;
    const value = (values: Float64Array) => (o: number) => {
      const v = values[o] ?? NaN;
      return v === v ? v : 0;
    };
    const counted = (values: Float64Array) => (o: number) => ((values[o] ?? NaN) === (values[o] ?? NaN) ? 1 : 0);
    this.products ??= new GroupPostings(this.order, columns, (o) => columns.products.get(o), [
      value(columns.positive), counted(columns.positive), value(columns.negative), counted(columns.negative),
    ], this.byPlatform);
    const { from, to } = this.span(window);
    return this.products.within(from, to, window.platform);
  }

  /** Per creator code of the window's videos: how many, and their views. */
  creatorsWithin(window: DayWindow): Map<number, GroupFigures> {
    const columns = this.columns;
    this.creators ??= new GroupPostings(this.order, columns, (o) => ((columns.creator[o] ?? -1) >= 0 ? [columns.creator[o] ?? -1] : []), [(o) => columns.views[o] ?? 0], this.byPlatform);
    const { from, to } = this.span(window);
    return this.creators.within(from, to, window.platform);
  }

  /** The `limit` latest videos of the window (topOrdinals' order): read back from its end. */
  latest(window: DayWindow, limit: number): number[] {
    const { from, to } = this.span(window);
    const found: number[] = [];
    let earliest = Infinity;
    for (let k = to - 1; k >= from; k--) {
      const o = this.order[k] ?? 0;
      if (!this.onPlatform(o, window)) continue;
      // Past `limit`, only a video as late as the earliest found (a tie) can still rank above one of them.
      if (found.length >= limit && (this.createdMs[k] ?? 0) < earliest) break;
      found.push(o);
      earliest = this.createdMs[k] ?? 0;
    }
    return topOrdinals(this.columns, found, (o) => this.columns.createdMs[o] ?? 0, limit);
  }

  /**
   * The `limit` most viewed videos of the window (topOrdinals' order). From the most viewed of all, a window holding
   * a share s of the videos meets `limit` of them after about limit / s: the same at any size. A window so small that
   * its own videos are fewer is ranked by itself.
   */
  mostViewed(window: DayWindow, limit: number): number[] {
    const { from, to } = this.span(window);
    const views = (o: number) => this.columns.views[o] ?? 0;
    if ((to - from) ** 2 <= limit * this.order.length) {
      const own = Array.from(this.order.subarray(from, to)).filter((o) => this.onPlatform(o, window));
      return topOrdinals(this.columns, own, views, limit);
    }
    this.byViews ??= orderOrdinals(this.columns, Array.from(this.order), views);
    const found: number[] = [];
    for (const o of this.byViews) {
      if (found.length >= limit) break;
      const created = this.columns.createdMs[o] ?? NaN;
      if (created >= window.startMs && created <= window.endMs && this.onPlatform(o, window)) found.push(o);
    }
    return found;
  }

  private onPlatform(o: number, window: DayWindow): boolean {
    return window.platform === null || this.columns.platform[o] === window.platform;
  }
}
