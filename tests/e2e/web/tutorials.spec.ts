import type { Page } from '@playwright/test';
import { TUTORIAL_TEXTS } from '../../../src/shared/messages';
import { expect, test } from '../support/fixtures';
import { signInAsManager } from '../support/signIn';

/** What each home-overview step points at (as in tutorials.content.ts). */
const TARGETS = ['#home-overview', '#home-trending', '.home-shortcuts', '#home-word-cloud', '.search-box'];

async function startHomeOverview(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'User guide' }).click();
  await page.getByRole('dialog', { name: 'User guide' }).getByRole('button', { name: 'Start Home overview' }).click();
}

for (const view of [{ width: 1024, height: 768 }, { width: 1400, height: 900 }, { width: 1920, height: 1080 }]) {
  test(`at ${view.width}×${view.height} every home-overview card stays inside the window, its target scrolled into view, Next within the mouse's reach`, async ({ page, stack }) => {
    await page.setViewportSize(view);
    await signInAsManager(page, stack.webUrl, '/home');
    await expect(page.locator('#home-word-cloud')).toBeVisible();
    await startHomeOverview(page);
    const card = page.locator('.tutorial-card');
    for (const [index, step] of TUTORIAL_TEXTS.homeOverview.entries()) {
      await expect(card.getByRole('heading', { name: step.title })).toBeVisible();
      await expect(page.locator(TARGETS[index]!).first()).toBeInViewport();
      await expect.poll(async () => {
        const box = (await card.boundingBox())!;
        return box.x >= 0 && box.y >= 0 && box.x + box.width <= view.width && box.y + box.height <= view.height;
      }, { message: `step ${index + 1}'s card inside ${view.width}×${view.height}` }).toBe(true);
      // A mouse click (Playwright refuses one outside the window).
      await card.getByRole('button', { name: index === TUTORIAL_TEXTS.homeOverview.length - 1 ? 'Done' : 'Next' }).click();
    }
    await expect(card).toHaveCount(0);
  });
}

test('closing a tutorial with Escape gives focus back to the control that opened it, not the page body', async ({ page, stack }) => {
  await signInAsManager(page, stack.webUrl, '/home');
  const guide = page.getByRole('button', { name: 'User guide' });
  await startHomeOverview(page);
  await expect(page.locator('.tutorial-card')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.locator('.tutorial-card')).toHaveCount(0);
  await expect(guide).toBeFocused();
});

test("the user guide's Start buttons each name their tutorial", async ({ page, stack }) => {
  await signInAsManager(page, stack.webUrl, '/home');
  await page.getByRole('button', { name: 'User guide' }).click();
  const starts = page.getByRole('dialog', { name: 'User guide' }).getByRole('button', { name: /^Start / });
  await expect(starts).toHaveCount(3);
  const names = await starts.evaluateAll((buttons) => buttons.map((button) => button.textContent?.trim() ?? ''));
  expect(new Set(names).size).toBe(3);
  expect(names).toEqual(['Start Home overview', 'Start Video analysis', 'Start Your first video']);
});
