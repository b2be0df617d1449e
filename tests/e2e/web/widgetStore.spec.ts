import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { STORE_UNREACHABLE } from '../../../src/server/routes/metrics/storeAddress';
import { callHost, expect, test } from '../support/fixtures';
import { signInAsManager } from '../support/signIn';
import { chooseWidgetVideos } from '../support/widgetBuilder';

// A one-pixel PNG: the product picture the stand-in store serves.
const PICTURE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNwmPsfAAN9AfqXt8TeAAAAAElFTkSuQmCC', 'base64');

/**
 * A storefront GraphQL API on 127.0.0.1 (the e2e stack's back end runs with the test-only
 * REELSCOPE_TEST_ALLOW_LOOPBACK_STORES=1): token `storefront-token` lists one product with its picture; token `broken`
 * lists one whose link is javascript:, an answer no widget may show.
 */
async function standInStore(): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/glow.png') return void response.writeHead(200, { 'content-type': 'image/png' }).end(PICTURE);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const link = request.headers['x-shopify-storefront-access-token'] === 'broken' ? 'javascript:alert(document.domain)' : 'https://shop.example/products/glow';
    request.resume().on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { products: {
      edges: [{ cursor: 'c1', node: { id: 'gid://shopify/Product/7', title: 'Store glow serum', onlineStoreUrl: link, featuredImage: { url: `${url}/glow.png` },
        priceRange: { minVariantPrice: { amount: '24.00', currencyCode: 'EUR' } }, variants: { edges: [{ node: { title: '30 ml' } }] } } }],
      pageInfo: { hasNextPage: false, endCursor: 'c1' },
    } } })));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

test('a connected store\'s products are tagged on a widget video; a store answering what no widget may show says so in one sentence', async ({ page, stack }) => {
  const store = await standInStore();
  try {
    await signInAsManager(page, stack.webUrl, '/settings');
    await page.getByLabel('Store URL').fill(store.url);
    await page.getByLabel('Storefront access token').fill('storefront-token');
    await page.getByRole('button', { name: 'Save shop' }).click();
    await expect(page.getByText(`Widgets now tag products from ${store.url}.`)).toBeVisible();

    await page.goto(`${stack.webUrl}/#/widgets`);
    await page.getByRole('link', { name: 'New widget' }).click();
    await page.getByLabel('Title', { exact: true }).fill('Store carousel');
    const { rows, firstTitle } = await chooseWidgetVideos(page);
    await page.getByRole('button', { name: `Tag products on ${firstTitle}` }).click();
    const tags = page.getByRole('dialog', { name: `Products in “${firstTitle}”` });
    await expect(tags.getByText(`From the store at ${store.url}.`)).toBeVisible();
    const product = tags.getByRole('list', { name: 'Shop inventory' }).getByRole('listitem');
    await expect(product).toHaveCount(1);
    await expect(product).toContainText('Store glow serum');
    await expect(product.locator('img')).toHaveAttribute('src', `${store.url}/glow.png`);
    await expect.poll(() => product.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    await product.getByRole('checkbox').check();
    await tags.getByRole('button', { name: 'Tag 1 product' }).click();
    await expect(rows.first()).toContainText('Store glow serum');
    await page.getByRole('button', { name: 'Create widget' }).click();
    await expect(page).toHaveURL(/#\/widgets\/[0-9a-f]{24}$/);
    await expect(page.getByRole('heading', { name: 'Edit Store carousel' })).toBeVisible();
    for (const skin of ['light', 'dark'] as const) {
      await callHost(stack, 'settings.update', { layout: { skin, rtl: false } });
      await page.reload();
      await page.getByRole('button', { name: `Tag products on ${firstTitle}` }).click();
      await expect(product.locator('img')).toBeVisible();
      await page.screenshot({ path: `artifacts/screenshots/widget-store-tags-${skin}.png` });
      await tags.getByRole('button', { name: 'Cancel' }).click();
    }
    await callHost(stack, 'settings.update', { layout: { skin: 'light', rtl: false } });

    // The same store, now answering a product whose link is javascript:: the documented 502, told in one sentence.
    await callHost(stack, 'settings.update', { shop: { storeUrl: store.url, storefrontToken: 'broken' } });
    await page.reload();
    await page.getByRole('button', { name: `Tag products on ${firstTitle}` }).click();
    await expect(page.getByRole('dialog', { name: `Products in “${firstTitle}”` })).toContainText(STORE_UNREACHABLE);
    await page.screenshot({ path: 'artifacts/screenshots/widget-store-unreachable-light.png' });
  } finally {
    await callHost(stack, 'settings.update', { shop: { storeUrl: null, storefrontToken: null } });
    store.server.close();
  }
});
