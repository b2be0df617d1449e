import type { AxiosInstance } from 'axios';
import type { BookmarkEntry } from '../../../shared/http/bookmarks.schemas';
import { BookmarksDataResponseSchema, BookmarkUpdateResponseSchema } from '../../../shared/http/bookmarks.schemas';

/** GET /api/bookmarks/data (under the main API: bookmarks are per user). */
export async function loadBookmarks(main: AxiosInstance) {
  return BookmarksDataResponseSchema.parse((await main.get('/api/bookmarks/data')).data);
}

/** POST /api/bookmarks/update {id}: toggles isBookmarked; answers the updated entry. */
export async function toggleBookmark(main: AxiosInstance, id: number): Promise<BookmarkEntry> {
  return BookmarkUpdateResponseSchema.parse((await main.post('/api/bookmarks/update', { id })).data).entry;
}

/** Entries matching the query (case-insensitive, title or target); bookmarked entries first; an empty query lists the bookmarks. */
export function matchEntries(entries: readonly BookmarkEntry[], query: string, limit = 8): BookmarkEntry[] {
  const needle = query.trim().toLowerCase();
  const found = needle === '' ? entries.filter((entry) => entry.isBookmarked) : entries.filter((entry) => `${entry.title} ${entry.target}`.toLowerCase().includes(needle));
  return [...found].sort((a, b) => Number(b.isBookmarked) - Number(a.isBookmarked)).slice(0, limit);
}
