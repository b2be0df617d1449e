import type { Platform } from '../../../shared/constants';
import type { BucketUnit } from '../../../shared/http/home.schemas';
import type { VideoFilters } from '../../../shared/http/videos.schemas';
import type { DemographicFamily } from '../../search/columnValues';
import type { VideoColumns } from '../../search/videoColumns';
import type { VideoSearchIndex } from '../../search/videoSearchIndex';
import { bucketOf } from './homeWindow';
import type { HomeRows, HomeVideoRow } from './homeRows';
import { PreciseSums } from '../../search/preciseSum';
import { FIELD, SHARE_FIELD, TOTAL_FIELDS, WIDTH, type BrandDays, type DayWindow } from '../../search/brandDays';

/**
 * Whose videos (the shown brand's, as the acting brand counts them: `VideoSearchIndex.shownVideos`), over which
 * created_at range (inclusive; start '' for all dates), on which platform (null: every one).
 */
export interface HomeRange {
  actingBrandId: string;
  brandId: string;
  start: string;
  end: string;
  platform: Platform | null;
  /** A report's filters (the videos list's families), with the brand whose notes the note filter reads. */
  filters?: { actingBrandId: string; video: VideoFilters };
}

export interface Totals {
  videos: number;
  views: number;
  likes: number;
  comments: number;
  positive: number | null;
  negative: number | null;
}

export type { HomeVideoRow } from './homeRows';

/** A range's window on the index's columns (the platform as its dictionary code; -2 for one no video has). */
function dayWindow(columns: VideoColumns, range: HomeRange): DayWindow {
  const platform = range.platform === null ? null : (columns.dict.platform.find(range.platform) ?? -2);
  return { startMs: range.start === '' ? -Infinity : Date.parse(range.start), endMs: Date.parse(range.end), platform };
}

/** A range's videos (ordinals, in ordinal order) and the columns they index: one pass over the brand's ordinals. */
export function videosInRange(index: VideoSearchIndex, range: HomeRange): { columns: VideoColumns; picked: number[] } {
  const columns = index.columnsNow();
  const { startMs, endMs, platform } = dayWindow(columns, range);
  const picked: number[] = [];
  for (const o of index.shownVideos(range.actingBrandId, range.brandId)) {
    const created = columns.createdMs[o] ?? NaN;
    if (created >= startMs && created <= endMs && (platform === null || columns.platform[o] === platform)) picked.push(o);
  }
  if (range.filters) return { columns, picked: index.narrow(range.filters.actingBrandId, picked, range.filters.video) };
  return { columns, picked };
}

/**
 * `videosInRange`'s videos that pass `test`, in no set order (for callers that rank them in an order of their own): read
 * from the brand's days, each platform a report's filters name on its own, so a window costs its own videos on those
 * platforms, not a pass over every video of the brand; the filters then test only the videos that passed.
 */
export function videosInWindow(index: VideoSearchIndex, range: HomeRange, test?: (o: number) => boolean): { columns: VideoColumns; picked: number[] } {
  const columns = index.columnsNow();
  const days = index.brandDays(range.actingBrandId, range.brandId);
  const window = dayWindow(columns, range);
  // The filters' platforms (the same codes their filter looks up) cut first.
  const named = window.platform === null ? [...new Set(range.filters?.video.platform ?? [])] : [];
  const picked = named.length === 0 ? days.videosWithin(window, test)
    : named.flatMap((platform) => days.videosWithin({ ...window, platform: columns.dict.platform.find(platform) ?? -2 }, test));
  // The platforms are cut already: the other filters only are tested again.
  if (range.filters) return { columns, picked: index.narrow(range.filters.actingBrandId, picked, named.length === 0 ? range.filters.video : { ...range.filters.video, platform: [] }) };
  return { columns, picked };
}

/** A range's videos by day, and its window over them. */
export interface RangeDays {
  columns: VideoColumns;
  days: BrandDays;
  window: DayWindow;
}

/**
 * A range's days (the brand's, or those of a report's filtered videos over all dates, kept by the index until the next
 * write) and its window over them: a report's current and previous windows read the same days.
 */
export function rangeDays(index: VideoSearchIndex, range: HomeRange): RangeDays {
  const days = range.filters
    ? index.narrowedBrandDays(range.actingBrandId, range.brandId, range.filters.actingBrandId, range.filters.video)
    : index.brandDays(range.actingBrandId, range.brandId);
  const columns = index.columnsNow();
  return { columns, days, window: dayWindow(columns, range) };
}

