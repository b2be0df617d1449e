import type Database from 'better-sqlite3';

/** Pages a user bookmarked in the layout's search box. */
export function createBookmarksRepository(db: Database.Database) {
  const list = db.prepare<[string], { page_id: number }>('SELECT page_id FROM bookmarks WHERE user_id = ? ORDER BY created_at, page_id');
  const insert = db.prepare('INSERT OR IGNORE INTO bookmarks (user_id, page_id, created_at) VALUES (?, ?, ?)');
  const remove = db.prepare('DELETE FROM bookmarks WHERE user_id = ? AND page_id = ?');
  return {
    /** Bookmarked page ids, oldest bookmark first. */
    pageIds: (userId: string): number[] => list.all(userId).map((row) => row.page_id),
    /** Flips the bookmark; returns the new state. */
    toggle(userId: string, pageId: number, at: string): boolean {
      return db.transaction(() => {
        if (remove.run(userId, pageId).changes > 0) return false;
        insert.run(userId, pageId, at);
        return true;
      })();
    },
  };
}
