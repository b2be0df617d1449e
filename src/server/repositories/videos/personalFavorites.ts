import type { SqlClient } from '../../db/sqlClient';

/**
 * One person's favorite of a video or product (issue 29: favorites are personal, flags and trash are the brand's). Each
 * write answers how many rows it changed, for the routes' "N added to favorites".
 */
export function favoriteWrites(kind: 'video' | 'product') {
  return {
    add: (tx: SqlClient, brandId: string, userId: string, targetId: string, at: string): Promise<{ changes: number }> =>
      tx.run('INSERT INTO favorites (brand_id, user_id, kind, target_id, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING', [brandId, userId, kind, targetId, at]),
    remove: (tx: SqlClient, brandId: string, userId: string, targetId: string): Promise<{ changes: number }> =>
      tx.run('DELETE FROM favorites WHERE brand_id = ? AND user_id = ? AND kind = ? AND target_id = ?', [brandId, userId, kind, targetId]),
    /** Every favorite of the target (it is deleted for good), or only the brand's teammates' (it leaves the brand's view). */
    dropTarget: (tx: SqlClient, targetId: string, brandId: string | null): Promise<{ changes: number }> =>
      brandId === null
        ? tx.run('DELETE FROM favorites WHERE kind = ? AND target_id = ?', [kind, targetId])
        : tx.run('DELETE FROM favorites WHERE kind = ? AND target_id = ? AND brand_id = ?', [kind, targetId, brandId]),
  };
}
