import { BrandDays } from './brandDays';
import type { VideoColumns } from './videoColumns';

/**
 * Per brand, views of the list index's columns: its live ordinals (until the order changes) and its videos cut into
 * days with their sums (until a write to one of its videos: `dropDays`). The index owns one and keeps it current.
 */
export class BrandViews {
  private lists = new Map<string, number[]>();
  private listsVersion = -1;
  private readonly days = new Map<string, BrandDays>();

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
    // A brand whose videos are the same keeps its days (a write to another brand's video changed the order).
    for (const brand of this.days.keys()) if (!sameList(this.lists.get(brand), lists.get(brand))) this.days.delete(brand);
    this.lists = lists;
    this.listsVersion = columns.orderVersion;
    return lists;
  }

  /** One brand's live videos by day, with each day's sums per platform (shared). */
  daysOf(columns: VideoColumns, brandId: string): BrandDays {
    const lists = this.listsOf(columns);
    let days = this.days.get(brandId);
    if (!days) this.days.set(brandId, (days = new BrandDays(columns, lists.get(brandId) ?? [], true)));
    return days;
  }

  /** These brands' videos changed (views, sentiment…, not only the order): their days are built again. */
  dropDays(brands: Iterable<string>): void {
    for (const brand of brands) this.days.delete(brand);
  }
}

function sameList(a: readonly number[] | undefined, b: readonly number[] | undefined): boolean {
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
