import type { Locator, Page } from '@playwright/test';
import { callHost, expect, test } from '../support/fixtures';
import { signInAsManager } from '../support/signIn';

/** What a thumbnail shows: its own picture or the drawn fallback, whether the browser could draw it, and its box. */
async function thumbs(images: Locator) {
  return images.evaluateAll((all) => all.map((element) => {
    const img = element as HTMLImageElement;
    const box = img.getBoundingClientRect();
    return { shown: img.dataset.thumb, drawn: img.complete && img.naturalWidth > 0, width: Math.round(box.width), height: Math.round(box.height) };
  }));
}

/** Every thumbnail request fails, as a YouTube or TikTok thumbnail does offline. */
async function thumbnailsUnreachable(page: Page) {
  await page.route((url) => url.pathname.includes('/thumbs/') || url.hostname.endsWith('ytimg.com'), (route) => route.abort('internetdisconnected'));
}

for (const skin of ['light', 'dark'] as const) {
  test(`thumbnails that cannot load show the drawn fallback at the same size, never a broken image (${skin})`, async ({ page, stack }) => {
    await callHost(stack, 'settings.update', { layout: { skin, rtl: false } });
    await thumbnailsUnreachable(page);
    await signInAsManager(page, stack.webUrl, '/videos');

    const rows = page.locator('img.video-thumb');
    await expect(rows.first()).toHaveAttribute('data-thumb', 'fallback');
    await expect.poll(async () => (await thumbs(rows)).every((thumb) => thumb.shown === 'fallback')).toBe(true);
    for (const thumb of await thumbs(rows)) expect(thumb).toEqual({ shown: 'fallback', drawn: true, width: 64, height: 38 });
    await page.screenshot({ path: `artifacts/screenshots/thumbnail-fallback-videos-${skin}.png` });

    await page.getByRole('navigation').getByRole('link', { name: 'Home' }).click();
    const home = page.locator('img.home-item__thumb');
    await expect(home.first()).toHaveAttribute('data-thumb', 'fallback');
    await expect.poll(async () => (await thumbs(home)).every((thumb) => thumb.shown === 'fallback' && thumb.drawn)).toBe(true);
    for (const thumb of await thumbs(home)) expect([thumb.width, thumb.height]).toEqual([56, 34]);
    await page.screenshot({ path: `artifacts/screenshots/thumbnail-fallback-home-${skin}.png`, fullPage: true });

    await page.getByRole('navigation').getByRole('link', { name: 'Widgets' }).click();
    const strip = page.locator('.widget-thumbs img');
    await expect(strip.first()).toHaveAttribute('data-thumb', 'fallback');
    await page.screenshot({ path: `artifacts/screenshots/thumbnail-fallback-widgets-${skin}.png` });
    await callHost(stack, 'settings.update', { layout: { skin: 'light', rtl: false } });
  });
}