/** How many videos a range holds. */
export function videosIn({ days, window }: RangeDays): number {
  const sums = new PreciseSums(1);
  days.sumInto(window, 1, sums, () => 0);
  return sums.value(FIELD.videos);
}

/**
 * The home dashboard's figures (issue 12), read from the in-memory columns of the videos list (src/server/search) cut
 * into days (`BrandDays`): a window's figures cost its days and groups, not its videos, and not SQL scans of the
 * workspace (at 100k videos the SQL form took 50–100 ms a widget). The figures stay synchronous; names, titles and
 * pictures of the few rows shown are read from the database (either engine, `HomeRows`), so those lists are async.
 * The tests compare every figure with SQL.
 */
export function createHomeFigures(rowsOf: HomeRows, index: VideoSearchIndex) {

  const windowOf = (range: HomeRange): RangeDays => rangeDays(index, range);

  /** The sums of a range's window (the fields below `upTo`). */
  const windowSums = (range: HomeRange, upTo: number): PreciseSums => {
    const { days, window } = windowOf(range);
    const sums = new PreciseSums(upTo);
    days.sumInto(window, upTo, sums, () => 0);
    return sums;
  };

  const videosOf = async (columns: VideoColumns, ordinals: readonly number[]): Promise<HomeVideoRow[]> => {
    const ids = ordinals.map((o) => columns.id[o] ?? '');
    const rows = await rowsOf.videos(ids);
    return ids.flatMap((id) => rows.get(id) ?? []);
  };

  return {
    totals(range: HomeRange): Totals {
      return totalsOf(windowSums(range, TOTAL_FIELDS));
    },

    /** Per bucket with videos (its start, YYYY-MM-DD): its totals. */
    buckets(range: HomeRange, unit: BucketUnit): Map<string, Totals> {
      const { days, window } = windowOf(range);
      const { keys, bucketOfDay } = bucketsOfDays(days, unit);
      const { firstDay, lastDay } = days.span(window);
      // Rows for the window's buckets only.
      let first = keys.length;
      let last = -1;
      for (let day = firstDay; day <= lastDay; day++) {
        first = Math.min(first, bucketOfDay[day] ?? 0);
        last = Math.max(last, bucketOfDay[day] ?? 0);
      }
      const count = Math.max(0, last - first + 1);
      const sums = new PreciseSums(count * TOTAL_FIELDS);
      days.sumInto(window, TOTAL_FIELDS, sums, (day) => (bucketOfDay[day] ?? 0) - first);
      const out = new Map<string, Totals>();
      for (let row = 0; row < count; row++) {
        const totals = totalsOf(sums, row * TOTAL_FIELDS);
        if (totals.videos > 0) out.set(keys[first + row] ?? '', totals);
      }
      return out;
    },

    async topProducts(range: HomeRange, limit: number) {
      const { days, window } = windowOf(range);
      const columns = index.columnsNow();
      const names = columns.dict.product.values();
      const counted = [...days.productsWithin(window)].map(([code, figures]) => ({ id: names[code] ?? '', ...figures }));
      const rows = await rowsOf.products(counted.map((entry) => entry.id));
      const ratio = (sum: number, count: number) => (count === 0 ? 0 : sum / count);
      return counted
        .flatMap((entry) => {
          const row = rows.get(entry.id);
          return row ? [{ ...entry, row }] : [];
        })
        .sort((a, b) => b.videos - a.videos || binary(a.row.name, b.row.name) || binary(a.id, b.id))
        .slice(0, limit)
        .map(({ id, videos, sums: [positive = 0, positives = 0, negative = 0, negatives = 0], row }) => ({
          id,
          name: row.name,
          image_url: firstPicture(row.pictures),
          mentions: videos,
          positive: ratio(positive, positives),
          negative: ratio(negative, negatives),
        }));
    },

    /** How many of the range's videos mention each product (0 for one none does). */
    productMentions(range: HomeRange, productIds: readonly string[]): Map<string, number> {
      const { days, window } = windowOf(range);
      const dict = index.columnsNow().dict.product;
      const within = days.productsWithin(window);
      return new Map(productIds.map((id) => [id, within.get(dict.find(id) ?? -1)?.videos ?? 0]));
    },

    /** Mean share per family and bucket over the videos naming a number (null where none does). */
    demographics(range: HomeRange): Record<DemographicFamily, (number | null)[]> {
      const sums = windowSums(range, WIDTH);
      const of = (family: DemographicFamily) => SHARE_FIELD[family].map((field) => mean(sums, field, field + 1));
      return { age_range: of('age_range'), gender: of('gender'), ethnicity: of('ethnicity') };
    },

    recent(range: HomeRange, limit: number): Promise<HomeVideoRow[]> {
      const { days, window } = windowOf(range);
      return videosOf(index.columnsNow(), days.latest(window, limit));
    },

    trending(range: HomeRange, limit: number): Promise<HomeVideoRow[]> {
      const { days, window } = windowOf(range);
      return videosOf(index.columnsNow(), days.mostViewed(window, limit));
    },

    /** `recent` and `trending` with their rows read together (on a team server one statement, not two). */
    async recentAndTrending(range: HomeRange, limit: number): Promise<{ recent: HomeVideoRow[]; trending: HomeVideoRow[] }> {
      const { days, window } = windowOf(range);
      const columns = index.columnsNow();
      const [recent, trending] = [days.latest(window, limit), days.mostViewed(window, limit)].map((ordinals) => ordinals.map((o) => columns.id[o] ?? ''));
      const rows = await rowsOf.videos([...new Set([...(recent ?? []), ...(trending ?? [])])]);
      const inOrder = (ids: readonly string[] = []) => ids.flatMap((id) => rows.get(id) ?? []);
      return { recent: inOrder(recent), trending: inOrder(trending) };
    },

    async creators(range: HomeRange, limit: number) {
      const { days, window } = windowOf(range);
      const ids = index.columnsNow().dict.creator.values();
      const ranked = [...days.creatorsWithin(window)].map(([code, { videos, sums: [views = 0] }]) => ({ _id: ids[code] ?? '', videos, views }));
      const rows = await rowsOf.creators(ranked.map((entry) => entry._id));
      return ranked
        .flatMap((entry) => {
          const row = rows.get(entry._id);
          return row ? [{ ...entry, name: row.name, picture: row.picture }] : [];
        })
        .sort((a, b) => b.views - a.views || binary(a.name, b.name) || binary(a._id, b._id))
        .slice(0, limit);
    },
  };
}

