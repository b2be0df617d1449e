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

/**
 * Every thumbnail request fails, as a YouTube or TikTok thumbnail does offline: the demo's, and the poster frames of
 * videos other specs uploaded into the same workspace (the newest, listed first). Answers how many were refused.
 */
async function thumbnailsUnreachable(page: Page): Promise<() => number> {
  let refused = 0;
  const thumbnail = (url: URL) => url.pathname.includes('/thumbs/') || url.pathname.includes('/media/thumbnails/') || url.hostname.endsWith('ytimg.com');
  await page.route(thumbnail, (route) => {
    refused += 1;
    return route.abort('internetdisconnected');
  });
  return () => refused;
}

for (const skin of ['light', 'dark'] as const) {
  test(`thumbnails that cannot load show the drawn fallback at the same size, never a broken image (${skin})`, async ({ page, stack }) => {
    await callHost(stack, 'settings.update', { layout: { skin, rtl: false } });
    const refused = await thumbnailsUnreachable(page);
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

    // The builder's preview (the embed's own carousel): a card whose picture failed shows its tile, no broken image.
    await page.getByRole('link', { name: 'Edit' }).first().click();
    const preview = page.getByRole('region', { name: 'Preview on desktop' });
    await expect(preview.locator('.card').first()).toBeVisible();
    const cards = await preview.locator('.card').count();
    // The pictures in view were asked for and failed: they are gone (lazy ones further along wait their turn), none is broken.
    await expect.poll(() => preview.locator('.card img').count()).toBeLessThan(cards);
    const broken = await preview.locator('.card img').evaluateAll((all) => all.filter((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth === 0).length);
    expect(broken).toBe(0);
    expect(refused()).toBeGreaterThan(0);
    await expect(preview.locator('.card .tile').first()).toBeVisible();
    await preview.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `artifacts/screenshots/thumbnail-fallback-widget-preview-${skin}.png` });
    await callHost(stack, 'settings.update', { layout: { skin: 'light', rtl: false } });
  });
}
