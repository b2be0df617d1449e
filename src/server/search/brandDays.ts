import { DEMOGRAPHIC_BUCKETS, SHARE_WIDTH, type DemographicFamily } from './columnValues';
import { firstFrom, GroupPostings, type GroupFigures } from './groupPostings';
import type { PreciseSums } from './preciseSum';
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

/**
 * Adds one video's figures (the fields below `upTo`) into `row` from `at`: plain sums of at most a day's videos, whose
 * rows are then added with compensation.
 */
function addVideo(row: Float64Array, at: number, columns: VideoColumns, o: number, upTo: number): void {
  row[at + FIELD.videos] = (row[at + FIELD.videos] ?? 0) + 1;
  row[at + FIELD.views] = (row[at + FIELD.views] ?? 0) + (columns.views[o] ?? 0);
  row[at + FIELD.likes] = (row[at + FIELD.likes] ?? 0) + (columns.likes[o] ?? 0);
  row[at + FIELD.comments] = (row[at + FIELD.comments] ?? 0) + (columns.comments[o] ?? 0);
  const positive = columns.feltPositive(o);
  if (positive === positive) {
    row[at + FIELD.positive] = (row[at + FIELD.positive] ?? 0) + positive;
    row[at + FIELD.positives] = (row[at + FIELD.positives] ?? 0) + 1;
  }
  const negative = columns.feltNegative(o);
  if (negative === negative) {
    row[at + FIELD.negative] = (row[at + FIELD.negative] ?? 0) + negative;
    row[at + FIELD.negatives] = (row[at + FIELD.negatives] ?? 0) + 1;
  }
  // A video's shares lie in field order (VideoColumns.shares), the fields from TOTAL_FIELDS their sums and counts in pairs.
  const shares = columns.shares;
  for (let s = 0, field = at + TOTAL_FIELDS; s < SHARE_WIDTH && field < at + upTo; s++, field += 2) {
    const share = shares[o * SHARE_WIDTH + s] ?? NaN;
    if (share !== share) continue;
    row[field] = (row[field] ?? 0) + share;
    row[field + 1] = (row[field + 1] ?? 0) + 1;
  }
}

const DAY_MS = 86_400_000;

/** created_at's date as a number (YYYYMMDD from its characters): equal for equal dates, without a new string. */
function dateNumber(created: string): number {
  let date = 0;
  for (const at of DATE_DIGITS) date = date * 10 + created.charCodeAt(at) - 48;
  return date;
}
const DATE_DIGITS = [0, 1, 2, 3, 5, 6, 8, 9] as const;

/**
 * The ordinals with a readable created time, by that time (ties in ordinal order): counted into their UTC days, then
 * each day's few sorted. O(videos) where a comparison sort of all of them was the largest part of building the days.
 */
function createdOrder(columns: VideoColumns, ordinals: readonly number[]): Int32Array {
  const timed = ordinals.filter((o) => Number.isFinite(columns.createdMs[o] ?? NaN));
  const byTime = (a: number, b: number) => (columns.createdMs[a] ?? 0) - (columns.createdMs[b] ?? 0) || a - b;
  let first = Infinity;
  let last = -Infinity;
  for (const o of timed) {
    const day = Math.floor((columns.createdMs[o] ?? 0) / DAY_MS);
    first = Math.min(first, day);
    last = Math.max(last, day);
  }
  // Videos spread over far more days than there are videos: a plain sort is cheaper than the empty days.
  if (timed.length === 0 || last - first > 4 * timed.length + 1024) return Int32Array.from(timed).sort(byTime);
  const starts = new Int32Array(last - first + 2);
  for (const o of timed) starts[Math.floor((columns.createdMs[o] ?? 0) / DAY_MS) - first + 1]! += 1;
  for (let day = 1; day < starts.length; day++) starts[day]! += starts[day - 1] ?? 0;
  const order = new Int32Array(timed.length);
  const next = starts.slice();
  for (const o of timed) order[next[Math.floor((columns.createdMs[o] ?? 0) / DAY_MS) - first]!++] = o;
  for (let day = 0; day + 1 < starts.length; day++) order.subarray(starts[day], starts[day + 1]).sort(byTime);
  return order;
}

