import { inList, type SqlClient } from '../../db/sqlClient';
import type { FilterOption, VideoFilterOptions } from '../../../shared/http/videos.schemas';
import type { VideoSearchIndex } from '../../search/videoSearchIndex';
import type { VideoTab } from './videoTypes';
import { favoritesOwner, type BrandScope } from './videoScope';

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
 * Facets per (brand, tab), recomputed only after something the list index answers from changed. The counts come from
 * the list index's columns (a pass over the tab, milliseconds at 100k videos where the grouped SQL took seconds);
 * names of creators, products and brands from their tables, on either engine.
 */
export function createVideoFacets(sql: SqlClient, index: VideoSearchIndex) {
  const cache = new Map<string, TabFacets>();

  const labelsOf = async (table: string, ids: readonly string[]): Promise<Map<string, string>> => {
    const byId = inList(sql, 'id', ids);
    return new Map((await sql.all<{ id: string; name: string }>(`SELECT id, name FROM ${table} WHERE ${byId.sql}`, [byId.param])).map((row) => [row.id, row.name]));
  };

  /** Call right after `index.ready` (the counts are computed at once, before any other await). */
  const compute = async (scope: BrandScope, tab: VideoTab): Promise<TabFacets> => {
    const counts = index.tabValueCounts(scope, tab);
    const filters = {} as Record<keyof VideoFilterOptions, FilterOption[]>;
    for (const family of Object.keys(counts) as (keyof VideoFilterOptions)[]) {
      const values = [...counts[family]].filter(([value]) => value !== '');
      const table = NAMED[family];
      const labels = table ? await labelsOf(table, values.map(([value]) => value)) : null;
      filters[family] = sortByCountThenValue(values
        // An id whose row is gone has no option (the SQL joined it away).
        .filter(([value]) => !labels || labels.has(value))
        .map(([value, count]) => ({ value, label: labels?.get(value) ?? value, count })));
    }
    return { filters };
  };

  /** The tab's facets, from cache when nothing was written since the index's last `ready`. */
  const forTabNow = async (scope: BrandScope, tab: VideoTab): Promise<TabFacets> => {
    const key = `${index.generation}|${scope.brandId}|${scope.competitorIds.join(',')}|${tab}|${tab === 'Favorites' ? favoritesOwner(scope) : ''}`;
    let facets = cache.get(key);
    if (!facets) {
      if (cache.size > 50) cache.clear();
      facets = await compute(scope, tab);
      cache.set(key, facets);
    }
    return facets;
  };

  return {
    /** The tab's facets, from cache when nothing was written since. */
    async forTab(scope: BrandScope, tab: VideoTab): Promise<TabFacets> {
      await index.ready([scope.brandId]);
      return forTabNow(scope, tab);
    },
    /** The tab's facets as of the index's last `ready` for this brand (call right after it, nothing awaited between). */
    forTabNow,
  };
}

export type VideoFacets = ReturnType<typeof createVideoFacets>;
