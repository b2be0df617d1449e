import type { DemographicFamily } from './columnValues';
import type { VideoColumns } from './videoColumns';

const DAY_MS = 86_400_000;

/**
 * Per brand, views of the list index's columns: its live ordinals (until the order changes) and its videos' figures as
 * contiguous columns (until the next write: `dropFigures`). The index owns one and keeps it current.
 */
export class BrandViews {
  private lists = new Map<string, number[]>();
  private listsVersion = -1;
  private readonly figures = new Map<string, BrandColumns>();

  /** Every brand's live ordinals, in ordinal order (shared: never modify). */
  listsOf(columns: VideoColumns): Map<string, number[]> {
    if (this.listsVersion === columns.orderVersion) return this.lists;
    const lists = new Map<string, number[]>();
    for (let o = 0; o < columns.size; o++) {
      if (columns.alive[o] !== 1) continue;
      const brand = columns.brandId[o] ?? '';
      let list = lists.get(brand);
      if (!list) lists.set(brand, (list = []));
      list.push(o);
    }
    this.lists = lists;
    this.figures.clear();
    this.listsVersion = columns.orderVersion;
    return lists;
  }

  /** One brand's live videos' figures, in the order of its list (shared: never modify). */
  figuresOf(columns: VideoColumns, brandId: string): BrandColumns {
    const lists = this.listsOf(columns);
    let figures = this.figures.get(brandId);
    if (!figures) this.figures.set(brandId, (figures = brandColumnsOf(columns, lists.get(brandId) ?? [])));
    return figures;
  }

  /** Figures change with any write (views, sentiment…), not only with the order. */
  dropFigures(): void {
    this.figures.clear();
  }
}

/**
 * Some videos' figures as contiguous columns, in the order given (a brand's: ordinal order). A window's totals and
 * buckets are then one sequential read of a few arrays instead of a hop across the whole workspace per video and
 * column, which at 100k videos was most of a home widget's time. Built from the list index's columns; the index
 * drops them at every write.
 */
export interface BrandColumns {
  size: number;
  createdMs: Float64Array;
  /** created_at's day (YYYY-MM-DD), the key of a chart's buckets. */
  day: string[];
  /** The same day as a number (days since 1970-01-01), and the smallest of them: a day's slot in an array. */
  dayNumber: Int32Array;
  firstDay: number;
  platform: Int32Array;
  views: Float64Array;
  likes: Float64Array;
  comments: Float64Array;
  positive: Float64Array;
  negative: Float64Array;
  /** Demographic shares per family and bucket (NaN where a video names none). */
  shares: Record<DemographicFamily, Float64Array[]>;
}

export function brandColumnsOf(columns: VideoColumns, ordinals: readonly number[]): BrandColumns {
  const take = (values: Float64Array) => Float64Array.from(ordinals, (o) => values[o] ?? Number.NaN);
  const shares = {
    age_range: columns.shares.age_range.map(take),
    ethnicity: columns.shares.ethnicity.map(take),
    gender: columns.shares.gender.map(take),
  };
  const day = ordinals.map((o) => (columns.createdAt[o] ?? '').slice(0, 10));
  const dayNumber = Int32Array.from(day, (d) => Math.floor(Date.parse(`${d}T00:00:00Z`) / DAY_MS) | 0);
  return {
    size: ordinals.length,
    createdMs: take(columns.createdMs),
    day,
    dayNumber,
    firstDay: dayNumber.reduce((first, d) => Math.min(first, d), Number.MAX_SAFE_INTEGER),
    platform: Int32Array.from(ordinals, (o) => columns.platform[o] ?? -1),
    views: Float64Array.from(ordinals, (o) => columns.views[o] ?? 0),
    likes: Float64Array.from(ordinals, (o) => columns.likes[o] ?? 0),
    comments: Float64Array.from(ordinals, (o) => columns.comments[o] ?? 0),
    positive: take(columns.positive),
    negative: take(columns.negative),
    shares,
  };
}
