import type { SqlClient } from '../../db/sqlClient';
import { VideoListQuerySchema } from '../../../shared/http/videos.schemas';
import type { VideoSearchIndex } from '../../search/videoSearchIndex';
import { dateWindow } from './videoDates';
import type { VideoFacets } from './videoFacets';
import type { VideoListRepository } from './videoListRepository';

/**
 * The brand a person most likely opens first after a start: the one whose member was active last; on a workspace no
 * one has used yet (a fresh seed), the member brand with the most videos. Null without members.
 */
async function likelyFirstBrand(sql: SqlClient, index: VideoSearchIndex): Promise<string | null> {
  const rows = await sql.all<{ brand_id: string; active: string | null }>(
    'SELECT brand_id, MAX(last_active_at) AS active FROM brand_members GROUP BY brand_id',
  );
  if (rows.length === 0) return null;
  const newest = rows.reduce<string | null>((latest, row) => (row.active !== null && (latest === null || row.active > latest) ? row.active : latest), null);
  if (newest !== null) return rows.find((row) => row.active === newest)?.brand_id ?? null;
  const videos = new Map<string, number>();
  for (const brandId of index.columnsNow().brandId) videos.set(brandId, (videos.get(brandId) ?? 0) + 1);
  return rows.reduce((best, row) => ((videos.get(row.brand_id) ?? 0) > (videos.get(best) ?? 0) ? row.brand_id : best), rows[0]?.brand_id ?? '');
}

/**
 * Answers, once, the list a person most likely asks for first after a start (issue 27): the My Videos tab of the
 * likely brand. At 100k videos that first list waited for the brand's marks, its tab's filter options and code V8 had
 * not compiled yet, 200–600 ms on a busy machine; done while the person signs in, the first list finds them ready
 * (whichever brand it is for, the compiled code is shared).
 */
export async function warmFirstList(
  deps: { sql: SqlClient; index: VideoSearchIndex; list: VideoListRepository; facets: VideoFacets; competitorsOf: (brandId: string) => Promise<string[]> },
  now: Date,
): Promise<void> {
  await deps.index.ready();
  const brandId = await likelyFirstBrand(deps.sql, deps.index);
  if (brandId === null) return;
  const scope = { brandId, competitorIds: await deps.competitorsOf(brandId) };
  const query = VideoListQuerySchema.parse({ tab: 'My Videos' });
  await Promise.all([deps.list.listing(scope, query, dateWindow(query.date, now, query)), deps.facets.forTab(scope, query.tab)]);
}
