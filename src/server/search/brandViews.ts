import { BrandDays } from './brandDays';
import type { VideoColumns } from './videoColumns';
import { BoundedMap } from '../../shared/boundedMap';

/** Reports' narrowed days kept at once (see narrowedDaysOf): each holds its videos' days, a brand's size at most. */
const NARROWED_DAYS_KEPT = 16;

/**
 * Per brand, views of the list index's columns: its live ordinals (until the order changes) and, per acting brand,
 * the videos it counts as that brand's cut into days with their sums (until those videos change, or a write to one
 * of them: `dropDays`). The index owns one and keeps it current.
 */
export class BrandViews {
  private lists = new Map<string, number[]>();
  private listsVersion = -1;
  /** By `acting|shown`: the days of the shown brand's counted videos, and the videos they were built from. */
  private readonly days = new Map<string, { shown: string; members: readonly number[]; days: BrandDays }>();
  /** Days of a brand's videos narrowed by a report's filters, by brands and filters, until the next write. */
  private readonly narrowed = new BoundedMap<string, BrandDays>(NARROWED_DAYS_KEPT);

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
    this.listsVersion = columns.orderVersion;
    return lists;
  }

  /**
   * The days of `members` (the videos the acting brand counts as the shown brand's), with each day's sums per platform
   * (shared). Kept while the members are the same: a trash, flag or removal, or a write that changed the order,
   * builds them again.
   */
  daysOf(columns: VideoColumns, actingBrandId: string, shownBrandId: string, members: readonly number[]): BrandDays {
    const key = `${actingBrandId}|${shownBrandId}`;
    const known = this.days.get(key);
    if (known && sameList(known.members, members)) return known.days;
    const days = new BrandDays(columns, members, true);
    this.days.set(key, { shown: shownBrandId, members: [...members], days });
    return days;
  }

  /** The narrowed days kept under `key`, built by `build` the first time since the last write (`dropNarrowed`). */
  narrowedDaysOf(key: string, build: () => BrandDays): BrandDays {
    let days = this.narrowed.get(key);
    if (!days) this.narrowed.set(key, (days = build()));
    return days;
  }

  /** Any write may change which videos a report's filters keep: every narrowed view is built again. */
  dropNarrowed(): void {
    this.narrowed.clear();
  }

  /** These brands' videos changed (views, sentiment…, not only the order): their days are built again. */
  dropDays(brands: ReadonlySet<string>): void {
    for (const [key, entry] of this.days) if (brands.has(entry.shown)) this.days.delete(key);
  }
}

function sameList(a: readonly number[] | undefined, b: readonly number[] | undefined): boolean {
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
