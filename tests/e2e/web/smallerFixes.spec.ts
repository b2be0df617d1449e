import { DEMO_ACCOUNTS } from '../../../src/shared/demoAccounts';
import type { VideoListResponse } from '../../../src/shared/http/videos.schemas';
import { MESSAGES, TUTORIAL_TEXTS } from '../../../src/shared/messages';
import { getAsBrandManager, sendAsBrandManager } from '../support/backend';
import { expect, test } from '../support/fixtures';
import type { AppStack } from '../support/stack';
import { signInAsManager } from '../support/signIn';
import { shootSkins } from '../support/screenshots';


async function identity(stack: AppStack): Promise<{ brand_id: string; user_id: string }> {
  const { email, password } = DEMO_ACCOUNTS.brandManager;
  const response = await fetch(`${stack.backendUrl}/jwt_api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  const body = (await response.json()) as { currentBrand: { _id: string }; currentUser: { _id: string } };
  return { brand_id: body.currentBrand._id, user_id: body.currentUser._id };
}

test("a flagged video's note can be read: the notice offers to stay on the page", async ({ page, stack }) => {
  const flagged = (await getAsBrandManager<VideoListResponse>(stack, '/videos', { tab: 'Flagged', per_page: '10' })).videos[0];
  if (!flagged) throw new Error('The demo workspace has no flagged video');
  const note = 'Reported by a shopper; keep it off the app until legal has looked.';
  await sendAsBrandManager(stack, 'PUT', `/videos/${flagged._id}/video_note`, { ...(await identity(stack)), content: note });
  await signInAsManager(page, stack.webUrl);
  await shootSkins(page, stack, `/videos/${flagged._id}?tab=notes`, 'flagged-notice-stay', async (shown) => {
    await expect(shown.getByRole('alertdialog', { name: MESSAGES.videoFlagged }).getByRole('button', { name: 'View the video anyway' })).toBeVisible();
  });
  await page.getByRole('alertdialog', { name: MESSAGES.videoFlagged }).getByRole('button', { name: 'View the video anyway' }).click();
  await expect(page.getByRole('alertdialog', { name: MESSAGES.videoFlagged })).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`#/videos/${flagged._id}`));
  await expect(page.getByText(note)).toBeVisible();
});

test('after a move to another screen, keyboard focus is on its heading, a few Tabs from the first video row', async ({ page, stack }) => {
  await signInAsManager(page, stack.webUrl, '/home');
  await page.getByRole('navigation').getByRole('link', { name: 'Videos', exact: true }).click();
  const heading = page.getByRole('heading', { name: 'Videos', level: 1 });
  await expect(heading).toBeFocused();
  const firstRow = page.locator('.video-title__open').first();
  await expect(firstRow).toBeVisible();
  let tabs = 0;
  while (!(await firstRow.evaluate((element) => element === document.activeElement)) && tabs < 60) {
    await page.keyboard.press('Tab');
    tabs += 1;
  }
  // The screen's own controls (tabs, search, filters, sort, dates) come before the rows; the navigation does not.
  expect(tabs).toBeLessThan(30);
  await page.getByRole('navigation').getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});

test("sorted by newest videos, the list's date column is the publish date it sorts by", async ({ page, stack }) => {
  await signInAsManager(page, stack.webUrl, '/videos');
  const header = page.getByRole('columnheader', { name: 'Added' });
  await expect(header).toBeVisible();
  await page.getByRole('combobox', { name: 'Sort', exact: true }).selectOption('newest_videos');
  await expect(page.getByRole('columnheader', { name: 'Published' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Added' })).toHaveCount(0);
  const shown = await page.locator('.vtable time').evaluateAll((times) => times.slice(0, 10).map((time) => time.getAttribute('datetime') ?? ''));
  expect(shown.length).toBeGreaterThan(1);
  expect(shown).toEqual([...shown].sort().reverse());
  await shootSkins(page, stack, '/videos', 'videos-published-column', async (again) => {
    await again.getByRole('combobox', { name: 'Sort', exact: true }).selectOption('newest_videos');
    await expect(again.getByRole('columnheader', { name: 'Published' })).toBeVisible();
  });
});

test("the Video analysis tour runs on a video's page, each card pointing at its part and below the top bar", async ({ page, stack }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsManager(page, stack.webUrl, '/videos');
  await page.getByRole('button', { name: 'User guide' }).click();
  await page.getByRole('dialog', { name: 'User guide' }).getByRole('button', { name: 'Start Video analysis' }).click();
  await expect(page).toHaveURL(/#\/videos\/[^/?]+/);
  const card = page.locator('.tutorial-card');
  const targets = ['.detail-body', '[data-tab="sentiment"]', '[data-tab="brand-safety"]'];
  for (const [index, step] of TUTORIAL_TEXTS.videoDetail.entries()) {
    await expect(card.getByRole('heading', { name: step.title })).toBeVisible();
    await expect(card).toHaveClass(/tutorial-card--anchored/);
    await expect(page.locator(targets[index]!).first()).toBeInViewport();
    const bar = (await page.locator('.top-bar').boundingBox())!;
    await expect.poll(async () => (await card.boundingBox())!.y >= bar.y + bar.height).toBe(true);
    if (index === 0) await page.screenshot({ path: 'artifacts/screenshots/video-analysis-tour-light.png' });
    await card.getByRole('button', { name: index === TUTORIAL_TEXTS.videoDetail.length - 1 ? 'Done' : 'Next' }).click();
  }
  await expect(card).toHaveCount(0);
});
