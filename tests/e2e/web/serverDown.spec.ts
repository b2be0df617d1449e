import { DEMO_ACCOUNTS } from '../../../src/shared/demoAccounts';
import { MESSAGES } from '../../../src/shared/messages';
import { LoginPage } from '../pages/LoginPage';
import { ShellPage } from '../pages/ShellPage';
import type { VideoListResponse } from '../../../src/shared/http/videos.schemas';
import { getAsBrandManager } from '../support/backend';
import { expect, test } from '../support/fixtures';
import { openVideos } from '../support/videos';

test('the server-down modal appears when the back end stops and goes when it returns', async ({ page, stack }) => {
  const login = new LoginPage(page);
  await login.open(stack.webUrl);
  await login.signIn(DEMO_ACCOUNTS.brandManager.email, DEMO_ACCOUNTS.brandManager.password);
  await expect(page).toHaveURL(/#\/home$/);

  await stack.stopBackend();
  try {
    await page.reload();
    const modal = page.getByRole('alertdialog').filter({ hasText: MESSAGES.serverDown });
    await expect(modal).toBeVisible();
    await page.screenshot({ path: 'artifacts/screenshots/server-down.png' });
  } finally {
    await stack.startBackend();
  }
  await expect(page.getByRole('alertdialog').filter({ hasText: MESSAGES.serverDown })).toBeHidden({ timeout: 30_000 });
  await expect(new ShellPage(page).greeting).toBeVisible();
});

test('a list that failed while the back end was away shows the right tab again once it returns, with no raw transport error', async ({ page, stack }) => {
  const { list } = await openVideos(page, stack);
  const competitors = await getAsBrandManager<VideoListResponse>(stack, '/videos', { tab: 'Competition', per_page: '10' });
  const myFirst = await list.rows.first().innerText();

  await stack.stopBackend();
  try {
    await list.tab('Competitors').click();
    await expect(page.getByRole('alertdialog').filter({ hasText: MESSAGES.serverDown })).toBeVisible();
    // What failed and what happens next, in words; never the transport's own text.
    const alert = page.locator('.videos-error');
    await expect(alert).toContainText('Could not load the videos');
    await expect(alert).toContainText('loads again by itself as soon as the server is back');
    await expect(page.getByText('Network Error')).toHaveCount(0);
  } finally {
    await stack.startBackend();
  }
  await expect(page.getByRole('alertdialog').filter({ hasText: MESSAGES.serverDown })).toBeHidden({ timeout: 30_000 });
  // Without a click: the Competitors tab's own rows and count, and the error gone.
  await expect(list.count).toHaveText(competitors.data.count.toLocaleString('en-US'));
  await expect(page.locator('.videos-error')).toHaveCount(0);
  await expect(list.tab('Competitors')).toHaveAttribute('aria-selected', 'true');
  await expect(list.rows.first()).toContainText(competitors.videos[0]?.title ?? '');
  expect(await list.rows.first().innerText()).not.toBe(myFirst);
});
