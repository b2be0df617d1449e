import { inList, type SqlClient } from '../../db/sqlClient';
import type { Person } from '../../../shared/http/team.schemas';
import { PERSON_NAME, personOf } from '../team/authorship';
import { favoriteWrites } from './personalFavorites';
import type { BrandScope } from './videoScope';

/** The brand's marks; a favorite is one person's (`favorite` / `unfavorite`). */
type Mark = 'flag' | 'trash';
const FAVORITES = favoriteWrites('video');

const ADD = "INSERT INTO marks (mark, kind, target_id, brand_id, user_id, reason, created_at) VALUES (?, 'video', ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING";
const REMOVE = "DELETE FROM marks WHERE mark = ? AND kind = 'video' AND brand_id = ? AND target_id = ?";
const IS_TRASHED = "SELECT 1 AS one FROM marks WHERE mark = 'trash' AND kind = 'video' AND brand_id = ? AND target_id = ?";
const REMOVED = 'SELECT video_id FROM video_removals WHERE brand_id = ?';
const PUBLISH = 'UPDATE videos SET published = ?, updated_at = ? WHERE id = ? AND brand_id = ? AND published != ?';

/** Personal favorites, per-brand flags and trash of videos, permanent delete and publish (spec §4 transitions), on either engine. */
export function createVideoMarksRepository(sql: SqlClient) {
  /** Runs `write` for each id in one transaction; answers how many rows the writes changed. */
  const eachCounted = (ids: readonly string[], write: (tx: SqlClient, id: string) => Promise<{ changes: number }>): Promise<number> =>
    sql.transaction(async (tx) => {
      let count = 0;
      for (const id of ids) count += (await write(tx, id)).changes;
      return count;
    });

  return {
    /**
     * The owning brand of each id the acting brand can see (its own or a competitor's, not removed from its view).
     * Ids it cannot see are missing from the map.
     */
    async ownersOf(scope: BrandScope, ids: readonly string[]): Promise<Map<string, string>> {
      const allowed = new Set([scope.brandId, ...scope.competitorIds]);
      const list = inList(sql, 'id', [...new Set(ids)]);
      const rows = await sql.all<{ id: string; brand_id: string }>(`SELECT id, brand_id FROM videos WHERE ${list.sql}`, [list.param]);
      const removedList = inList(sql, 'video_id', rows.map((row) => row.id));
      const removed = new Set(
        (await sql.all<{ video_id: string }>(`${REMOVED} AND ${removedList.sql}`, [scope.brandId, removedList.param])).map((row) => row.video_id),
      );
      return new Map(rows.filter((row) => allowed.has(row.brand_id) && !removed.has(row.id)).map((row) => [row.id, row.brand_id]));
    },

    /** Who flagged the video for the brand and when (null when it is not flagged). */
    async flagOf(brandId: string, videoId: string): Promise<{ flagged_by: Person | null; flagged_at: string } | null> {
      const row = await sql.get<{ user_id: string | null; name: string | null; created_at: string }>(
        `SELECT m.user_id, ${PERSON_NAME('u')} AS name, m.created_at FROM marks m LEFT JOIN users u ON u.id = m.user_id
         WHERE m.mark = 'flag' AND m.kind = 'video' AND m.brand_id = ? AND m.target_id = ?`,
        [brandId, videoId],
      );
      return row ? { flagged_by: personOf(row.user_id, row.name), flagged_at: row.created_at } : null;
    },
    /** Sets a mark on each video; returns how many were newly marked. */
    mark(mark: Mark, brandId: string, userId: string, ids: readonly string[], at: string, reason: string | null = null): Promise<number> {
      return eachCounted(ids, (tx, id) => tx.run(ADD, [mark, id, brandId, userId, reason, at]));
    },

    /** Adds each video to the person's own favorites; returns how many were newly added. */
    favorite(brandId: string, userId: string, ids: readonly string[], at: string): Promise<number> {
      return eachCounted(ids, (tx, id) => FAVORITES.add(tx, brandId, userId, id, at));
    },

    /** Takes each video out of the person's own favorites (a teammate's stay); returns how many were there. */
    unfavorite(brandId: string, userId: string, ids: readonly string[]): Promise<number> {
      return eachCounted(ids, (tx, id) => FAVORITES.remove(tx, brandId, userId, id));
    },

    /** Clears a mark; returns how many videos had it. */
    unmark(mark: Mark, brandId: string, ids: readonly string[]): Promise<number> {
      return eachCounted(ids, (tx, id) => tx.run(REMOVE, [mark, brandId, id]));
    },

    /**
     * Permanent delete of trashed videos: own videos (owner = acting brand) are deleted with their transcripts, people,
     * products and every brand's marks and notes; competitor videos leave only this brand's view. Untrashed ids are skipped.
     */
    deleteTrashed(brandId: string, owned: ReadonlyMap<string, string>, at: string): Promise<number> {
      return sql.transaction(async (tx) => {
        let count = 0;
        for (const [id, owner] of owned) {
          if ((await tx.get(IS_TRASHED, [brandId, id])) === undefined) continue;
          if (owner === brandId) {
            await tx.run("DELETE FROM marks WHERE kind = 'video' AND target_id = ?", [id]);
            await FAVORITES.dropTarget(tx, id, null);
            await tx.run("DELETE FROM notes WHERE kind = 'video' AND target_id = ?", [id]);
            count += (await tx.run('DELETE FROM videos WHERE id = ? AND brand_id = ?', [id, brandId])).changes;
          } else {
            await tx.run("DELETE FROM marks WHERE kind = 'video' AND brand_id = ? AND target_id = ?", [brandId, id]);
            await FAVORITES.dropTarget(tx, id, brandId);
            count += (await tx.run('INSERT INTO video_removals (brand_id, video_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', [brandId, id, at])).changes;
          }
        }
        return count;
      });
    },

    /** Publishes or unpublishes the brand's own videos to the shopper app; returns how many changed. */
    setPublished(brandId: string, ids: readonly string[], published: boolean, at: string): Promise<number> {
      const flag = published ? 1 : 0;
      return eachCounted(ids, (tx, id) => tx.run(PUBLISH, [flag, at, id, brandId, flag]));
    },
  };
}

export type VideoMarksRepository = ReturnType<typeof createVideoMarksRepository>;
