import type { Locator, Page, Response } from '@playwright/test';

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where a list screen lives: its nav link, table, count, list call and check-mode toolbar. */
export interface ListPageShape {
  navLink: string;
  table: string;
  countTestId: string;
  /** Matches the URL of the GET list call (e.g. /\/jwt_api\/videos\?/). */
  listUrl: RegExp;
  /** Accessible name of the toolbar that starts a check mode ("Select videos to"). */
  checkToolbar: string;
}

/** What the videos, products and creators list pages share: tabs, toolbar, filters, count, rows and check mode. */
export class ListPage<Body> {
  readonly count: Locator;
  readonly rows: Locator;
  readonly filtersButton: Locator;
  readonly filterPanel: Locator;
  readonly selectionBar: Locator;
  readonly dialog: Locator;
  readonly sort: Locator;
  readonly perPage: Locator;

  constructor(readonly page: Page, private readonly shape: ListPageShape) {
    this.count = page.getByTestId(shape.countTestId);
    this.rows = page.getByRole('table', { name: shape.table }).locator('.vtable__body [role="row"]');
    this.filtersButton = page.getByRole('button', { name: /^Filters/ });
    this.filterPanel = page.getByRole('region', { name: 'Filters' });
    this.selectionBar = page.getByRole('toolbar');
    this.dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    this.sort = page.getByRole('combobox', { name: 'Sort', exact: true });
    this.perPage = page.getByRole('combobox', { name: 'Per page', exact: true });
  }

  /**
   * Waits for the next GET list answer that `action` causes and returns its body; `accept` narrows it to the request
   * that carries the action's change (an answer to an earlier change may still be on its way).
   */
  async load(action: () => Promise<unknown>, accept: (url: URL) => boolean = () => true): Promise<Body> {
    const answer = this.page.waitForResponse((response: Response) => this.shape.listUrl.test(response.url()) && response.request().method() === 'GET' && accept(new URL(response.url())));
    await action();
    const response = await answer;
    return (await response.json()) as Body;
  }

  async open(): Promise<Body> {
    return this.load(() => this.page.getByRole('navigation').getByRole('link', { name: this.shape.navLink }).click());
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
    return this.group(legend).getByRole('checkbox', { name: new RegExp(`^${escapeRegExp(label)}( \\d+)?$`) });
  }

  chip(label: string): Locator {
    return this.page.getByRole('button', { name: `Remove filter ${label}` });
  }

  /** Starts check mode for an action ("Move to trash", "Favorite", ...). */
  async startCheck(start: string): Promise<void> {
    await this.page.getByRole('toolbar', { name: this.shape.checkToolbar }).getByRole('button', { name: start, exact: true }).click();
  }

  rowCheckbox(index: number): Locator {
    return this.rows.nth(index).getByRole('checkbox');
  }

  /** The action button of the active check mode (its name carries the selection count). */
  actionButton(verb: string): Locator {
    return this.page.getByRole('toolbar').getByRole('button', { name: new RegExp(`^${escapeRegExp(verb)}( \\(\\d+\\))?$`) });
  }
}
