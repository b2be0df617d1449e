import type Database from 'better-sqlite3';
import type { FilterOption, VideoFilterOptions } from '../../../../../src/shared/http/videos.schemas';
import type { VideoTab } from '../../../../../src/server/repositories/videos/videoTypes';
import { tabSql, type BrandScope } from '../../../../../src/server/repositories/videos/videoScope';

// The filter options of a tab in SQL: the meaning the in-memory counts (videoFacets.ts) are held to.
interface OptionRow {
  value: string | null;
  label: string | null;
  count: number;
}

// Each facet: an expression grouped over the tab's videos `v` (optionally joined); label defaults to value.
const FACETS: Readonly<Record<keyof VideoFilterOptions, { from: string; value: string; label?: string }>> = {
  platform: { from: '', value: 'v.platform' },
  category: { from: '', value: 'v.category' },
  language: { from: '', value: 'v.language' },
  scene: { from: '', value: 'v.scene' },
  pov: { from: '', value: 'v.pov' },
  influencer: { from: 'JOIN creators c ON c.id = v.creator_id', value: 'v.creator_id', label: 'MAX(c.name)' },
  product: { from: 'JOIN video_products vp ON vp.video_id = v.id JOIN products p ON p.id = vp.product_id', value: 'vp.product_id', label: 'MAX(p.name)' },
  brand: { from: 'JOIN brands b ON b.id = v.brand_id', value: 'v.brand_id', label: 'MAX(b.name)' },
  audio_labels: { from: ', json_each(v.audio_labels) j', value: 'j.value' },
  sponsored_by: { from: '', value: 'v.sponsored_by' },
  topics: { from: ", json_each(v.topics) j", value: "json_extract(j.value, '$.topic')" },
  subTopics: { from: ", json_each(v.topics) j0, json_each(j0.value, '$.subTopics') j", value: 'j.value' },
  visual_content: { from: '', value: "json_extract(v.brand_safety, '$.visual_content')" },
  foul_language: { from: '', value: "json_extract(v.brand_safety, '$.foul_language')" },
};

/** The tab's filter options, one grouped query per family. */
export function facetsInSql(db: Database.Database, scope: BrandScope, tab: VideoTab): VideoFilterOptions {
  const where = tabSql(tab, scope);
  const filters = {} as Record<keyof VideoFilterOptions, FilterOption[]>;
  for (const [name, facet] of Object.entries(FACETS) as [keyof VideoFilterOptions, (typeof FACETS)[keyof VideoFilterOptions]][]) {
    const rows = db
      .prepare(`SELECT ${facet.value} AS value, ${facet.label ?? facet.value} AS label, COUNT(DISTINCT v.id) AS count
        FROM videos v ${facet.from} WHERE ${where.sql} GROUP BY 1 ORDER BY count DESC, value`)
      .all(...where.params) as OptionRow[];
    filters[name] = rows.filter((row) => row.value !== null && row.value !== '').map((row) => ({ value: String(row.value), label: String(row.label ?? row.value), count: row.count }));
  }
  return filters;
}
