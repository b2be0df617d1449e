/**
 * Bookmarks and page suggestions of the layout's search box (spec §3, §7 Layout; issue 5).
 *
 * Mounted under the main API, so the paths are `/jwt_api/api/bookmarks/data` and `/jwt_api/api/bookmarks/update`
 * (the renderer calls them through the main-API client as `/api/bookmarks/...`): bookmarks are per user and need
 * the bearer, which only the main client carries.
 */
import { z } from 'zod';

export const BookmarkEntrySchema = z.object({
  id: z.number().int(),
  /** A stable key of the page, e.g. 'videos'. */
  target: z.string(),
  title: z.string(),
  /** An icon name of the layout's icon set. */
  icon: z.string(),
  /** The app route the entry opens. */
  link: z.string(),
  isBookmarked: z.boolean(),
});
export type BookmarkEntry = z.infer<typeof BookmarkEntrySchema>;

/** GET /api/bookmarks/data 200: every page (suggestions) and the bookmarked ones. */
export const BookmarksDataResponseSchema = z.object({ suggestions: z.array(BookmarkEntrySchema), bookmarks: z.array(BookmarkEntrySchema) });
/** POST /api/bookmarks/update body: toggles isBookmarked of one page for the signed-in user; 404 for an unknown id. */
export const BookmarkUpdateBodySchema = z.object({ id: z.number().int().nonnegative() });
export const BookmarkUpdateResponseSchema = z.object({ entry: BookmarkEntrySchema });
