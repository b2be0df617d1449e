import type Database from 'better-sqlite3';
import type { BrandScope } from './videoScope';

type Mark = 'favorite' | 'flag' | 'trash';

/** Per-brand favorites, flags and trash of videos, permanent delete and publish (spec §4 transitions). */
export function createVideoMarksRepository(db: Database.Database) {
  const add = db.prepare("INSERT OR IGNORE INTO marks (mark, kind, target_id, brand_id, user_id, reason, created_at) VALUES (?, 'video', ?, ?, ?, ?, ?)");
  const remove = db.prepare("DELETE FROM marks WHERE mark = ? AND kind = 'video' AND brand_id = ? AND target_id = ?");
  const isTrashed = db.prepare("SELECT 1 FROM marks WHERE mark = 'trash' AND kind = 'video' AND brand_id = ? AND target_id = ?").pluck();
  const owners = db.prepare('SELECT id, brand_id FROM videos WHERE id IN (SELECT value FROM json_each(?))');
  const removed = db.prepare('SELECT 1 FROM video_removals WHERE brand_id = ? AND video_id = ?').pluck();
  const deleteVideo = db.prepare('DELETE FROM videos WHERE id = ? AND brand_id = ?');
  const deleteMarksOf = db.prepare("DELETE FROM marks WHERE kind = 'video' AND target_id = ?");
  const deleteNotesOf = db.prepare("DELETE FROM notes WHERE kind = 'video' AND target_id = ?");
  const deleteBrandMarks = db.prepare("DELETE FROM marks WHERE kind = 'video' AND brand_id = ? AND target_id = ?");
  const hide = db.prepare('INSERT OR IGNORE INTO video_removals (brand_id, video_id, created_at) VALUES (?, ?, ?)');
  const publish = db.prepare('UPDATE videos SET published = ?, updated_at = ? WHERE id = ? AND brand_id = ? AND published != ?');

  return {
    /**
     * The owning brand of each id the acting brand can see (its own or a competitor's, not removed from its view).
     * Ids it cannot see are missing from the map.
     */
    ownersOf(scope: BrandScope, ids: readonly string[]): Map<string, string> {
      const allowed = new Set([scope.brandId, ...scope.competitorIds]);
      const rows = owners.all(JSON.stringify([...new Set(ids)])) as { id: string; brand_id: string }[];
      return new Map(rows.filter((row) => allowed.has(row.brand_id) && removed.get(scope.brandId, row.id) === undefined).map((row) => [row.id, row.brand_id]));
    },

    /** Sets a mark on each video; returns how many were newly marked. */
    mark(mark: Mark, brandId: string, userId: string, ids: readonly string[], at: string, reason: string | null = null): number {
      return db.transaction(() => ids.reduce((count, id) => count + add.run(mark, id, brandId, userId, reason, at).changes, 0))();
    },

    /** Clears a mark; returns how many videos had it. */
    unmark(mark: Mark, brandId: string, ids: readonly string[]): number {
      return db.transaction(() => ids.reduce((count, id) => count + remove.run(mark, brandId, id).changes, 0))();
    },

    /**
     * Permanent delete of trashed videos: own videos (owner = acting brand) are deleted with their transcripts, people,
     * products and every brand's marks and notes; competitor videos leave only this brand's view. Untrashed ids are skipped.
     */
    deleteTrashed(brandId: string, owned: ReadonlyMap<string, string>, at: string): number {
      return db.transaction(() => {
        let count = 0;
        for (const [id, owner] of owned) {
          if (isTrashed.get(brandId, id) === undefined) continue;
          if (owner === brandId) {
            deleteMarksOf.run(id);
            deleteNotesOf.run(id);
            count += deleteVideo.run(id, brandId).changes;
          } else {
            deleteBrandMarks.run(brandId, id);
            count += hide.run(brandId, id, at).changes;
          }
        }
        return count;
      })();
    },

    /** Publishes or unpublishes the brand's own videos to the shopper app; returns how many changed. */
    setPublished(brandId: string, ids: readonly string[], published: boolean, at: string): number {
      const flag = published ? 1 : 0;
      return db.transaction(() => ids.reduce((count, id) => count + publish.run(flag, at, id, brandId, flag).changes, 0))();
    },
  };
}

export type VideoMarksRepository = ReturnType<typeof createVideoMarksRepository>;
