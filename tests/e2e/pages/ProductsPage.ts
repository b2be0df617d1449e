import type { Locator, Page, Response } from '@playwright/test';
import type { ProductDetailResponse, ProductListResponse } from '../../../src/shared/http/products.schemas';
import { ListPage } from './ListPage';

/** The products list and detail: the shared list parts, search, the trending toggle and opening a product. */
export class ProductsPage extends ListPage<ProductListResponse> {
  readonly trending: Locator;
  readonly search: Locator;
  /** The product-name suggestions of the search box (a datalist: its options are not shown as rows). */
  readonly suggestions: Locator;

  constructor(page: Page) {
    super(page, { navLink: 'Products', table: 'Products', countTestId: 'products-count', listUrl: /\/jwt_api\/products\?/, checkToolbar: 'Select products to' });
    this.trending = page.getByRole('checkbox', { name: 'Trending only' });
    // A search input with suggestions (a datalist) is a combobox to assistive technology.
    this.search = page.getByRole('combobox', { name: 'Search products' });
    this.suggestions = page.getByTestId('products-search-suggestions').locator('option');
  }

  /** Opens a product's detail by its name link and answers GET /products/:id. */
  async openDetail(name: string): Promise<ProductDetailResponse> {
    const answer = this.page.waitForResponse(
      (response: Response) =>
        /\/jwt_api\/products\/[^/?]+\?/.test(response.url()) && response.request().method() === 'GET' && !/product_note/.test(response.url()),
    );
    await this.page.getByRole('link', { name, exact: true }).first().click();
    return (await (await answer).json()) as ProductDetailResponse;
  }

  /** "Select all N matching" of the active check mode; resolves once the ids have been asked for. */
  async selectAllMatching(count: number): Promise<void> {
    const ids = this.page.waitForResponse((response: Response) => /\/jwt_api\/products\/get_product_ids\?/.test(response.url()));
    await this.page.getByRole('button', { name: `Select all ${count} matching` }).click();
    await ids;
  }
}
