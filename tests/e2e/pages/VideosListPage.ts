import type { Locator, Page } from '@playwright/test';
import type { VideoListResponse } from '../../../src/shared/http/videos.schemas';
import { ListPage } from './ListPage';

/** The videos list: tabs, toolbar, filters, summary, rows, check mode and bulk actions. */
export class VideosListPage extends ListPage<VideoListResponse> {
  readonly date: Locator;
  readonly search: Locator;

  constructor(page: Page) {
    super(page, { navLink: 'Videos', table: 'Videos', countTestId: 'videos-count', listUrl: /\/jwt_api\/videos\?/, checkToolbar: 'Select videos to' });
    this.date = page.getByRole('combobox', { name: 'Date', exact: true });
    this.search = page.getByRole('searchbox', { name: 'Search videos' });
  }

  rowTitle(index: number): Locator {
    return this.rows.nth(index).locator('.video-title__open');
  }
}