/**
 * Some videos (a brand's, or a report's filtered ones) in the order they were created, cut into days, with every day's
 * figures summed per platform. A window's figures are then its whole days' sums plus the few videos of the two days it
 * cuts: O(days), where a pass over its videos was O(videos) — at 100k videos a 2–3× slower home than at 10k, with the
 * days the same. Built from the list index's columns on first use; the index drops a brand's when one of its videos
 * changes (at 100k, ~25 ms to build the largest brand's days again).
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
  /** Per platform code, the positions in `order` of its videos (ascending), when first asked for. */
  private readonly platformPositions = new Map<number, Int32Array>();

  constructor(private readonly columns: VideoColumns, ordinals: readonly number[], private readonly byPlatform: boolean) {
    this.order = createdOrder(columns, ordinals);
    this.createdMs = Float64Array.from(this.order, (o) => columns.createdMs[o] ?? 0);
    const starts: number[] = [];
    this.days = [];
    // A new day where created_at's date changes, read from its characters (no string per video).
    let previous = -1;
    this.order.forEach((o, k) => {
      const created = columns.createdAt[o] ?? '';
      const date = dateNumber(created);
      if (date === previous) return;
      previous = date;
      this.days.push(created.slice(0, 10));
      starts.push(k);
    });
    starts.push(this.order.length);
    this.dayStart = Int32Array.from(starts);
    this.sumDays();
  }

  /**
   * Every day's sums, for every platform and, with `byPlatform`, for each one. Figure by figure over the videos
   * (a tight loop a column), each video into its platform's days; every platform's day is the sum of those.
   */
  private sumDays(): void {
    const { columns, order } = this;
    const size = this.days.length * WIDTH;
    // Read in ordinal order (the columns' own order: a stream through memory, not a jump per video), each video's
    // day row found by its ordinal.
    const dayRow = new Map<number, number>();
    for (let day = 0; day < this.days.length; day++) {
      for (let k = this.dayStart[day] ?? 0; k < (this.dayStart[day + 1] ?? 0); k++) dayRow.set(order[k] ?? 0, day * WIDTH);
    }
    const ordinals = Int32Array.from(order).sort();
    const platforms: number[] = [];
    const rows: Float64Array[] = [];
    for (const o of ordinals) {
      const platform = this.byPlatform ? (columns.platform[o] ?? -1) : -1;
      let slot = platforms.indexOf(platform);
      if (slot < 0) {
        slot = platforms.push(platform) - 1;
        rows.push(new Float64Array(size));
      }
      addVideo(rows[slot] as Float64Array, dayRow.get(o) ?? 0, columns, o, WIDTH);
    }
    const all = rows.length === 1 ? (rows[0] as Float64Array) : new Float64Array(size);
    if (rows.length > 1) for (const own of rows) for (let at = 0; at < size; at++) all[at] = (all[at] ?? 0) + (own[at] ?? 0);
    if (this.byPlatform) platforms.forEach((platform, slot) => this.sums.set(platform, rows[slot] as Float64Array));
    this.sums.set(-1, all);
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
    if (!daySums) return;
    const cut = new Float64Array(upTo);
    for (let day = firstDay; day <= lastDay; day++) {
      const start = this.dayStart[day] ?? 0;
      const end = this.dayStart[day + 1] ?? 0;
      let row = daySums;
      let offset = day * WIDTH;
      if (start < from || end > to) {
        // A day the window cuts: its videos in the window, summed apart.
        cut.fill(0);
        for (let k = Math.max(start, from); k < Math.min(end, to); k++) {
          const o = this.order[k] ?? 0;
          if (this.onPlatform(o, window)) addVideo(cut, 0, this.columns, o, upTo);
        }
        row = cut;
        offset = 0;
      }
      const at = rowOf(day) * upTo;
      for (let field = 0; field < upTo; field++) target.add(at + field, row[offset + field] ?? 0);
    }
  }

  /** Per product code the window's videos name: how many, and their sentiment (FIELD order: positive, positives…). */
  productsWithin(window: DayWindow): Map<number, GroupFigures> {
    const columns = this.columns;
    const value = (share: (o: number) => number) => (o: number) => {
      const v = share(o);
      return v === v ? v : 0;
    };
    const counted = (share: (o: number) => number) => (o: number) => (share(o) === share(o) ? 1 : 0);
    const positive = (o: number) => columns.feltPositive(o);
    const negative = (o: number) => columns.feltNegative(o);
    this.products ??= new GroupPostings(this.order, columns, (o) => columns.products.get(o), [
      value(positive), counted(positive), value(negative), counted(negative),
    ]);
    const { from, to } = this.span(window);
    return this.products.within(from, to, window.platform);
  }

  /** Per creator code of the window's videos: how many, and their views. */
  creatorsWithin(window: DayWindow): Map<number, GroupFigures> {
    const columns = this.columns;
    this.creators ??= new GroupPostings(this.order, columns, (o) => ((columns.creator[o] ?? -1) >= 0 ? [columns.creator[o] ?? -1] : []), [(o) => columns.views[o] ?? 0]);
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

  /**
   * The window's videos that pass `test`, newest first and ties (videos created at the same moment) in ordinal order,
   * at most `count`: read back from the window's end, so a usual window answers after its newest few.
   */
  newest(window: DayWindow, count: number, test: (o: number) => boolean): number[] {
    const { from, to } = this.span(window);
    const found: number[] = [];
    for (let end = to; end > from && found.length < count;) {
      // A run created at one moment, which `order` holds in ordinal order.
      let start = end - 1;
      while (start > from && this.createdMs[start - 1] === this.createdMs[end - 1]) start -= 1;
      for (let k = start; k < end && found.length < count; k++) {
        const o = this.order[k] ?? 0;
        if (this.onPlatform(o, window) && test(o)) found.push(o);
      }
      end = start;
    }
    return found;
  }

  /**
   * The window's videos on its platform that pass `test`, in created order (ties in ordinal order): its days' videos on
   * that platform, no others (a window of one platform reads that platform's positions, not every video of the brand's
   * days).
   */
  videosWithin(window: DayWindow, test: (o: number) => boolean = () => true): number[] {
    const { from, to } = this.span(window);
    const found: number[] = [];
    if (window.platform === null) {
      for (let k = from; k < to; k++) {
        const o = this.order[k] ?? 0;
        if (test(o)) found.push(o);
      }
      return found;
    }
    const positions = this.positionsOn(window.platform);
    for (let p = firstFrom(positions, from), end = firstFrom(positions, to); p < end; p++) {
      const o = this.order[positions[p] ?? 0] ?? 0;
      if (test(o)) found.push(o);
    }
    return found;
  }

  private positionsOn(platform: number): Int32Array {
    let positions = this.platformPositions.get(platform);
    if (!positions) {
      const kept: number[] = [];
      this.order.forEach((o, k) => {
        if (this.columns.platform[o] === platform) kept.push(k);
      });
      this.platformPositions.set(platform, (positions = Int32Array.from(kept)));
    }
    return positions;
  }

  /** Whether some video of the window passes `test`, asked newest first (so a usual window answers at its first). */
  someVideo(window: DayWindow, test: (o: number) => boolean): boolean {
    const { from, to } = this.span(window);
    for (let k = to - 1; k >= from; k--) {
      const o = this.order[k] ?? 0;
      if (this.onPlatform(o, window) && test(o)) return true;
    }
    return false;
  }

  private onPlatform(o: number, window: DayWindow): boolean {
    return window.platform === null || this.columns.platform[o] === window.platform;
  }
}
