import type { SqlClient } from '../db/sqlClient';

/** Pages a user bookmarked in the layout's search box; the same texts on both engines. */
export function createBookmarksRepository(sql: SqlClient) {
  return {
    /** Bookmarked page ids, oldest bookmark first. */
    async pageIds(userId: string): Promise<number[]> {
      const rows = await sql.all<{ page_id: number }>('SELECT page_id FROM bookmarks WHERE user_id = ? ORDER BY created_at, page_id', [userId]);
      return rows.map((row) => Number(row.page_id));
    },
    /** Flips the bookmark; returns the new state. */
    toggle(userId: string, pageId: number, at: string): Promise<boolean> {
      return sql.transaction(async (tx) => {
        if ((await tx.run('DELETE FROM bookmarks WHERE user_id = ? AND page_id = ?', [userId, pageId])).changes > 0) return false;
        await tx.run('INSERT INTO bookmarks (user_id, page_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', [userId, pageId, at]);
        return true;
      });
    },
  };
}
export type BookmarksRepository = ReturnType<typeof createBookmarksRepository>;
