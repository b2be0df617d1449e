import type { Page } from '@playwright/test';
import type { VideoListResponse } from '../../../src/shared/http/videos.schemas';
import { getAsBrandManager } from '../support/backend';
import { callHost, expect, test } from '../support/fixtures';
import { signInAsManager } from '../support/signIn';

const ROUTES = ['home', 'videos', 'products', 'creators', 'campaigns', 'licensing', 'chat', 'reports', 'app-manager', 'activity', 'widgets', 'assistant', 'settings', 'library'];

/** How far the page reaches past the window sideways (0 when nothing overflows). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Buttons whose box is cut by the window's right edge. */
const cutButtons = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('button, a.btn')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && (box.right > window.innerWidth + 1 || box.left < -1);
      })
      .map((element) => element.textContent?.trim() || element.getAttribute('aria-label') || element.className),
  );

/** Boxes that hide part of their text or columns at this width: the greeting (cut with an ellipsis) and the creators table. */
const clipped = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.top-bar__greeting, .creators-rows')]
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .map((element) => `${element.className} shows ${element.clientWidth} of ${element.scrollWidth}px`),
  );

test('at 1024 px wide no screen overflows sideways or cuts a button off, in light and dark', async ({ page, stack }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1024, height: 768 });
  await signInAsManager(page, stack.webUrl);
  const { videos } = await getAsBrandManager<VideoListResponse>(stack, '/videos', { per_page: '10' });
  const found: string[] = [];
  for (const skin of ['light', 'dark'] as const) {
    await callHost(stack, 'settings.update', { layout: { skin, rtl: false } });
    for (const route of [...ROUTES, `videos/${videos[0]!._id}`]) {
      await page.goto(`${stack.webUrl}/#/${route}`);
      await expect(page.getByRole('heading', { level: 1 }).or(page.getByTestId('video-title'))).toBeVisible();
      await expect(page.locator('.spinner')).toHaveCount(0, { timeout: 15_000 });
      const wide = await overflow(page);
      if (wide > 0) found.push(`${skin} ${route}: ${wide}px wider than the window`);
      for (const button of await cutButtons(page)) found.push(`${skin} ${route}: button cut off: ${button}`);
      for (const box of await clipped(page)) found.push(`${skin} ${route}: ${box}`);
      await page.screenshot({ path: `artifacts/screenshots/1024-${skin}-${route.replace(/\//g, '_')}.png` });
    }
  }
  await callHost(stack, 'settings.update', { layout: { skin: 'light', rtl: false } });
  expect(found, found.join('\n')).toEqual([]);
});

test('banners stay clear of the header search; the user guide fits its dialog; the tutorial closes on Escape', async ({ page, stack }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await signInAsManager(page, stack.webUrl);
  const box = async (selector: string) => (await page.locator(selector).first().boundingBox())!;

  // A banner (the brand switch announces itself) appears below the top bar, never over the search box.
  const brands = page.getByRole('combobox', { name: /brand/i });
  const current = await brands.locator('option:checked').innerText();
  const other = (await brands.locator('option').allInnerTexts()).find((name) => name !== current);
  await brands.selectOption({ label: other! });
  await expect(page.locator('.banner').first()).toBeVisible();
  const banner = await box('.banner');
  const search = await box('.search-box');
  expect(banner.y).toBeGreaterThanOrEqual(search.y + search.height);

  // The user guide's cards sit inside the dialog.
  await page.getByRole('button', { name: 'User guide' }).click();
  const modal = await box('.modal');
  for (const item of await page.locator('.user-guide__item').all()) {
    const card = (await item.boundingBox())!;
    expect(card.x).toBeGreaterThanOrEqual(modal.x);
    expect(card.x + card.width).toBeLessThanOrEqual(modal.x + modal.width + 0.5);
  }

  // A tutorial started from it closes on Escape even after a click elsewhere moved the focus.
  await page.locator('.user-guide__item').first().getByRole('button').click();
  await expect(page.locator('.tutorial-card')).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('Escape');
  await expect(page.locator('.tutorial-card')).toHaveCount(0);
});
