import { DEMO_ACCOUNTS } from '../../../src/shared/demoAccounts';
import type { VideoListResponse } from '../../../src/shared/http/videos.schemas';
import { LoginPage } from '../pages/LoginPage';
import { ShellPage } from '../pages/ShellPage';
import { VideosListPage } from '../pages/VideosListPage';
import { getAsBrandManager } from '../support/backend';
import { expect, test } from '../support/fixtures';

test('a search in transcripts lists the videos that say it, shows the line, and opens the video at that moment', async ({ page, stack }) => {
  const word = 'honestly';
  const expected = await getAsBrandManager<VideoListResponse>(stack, '/videos', { search: word, search_in: 'transcript', per_page: '10' });
  expect(expected.data.count).toBeGreaterThan(0);

  const login = new LoginPage(page);
  await login.open(stack.webUrl);
  await login.signIn(DEMO_ACCOUNTS.brandManager.email, DEMO_ACCOUNTS.brandManager.password);
  await expect(new ShellPage(page).greeting).toBeVisible();
  const list = new VideosListPage(page);
  // As a word of the home word cloud opens it: the search comes in the address.
  await list.load(() => page.goto(`${stack.webUrl}/#/videos?search=${word}&in=transcript`));
  await expect(list.search).toHaveValue(word);
  await expect(page.getByRole('combobox', { name: 'Search in' })).toHaveValue('transcript');
  await expect(page.getByTestId('videos-count')).toContainText(expected.data.count.toLocaleString('en-US'));

  const said = page.locator('.video-title__said');
  await expect(said.first()).toBeVisible();
  expect(await said.count()).toBe(Math.min(expected.videos.length, await list.rows.count()));
  for (const text of await said.allInnerTexts()) expect(text.toLowerCase()).toContain(word);
  await expect(said.first().locator('mark').first()).toHaveText(new RegExp(word, 'i'));
  await page.screenshot({ path: 'artifacts/screenshots/videos-transcript-search.png' });

  const first = expected.videos[0]!;
  await said.first().click();
  await expect(page).toHaveURL(new RegExp(`#/videos/${first._id}\\?tab=transcript&t=${first.transcript_match!.start_time}`));
  await expect(page.getByTestId('video-title')).toBeVisible();

  // Back on the list, titles again: the line goes away.
  await page.goBack();
  await list.load(() => page.getByRole('combobox', { name: 'Search in' }).selectOption('title'));
  await expect(said).toHaveCount(0);
});
