import type { Locator, Page, Response } from '@playwright/test';
import type { ProductDetailResponse, ProductListResponse } from '../../../src/shared/http/products.schemas';
import { ListPage } from './ListPage';

/** The products list and detail: the shared list parts, the trending toggle and opening a product. */
export class ProductsPage extends ListPage<ProductListResponse> {
  readonly trending: Locator;

  constructor(page: Page) {
    super(page, { navLink: 'Products', table: 'Products', countTestId: 'products-count', listUrl: /\/jwt_api\/products\?/, checkToolbar: 'Select products to' });
    this.trending = page.getByRole('checkbox', { name: 'Trending only' });
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
}
