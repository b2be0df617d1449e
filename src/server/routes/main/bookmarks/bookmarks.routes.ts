import type { FastifyInstance } from 'fastify';
import { BookmarkUpdateBodySchema, BookmarkUpdateResponseSchema, BookmarksDataResponseSchema, type BookmarkEntry } from '../../../../shared/http/bookmarks.schemas';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';
import { notFound } from '../../../http/httpError';

/** The app's pages the search box offers (ids are stable: bookmarks refer to them). */
export const BOOKMARK_PAGES: readonly Omit<BookmarkEntry, 'isBookmarked'>[] = [
  { id: 1, target: 'home', title: 'Home', icon: 'Home', link: '/home' },
  { id: 2, target: 'videos', title: 'Videos', icon: 'Video', link: '/videos' },
  { id: 3, target: 'products', title: 'Products', icon: 'ShoppingBag', link: '/products' },
  { id: 4, target: 'creators', title: 'Creators', icon: 'Users', link: '/creators' },
  { id: 5, target: 'campaigns', title: 'Campaigns', icon: 'Flag', link: '/campaigns' },
  { id: 6, target: 'licensing', title: 'License Agreements', icon: 'FileText', link: '/licensing' },
  { id: 7, target: 'chat', title: 'Chat', icon: 'MessageSquare', link: '/chat' },
  { id: 8, target: 'reports', title: 'Reports', icon: 'BarChart2', link: '/reports' },
  { id: 9, target: 'app-manager', title: 'App Manager', icon: 'Smartphone', link: '/app-manager' },
  { id: 10, target: 'widgets', title: 'Widget Builder', icon: 'Layout', link: '/widgets' },
  { id: 11, target: 'assistant', title: 'Assistant', icon: 'HelpCircle', link: '/assistant' },
  { id: 12, target: 'settings', title: 'Settings', icon: 'Settings', link: '/settings' },
];

/**
 * GET /api/bookmarks/data and POST /api/bookmarks/update, under the main prefix (see bookmarks.schemas.ts):
 * per-user bookmarks of the layout's pages.
 */
export function registerBookmarkRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const repo = ctx.repos.bookmarks;
  const entries = async (userId: string): Promise<{ suggestions: BookmarkEntry[]; bookmarks: BookmarkEntry[] }> => {
    const marked = await repo.pageIds(userId);
    const suggestions = BOOKMARK_PAGES.map((page) => ({ ...page, isBookmarked: marked.includes(page.id) }));
    const bookmarks = marked.flatMap((id) => suggestions.filter((page) => page.id === id));
    return { suggestions, bookmarks };
  };

  defineRoute(app, {
    method: 'GET', url: '/api/bookmarks/data', auth: 'bearer', tags: ['layout'], summary: 'Pages the search box suggests and the user\'s bookmarks',
    response: { 200: BookmarksDataResponseSchema },
    handler: ({ auth }) => entries(auth.userId),
  });

  defineRoute(app, {
    method: 'POST', url: '/api/bookmarks/update', auth: 'bearer', tags: ['layout'], summary: 'Toggles the bookmark of one page for the user',
    body: BookmarkUpdateBodySchema, response: { 200: BookmarkUpdateResponseSchema },
    handler: async ({ body, auth }) => {
      const page = BOOKMARK_PAGES.find((entry) => entry.id === body.id);
      if (!page) throw notFound();
      const isBookmarked = await repo.toggle(auth.userId, page.id, ctx.now().toISOString());
      return { entry: { ...page, isBookmarked } };
    },
  });
}
