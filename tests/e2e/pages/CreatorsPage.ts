import type { Locator, Page, Response } from '@playwright/test';
import type { CreatorListResponse } from '../../../src/shared/http/creators.schemas';

/** The creators list (/creators): tabs, toolbar, filters, rows, check mode, CSV and contact; and the detail. */
export class CreatorsPage {
  readonly count: Locator;
  readonly rows: Locator;
  readonly filtersButton: Locator;
  readonly filterPanel: Locator;
  readonly sort: Locator;
  readonly perPage: Locator;
  readonly date: Locator;
  readonly search: Locator;
  readonly csvButton: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.count = page.getByTestId('creators-count');
    this.rows = page.getByTestId('creator-row');
    this.filtersButton = page.getByRole('button', { name: /^Filters/ });
    this.filterPanel = page.getByRole('region', { name: 'Creator filters' });
    this.sort = page.getByRole('combobox', { name: 'Sort', exact: true });
    this.perPage = page.getByRole('combobox', { name: 'Per page', exact: true });
    this.date = page.getByRole('combobox', { name: 'Date', exact: true });
    this.search = page.getByRole('searchbox', { name: 'Search creators' });
    this.csvButton = page.getByRole('button', { name: 'Download CSV' });
    this.dialog = page.getByRole('dialog');
  }

  /** Waits for the next GET /influencers answer that `action` causes and returns its body. */
  async load(action: () => Promise<unknown>): Promise<CreatorListResponse> {
    const answer = this.page.waitForResponse((response: Response) => /\/jwt_api\/influencers\?/.test(response.url()) && response.request().method() === 'GET');
    await action();
    const response = await answer;
    return (await response.json()) as CreatorListResponse;
  }

  async open(): Promise<CreatorListResponse> {
    return this.load(() => this.page.getByRole('navigation').getByRole('link', { name: 'Creators' }).click());
  }

  tab(label: string): Locator {
    return this.page.getByRole('tab', { name: label, exact: true });
  }

  rowName(index: number): Locator {
    return this.rows.nth(index).getByRole('link');
  }

  group(legend: string): Locator {
    return this.filterPanel.getByRole('group', { name: legend, exact: true });
  }

  checkbox(label: RegExp | string): Locator {
    return this.filterPanel.getByRole('checkbox', { name: label });
  }
}
