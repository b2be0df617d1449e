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

test('a note and a flag show in the activity with their author, a new campaign arrives live; filtering by kind keeps the note, and its entry opens the video', async ({ page, stack }) => {
  test.setTimeout(90_000);
  const { videos } = await getAsBrandManager<VideoListResponse>(stack, '/videos', { per_page: '50' });
  const [noted, flagged] = videos.filter((video) => !video.is_flagged);
  await sendAsBrandManager(stack, 'PUT', `/videos/${noted!._id}/video_note`, { content: 'Strong opening, reuse the hook' });
  await sendAsBrandManager(stack, 'POST', '/videos/flag_videos', { video_ids: [flagged!._id], reason: 'Spam or misleading' });

  await signInAsManager(page, stack.webUrl);
  await page.getByRole('link', { name: 'Activity' }).click();
  await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
  const entries = page.getByTestId('activity-entry');
  await expect(entries.nth(0)).toContainText('Flag');
  await expect(entries.nth(0)).toContainText(flagged!.title);
  await expect(entries.nth(0)).toContainText(author);
  await expect(entries.nth(1)).toContainText('Note');
  await expect(entries.nth(1)).toContainText(noted!.title);
  await expect(entries.nth(1)).toContainText(author);

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
