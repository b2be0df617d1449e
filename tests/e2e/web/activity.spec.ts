import { DEMO_ACCOUNTS } from '../../../src/shared/demoAccounts';
import type { VideoListResponse } from '../../../src/shared/http/videos.schemas';
import { getAsBrandManager, sendAsBrandManager } from '../support/backend';
import { callHost, expect, test } from '../support/fixtures';
import { signInAsManager } from '../support/signIn';

/** The brand activity view (issue 29): who did what, filtered by kind, each entry opening what it changed. */
const author = `${DEMO_ACCOUNTS.brandManager.firstName} ${DEMO_ACCOUNTS.brandManager.lastName}`;

test.afterEach(async ({ stack }) => {
  await callHost(stack, 'settings.update', { layout: { skin: 'light', rtl: false } });
});

test('a note, a flag and a license request show in the activity with their author and what was done, a new campaign arrives live; filtering by kind keeps the note, and its entry opens the video', async ({ page, stack }) => {
  test.setTimeout(90_000);
  const { videos } = await getAsBrandManager<VideoListResponse>(stack, '/videos', { per_page: '50' });
  const [noted, flagged, licensed] = videos.filter((video) => !video.is_flagged);
  await sendAsBrandManager(stack, 'PUT', `/videos/${noted!._id}/video_note`, { content: 'Strong opening, reuse the hook' });
  await sendAsBrandManager(stack, 'POST', '/videos/flag_videos', { video_ids: [flagged!._id], reason: 'Spam or misleading' });
  // A write whose row names no author: the entry is still the person's, with its verb.
  await sendAsBrandManager(stack, 'POST', '/license_agreements', { license_video: licensed!._id, duration: '1 year', price: 25 });

  await signInAsManager(page, stack.webUrl);
  await page.getByRole('link', { name: 'Activity' }).click();
  await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
  const entries = page.getByTestId('activity-entry');
  for (const [i, words] of [['License', 'Requested a license for', licensed!.title], ['Flag', 'Flagged', flagged!.title], ['Note', 'Added', noted!.title]].entries()) {
    for (const text of [...words, author]) await expect(entries.nth(i)).toContainText(text);
  }

  for (const [skin, rtl, name] of [['light', false, 'light'], ['dark', false, 'dark'], ['light', true, 'rtl']] as const) {
    await callHost(stack, 'settings.update', { layout: { skin, rtl } });
    await expect(page.locator('html')).toHaveAttribute('dir', rtl ? 'rtl' : 'ltr');
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `artifacts/screenshots/activity-${name}-${width}.png` });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  }
  await callHost(stack, 'settings.update', { layout: { skin: 'light', rtl: false } });

  // A change arriving on the live stream shows without a reload (a campaign records no author yet: it is not this
  // window's own change, which the window skips).
  await sendAsBrandManager(stack, 'POST', '/campaigns', { campaign: { campaign_headline: 'Activity live check' } });
  await expect(entries.first().getByRole('link', { name: 'Activity live check' })).toBeVisible({ timeout: 2_000 });

  await page.getByLabel('Kind').selectOption({ label: 'Note' });
  await expect(entries.first()).toContainText(noted!.title);
  await expect(entries.filter({ hasText: 'Flag' })).toHaveCount(0);
  await entries.first().getByRole('link', { name: noted!.title }).click();
  await expect(page).toHaveURL(new RegExp(`#/videos/${noted!._id}$`));
});