/** A sum's mean over its count (null for none). */
function mean(sums: PreciseSums, sum: number, count: number): number | null {
  const counted = sums.value(count);
  return counted === 0 ? null : sums.value(sum) / counted;
}

/** The totals in some sums, from field `at`. */
function totalsOf(sums: PreciseSums, at = 0): Totals {
  return {
    videos: sums.value(at + FIELD.videos),
    views: sums.value(at + FIELD.views),
    likes: sums.value(at + FIELD.likes),
    comments: sums.value(at + FIELD.comments),
    positive: mean(sums, at + FIELD.positive, at + FIELD.positives),
    negative: mean(sums, at + FIELD.negative, at + FIELD.negatives),
  };
}

/** The chart buckets of some days for a unit, and each day's: found once per days and unit. */
const bucketings = new WeakMap<BrandDays, Map<BucketUnit, { keys: string[]; bucketOfDay: Int32Array }>>();
function bucketsOfDays(days: BrandDays, unit: BucketUnit): { keys: string[]; bucketOfDay: Int32Array } {
  let byUnit = bucketings.get(days);
  if (!byUnit) bucketings.set(days, (byUnit = new Map()));
  const known = byUnit.get(unit);
  if (known) return known;
  const keys: string[] = [];
  const numbers = new Map<string, number>();
  const bucketOfDay = Int32Array.from(days.days, (day) => {
    const key = bucketOf(day, unit);
    let number = numbers.get(key);
    if (number === undefined) {
      numbers.set(key, (number = keys.length));
      keys.push(key);
    }
    return number;
  });
  const found = { keys, bucketOfDay };
  byUnit.set(unit, found);
  return found;
}

/** Text order as SQLite's BINARY collation compares (code units), for the same ties as the SQL reference. */
const binary = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function firstPicture(json: string): string | null {
  try {
    const pictures = JSON.parse(json) as unknown;
    return Array.isArray(pictures) && typeof pictures[0] === 'string' ? pictures[0] : null;
  } catch {
    return null;
  }
}

export type HomeFigures = ReturnType<typeof createHomeFigures>;
