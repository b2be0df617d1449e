import type { Locator, Page, Response } from '@playwright/test';
import type { VideoListResponse } from '../../../src/shared/http/videos.schemas';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The videos list: tabs, toolbar, filters, summary, rows, check mode and bulk actions. */
export class VideosListPage {
  readonly count: Locator;
  readonly rows: Locator;
  readonly filtersButton: Locator;
  readonly filterPanel: Locator;
  readonly selectionBar: Locator;
  readonly dialog: Locator;
  readonly sort: Locator;
  readonly perPage: Locator;
  readonly date: Locator;
  readonly search: Locator;

  constructor(readonly page: Page) {
    this.count = page.getByTestId('videos-count');
    this.rows = page.getByRole('table', { name: 'Videos' }).locator('.vtable__body [role="row"]');
    this.filtersButton = page.getByRole('button', { name: /^Filters/ });
    this.filterPanel = page.getByRole('region', { name: 'Filters' });
    this.selectionBar = page.getByRole('toolbar');
    this.dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    this.sort = page.getByRole('combobox', { name: 'Sort', exact: true });
    this.perPage = page.getByRole('combobox', { name: 'Per page', exact: true });
    this.date = page.getByRole('combobox', { name: 'Date', exact: true });
    this.search = page.getByRole('searchbox', { name: 'Search videos' });
  }

  /** Waits for the next GET /videos answer that `action` causes and returns its body. */
  async load(action: () => Promise<unknown>): Promise<VideoListResponse> {
    const answer = this.page.waitForResponse((response: Response) => /\/jwt_api\/videos\?/.test(response.url()) && response.request().method() === 'GET');
    await action();
    const response = await answer;
    return (await response.json()) as VideoListResponse;
  }

  async open(): Promise<VideoListResponse> {
    return this.load(() => this.page.getByRole('navigation').getByRole('link', { name: 'Videos' }).click());
  }

  tab(label: string): Locator {
    return this.page.getByRole('tab', { name: label, exact: true });
  }

  async countValue(): Promise<number> {
    return Number((await this.count.innerText()).replace(/[^0-9]/g, ''));
  }

  group(legend: string): Locator {
    return this.filterPanel.getByRole('group', { name: legend, exact: true });
  }

  /** A filter option checkbox by its label (the accessible name also carries the count). */
  option(legend: string, label: string): Locator {
    return this.group(legend).getByRole('checkbox', { name: new RegExp(`^${escape(label)}( \\d+)?$`) });
  }

  chip(label: string): Locator {
    return this.page.getByRole('button', { name: `Remove filter ${label}` });
  }

  /** Starts check mode for an action ("Move to trash", "Favorite", ...). */
  async startCheck(start: string): Promise<void> {
    await this.page.getByRole('toolbar', { name: 'Select videos to' }).getByRole('button', { name: start, exact: true }).click();
  }

  rowCheckbox(index: number): Locator {
    return this.rows.nth(index).getByRole('checkbox');
  }

  rowTitle(index: number): Locator {
    return this.rows.nth(index).locator('.video-title__open');
  }

  /** The action button of the active check mode (its name carries the selection count). */
  actionButton(verb: string): Locator {
    return this.page.getByRole('toolbar').getByRole('button', { name: new RegExp(`^${escape(verb)}( \\(\\d+\\))?$`) });
  }
}
