import { inList, type SqlClient } from '../../db/sqlClient';
import type { Platform } from '../../../shared/constants';
import type { BrandScope } from './videoScope';

export interface VideoAssociation {
  video_id: string;
  title: string;
  thumbnail_url: string | null;
  platform: Platform;
  kind: string;
  score: number;
}

/** The most associated videos one answer lists: a product reviewed by thousands of videos lists its closest. */
export const ASSOCIATIONS_LIMIT = 50;

/**
 * Kinds worked out from the data, each with its score: the same creator on one of the same products, the same
 * creator, another video naming one of the same products (a review of it; closer the more products it shares).
 */
const DERIVED_KINDS = ['same_creator_and_product', 'same_creator', 'same_product'] as const;

/**
 * What a video is associated with (issue 26 item 17: the detail said "nothing related" beside another video of the
 * same creator on the same product and some 25 reviews of it). Same creator and same product are derived from the
 * videos and their products, never stored, so they follow every upload, analysis and edit; stored links add what the
 * data cannot tell (a response, a duet, a competitor named in the transcript). Only videos the acting brand may see:
 * its own and its competitors', not removed from its view.
 */
export function createVideoAssociations(sql: SqlClient) {
  // SQLite's two-argument MIN is PostgreSQL's LEAST; the score is a double on both (PostgreSQL would answer numeric).
  const least = sql.engine === 'postgres' ? 'LEAST' : 'MIN';
  const derived = (brands: string) =>
    `WITH me AS (SELECT creator_id FROM videos WHERE id = ?),
          mine AS (SELECT product_id FROM video_products WHERE video_id = ?),
          candidates AS (
            SELECT id FROM videos WHERE creator_id = (SELECT creator_id FROM me)
            UNION SELECT vp.video_id FROM video_products vp WHERE vp.product_id IN (SELECT product_id FROM mine)
          ),
          related AS (
            SELECT v.id, v.title, v.thumbnail_url, v.platform, v.created_at,
              (v.creator_id IS NOT NULL AND v.creator_id = (SELECT creator_id FROM me)) AS creator,
              (SELECT COUNT(*) FROM video_products vp WHERE vp.video_id = v.id AND vp.product_id IN (SELECT product_id FROM mine)) AS shared
            FROM candidates c JOIN videos v ON v.id = c.id
            WHERE v.id != ? AND ${brands}
              AND NOT EXISTS (SELECT 1 FROM video_removals r WHERE r.brand_id = ? AND r.video_id = v.id)
          )
     SELECT id AS video_id, title, thumbnail_url, platform,
       CASE WHEN creator AND shared > 0 THEN '${DERIVED_KINDS[0]}' WHEN creator THEN '${DERIVED_KINDS[1]}' ELSE '${DERIVED_KINDS[2]}' END AS kind,
       CAST(CASE WHEN creator AND shared > 0 THEN 0.95 WHEN creator THEN 0.8 ELSE ${least}(0.9, 0.6 + 0.1 * (shared - 1)) END AS DOUBLE PRECISION) AS score
     FROM related WHERE creator OR shared > 0
     ORDER BY score DESC, created_at DESC, id LIMIT ${ASSOCIATIONS_LIMIT}`;
  // Stored links of the kinds the data cannot tell; stored same-creator or same-product links are superseded above.
  const stored = (brands: string) =>
    `SELECT a.other AS video_id, v.title, v.thumbnail_url, v.platform, a.kind, a.score FROM (
       SELECT associated_video_id AS other, kind, score FROM video_associations WHERE video_id = ?
       UNION SELECT video_id AS other, kind, score FROM video_associations WHERE associated_video_id = ?
     ) a JOIN videos v ON v.id = a.other
     WHERE a.kind NOT IN (${DERIVED_KINDS.map((kind) => `'${kind}'`).join(', ')}) AND ${brands}
       AND NOT EXISTS (SELECT 1 FROM video_removals r WHERE r.brand_id = ? AND r.video_id = v.id)`;

  /** The videos associated with one, closest first (one entry per video: its closest kind). */
  return async (scope: BrandScope, videoId: string): Promise<VideoAssociation[]> => {
    const brands = inList(sql, 'v.brand_id', [scope.brandId, ...scope.competitorIds]);
    const closest = new Map<string, VideoAssociation>();
    const rows = [
      ...(await sql.all<VideoAssociation>(derived(brands.sql), [videoId, videoId, videoId, brands.param, scope.brandId])),
      ...(await sql.all<VideoAssociation>(stored(brands.sql), [videoId, videoId, brands.param, scope.brandId])),
    ];
    for (const row of rows) {
      const known = closest.get(row.video_id);
      if (!known || row.score > known.score) closest.set(row.video_id, row);
    }
    return [...closest.values()].sort((a, b) => b.score - a.score).slice(0, ASSOCIATIONS_LIMIT);
  };
}
