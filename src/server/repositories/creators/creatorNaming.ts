import { randomUUID } from 'node:crypto';
import type { SqlClient } from '../../db/sqlClient';

/** Who a creator named on a video is: the brand's own people (an upload) or a fan who sent it through a campaign page. */
export type NamedCreatorType = 'brand' | 'fan';

export interface CreatorNameRequest {
  brandId: string;
  name: string;
  platform: string;
  language: string;
  type: NamedCreatorType;
  at: string;
}

/** A handle for a creator known only by name: "@" and the name's letters and digits, in any script. */
export function handleFromName(name: string): string {
  const slug = name.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  return `@${slug || 'creator'}`;
}

/**
 * Finds the brand's creator called `name` (same letters, any case) or adds one, so a video that arrived without a
 * creator (an upload, a campaign submission) can be given one by name. The new creator has no audience figures yet and
 * no country (a person sets it on the creator's page).
 */
export function createCreatorNaming(sql: SqlClient) {
  return {
    /** The creator's id, added when the brand has none of that name. */
    async findOrAdd(request: CreatorNameRequest): Promise<string> {
      const existing = await sql.get<{ id: string }>(
        'SELECT id FROM creators WHERE brand_id = ? AND lower(trim(name)) = lower(trim(?)) ORDER BY created_at, id LIMIT 1', [request.brandId, request.name],
      );
      if (existing) return existing.id;
      const id = randomUUID();
      const name = request.name.trim();
      await sql.run(
        `INSERT INTO creators (id, brand_id, name, handle, platform, country, language, subscribers, video_count, creator_type, created_at)
         VALUES (?, ?, ?, ?, ?, '', ?, 0, 0, ?, ?)`,
        [id, request.brandId, name, handleFromName(name), request.platform, request.language, request.type, request.at],
      );
      return id;
    },
    /**
     * Keeps a named creator's video count true after a video joins it, and gives a creator known only from our videos
     * the date of its newest one (the Creators list shows a creator by that date: without it the new creator is hidden).
     */
    async recount(creatorId: string): Promise<void> {
      await sql.run(
        `UPDATE creators SET video_count = (SELECT COUNT(*) FROM videos WHERE creator_id = ?),
           latest_platform_video_published_at = COALESCE(latest_platform_video_published_at,
             (SELECT MAX(COALESCE(v.published_at, v.created_at)) FROM videos v WHERE v.creator_id = ?))
         WHERE id = ?`,
        [creatorId, creatorId, creatorId],
      );
    },
  };
}
export type CreatorNaming = ReturnType<typeof createCreatorNaming>;
