import type Database from 'better-sqlite3';
import type { FilterOption, VideoFilterOptions } from '../../../shared/http/videos.schemas';
import type { VideoSearchIndex } from '../../search/videoSearchIndex';
import type { VideoTab } from './videoTypes';
import type { BrandScope } from './videoScope';

/** What the filter UI offers for a tab (spec §3 response `data.filters`); the audience follows the filters (list summary). */
export interface TabFacets {
  filters: VideoFilterOptions;
}

/** Families whose values are ids, labelled with the names of the rows they name. */
const NAMED: Partial<Record<keyof VideoFilterOptions, string>> = { influencer: 'creators', product: 'products', brand: 'brands' };

/**
 * Count first, then value in SQLite's order (UTF-8 bytes), as the options always came. Each value's bytes are made
 * once, not per comparison (a tab at 100k videos offers thousands of creators).
 */
function sortByCountThenValue(options: FilterOption[]): FilterOption[] {
  const keyed = options.map((option) => ({ option, bytes: Buffer.from(option.value) }));
  keyed.sort((a, b) => b.option.count - a.option.count || Buffer.compare(a.bytes, b.bytes));
  return keyed.map(({ option }) => option);
}

/**
 * Facets per (brand, tab), recomputed only after the database changed (any write on the connection). The counts come
 * from the list index's columns (a pass over the tab, milliseconds at 100k videos where the grouped SQL took seconds);
 * names of creators, products and brands from their tables.
 */
export function createVideoFacets(db: Database.Database, index: VideoSearchIndex) {
  const version = db.prepare('SELECT total_changes()').pluck();
  const cache = new Map<string, TabFacets>();
  const names = Object.fromEntries(
    Object.entries(NAMED).map(([family, table]) => [family, db.prepare(`SELECT id, name FROM ${table} WHERE id IN (SELECT value FROM json_each(?))`).raw()]),
  ) as Partial<Record<keyof VideoFilterOptions, Database.Statement>>;

  const compute = (scope: BrandScope, tab: VideoTab): TabFacets => {
    const counts = index.tabValueCounts(scope, tab);
    const filters = {} as Record<keyof VideoFilterOptions, FilterOption[]>;
    for (const family of Object.keys(counts) as (keyof VideoFilterOptions)[]) {
      const values = [...counts[family]].filter(([value]) => value !== '');
      const named = names[family];
      const labels = named ? new Map(named.all(JSON.stringify(values.map(([value]) => value))) as [string, string][]) : null;
      filters[family] = sortByCountThenValue(values
        // An id whose row is gone has no option (the SQL joined it away).
        .filter(([value]) => !labels || labels.has(value))
        .map(([value, count]) => ({ value, label: labels?.get(value) ?? value, count })));
    }
    return { filters };
  };

  return {
    /** The tab's facets, from cache when nothing was written since. */
    forTab(scope: BrandScope, tab: VideoTab): TabFacets {
      const key = `${version.get()}|${scope.brandId}|${tab}`;
      let facets = cache.get(key);
      if (!facets) {
        if (cache.size > 50) cache.clear();
        facets = compute(scope, tab);
        cache.set(key, facets);
      }
      return facets;
    },
  };
}

export type VideoFacets = ReturnType<typeof createVideoFacets>;
