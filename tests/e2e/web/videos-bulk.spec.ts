import { REPORT_REASONS } from '../../../src/shared/constants';
import { MESSAGES } from '../../../src/shared/messages';
import { expect, test } from '../support/fixtures';
import { openVideos, tabCount } from '../support/videos';

test('bulk actions run their confirm flows and trash → restore loses nothing', async ({ page, stack }) => {
  const { list } = await openVideos(page, stack);
  const banner = (text: RegExp) => page.locator('.banner').filter({ hasText: text });

  // Favorite (no question asked), then unfavorite with its confirm: unfavorited rows stay in the tab.
  const favoritesBefore = await tabCount(list, 'Favorites');
  await tabCount(list, 'My Videos');
  await list.startCheck('Favorite');
  await list.rowCheckbox(0).check();
  await list.rowCheckbox(1).check();
  await list.load(() => list.actionButton('Add to favorites').click());
  const added = Number(/(\d+) videos? added/.exec(await banner(/added to favorites/).first().innerText())?.[1]);
  await expect(page.getByRole('toolbar', { name: 'Select videos to' })).toBeVisible();
  expect(await tabCount(list, 'Favorites')).toBe(favoritesBefore + added);
  const shown = await list.rows.count();
  await list.startCheck('Unfavorite');
  await list.rowCheckbox(0).check();
  await list.actionButton('Unfavorite').click();
  await expect(list.dialog).toContainText('Remove 1 video from your favorites?');
  await list.dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(list.dialog.getByRole('status')).toContainText('1 video removed from favorites');
  await list.dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('toolbar', { name: 'Select videos to' })).toBeVisible();
  expect(await list.rows.count()).toBe(shown);

  // Flag with a report reason, then unflag (a failing attempt first: nothing changes, the person is told).
  const flaggedBefore = await tabCount(list, 'Flagged');
  await tabCount(list, 'My Videos');
  await list.startCheck('Flag');
  await list.rowCheckbox(0).check();
  await list.actionButton('Flag').click();
  await expect(list.dialog.getByRole('button', { name: 'Yes' })).toBeDisabled();
  await list.dialog.getByLabel('Reason').selectOption(REPORT_REASONS[0]);
  await list.dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(list.dialog.getByRole('status')).toContainText('1 video flagged');
  await list.dialog.getByRole('button', { name: 'Close' }).click();
  expect(await tabCount(list, 'Flagged')).toBe(flaggedBefore + 1);
  await list.startCheck('Unflag');
  await list.rowCheckbox(0).check();
  await page.route('**/jwt_api/videos/unflag_videos', (route) => route.fulfill({ status: 500, json: { message: 'The flag store is busy' } }));
  await list.actionButton('Unflag').click();
  await list.dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(list.dialog.getByRole('alert')).toHaveText('Unflag videos failed: The flag store is busy');
  await expect(banner(/Unflag videos failed: The flag store is busy/)).toBeVisible();
  await page.unroute('**/jwt_api/videos/unflag_videos');
  await expect(list.count).toHaveText(String(flaggedBefore + 1));
  await list.load(() => list.dialog.getByRole('button', { name: 'Yes' }).click());
  await expect(list.dialog.getByRole('status')).toContainText(/1 video unflagged\. Moved to (My Videos|Competitors)/);
  await list.dialog.getByRole('button', { name: 'Close' }).click();
  await expect(list.count).toHaveText(String(flaggedBefore));

  // Publish to the app.
  await tabCount(list, 'My Videos');
  await list.startCheck('Publish to app');
  await list.rowCheckbox(0).check();
  await list.load(() => list.actionButton('Publish to app').click());
  await expect(banner(/published/).first()).toBeVisible();
  await expect(list.rows.nth(0)).toContainText('Published');

  // Download: off for YouTube and TikTok with the spec's hover text; the action waits for the desktop update.
  await list.startCheck('Download');
  const youtube = list.rows.filter({ hasText: 'YouTube' }).first();
  await expect(youtube.getByRole('checkbox')).toBeDisabled();
  await expect(youtube.locator(`[title="${MESSAGES.downloadUnsupported}"]`)).toHaveCount(1);
  await expect(list.actionButton('Download')).toBeDisabled();
  await page.getByRole('toolbar').getByRole('button', { name: 'Cancel' }).click();

  // Trash from My Videos and Competitors, restore everything: the three folders add up to what they held.
  const mine = await tabCount(list, 'My Videos');
  const theirs = await tabCount(list, 'Competitors');
  const trashed = await tabCount(list, 'Trash');
  await tabCount(list, 'Competitors');
  await list.startCheck('Move to trash');
  await list.rowCheckbox(0).check();
  await list.actionButton('Move to trash').click();
  await list.load(() => list.dialog.getByRole('button', { name: 'Yes' }).click());
  await expect(list.dialog.getByRole('status')).toContainText('1 video moved to trash');
  await list.dialog.getByRole('button', { name: 'Close' }).click();
  await tabCount(list, 'My Videos');
  await list.startCheck('Move to trash');
  await list.rowCheckbox(0).check();
  await list.rowCheckbox(1).check();
  await list.actionButton('Move to trash').click();
  await list.load(() => list.dialog.getByRole('button', { name: 'Yes' }).click());
  await expect(list.dialog.getByRole('status')).toContainText('2 videos moved to trash');
  await list.dialog.getByRole('button', { name: 'Close' }).click();
  expect(await list.countValue()).toBe(mine - 2);
  expect(await tabCount(list, 'Competitors')).toBe(theirs - 1);
  expect(await tabCount(list, 'Trash')).toBe(trashed + 3);

  await list.startCheck('Restore');
  await page.getByRole('button', { name: `Select all ${trashed + 3} matching` }).click();
  await expect(page.getByText(`${trashed + 3} selected`)).toBeVisible();
  let release = () => undefined as void;
  const gate = new Promise<void>((done) => (release = done));
  await page.route('**/jwt_api/videos/untrash_videos', async (route) => {
    await gate;
    await route.continue();
  });
  await list.actionButton('Restore').click();
  await list.dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(list.dialog.getByRole('button', { name: 'Yes' })).toBeDisabled();
  await list.load(async () => release());
  await expect(list.dialog.getByRole('status')).toContainText(/restored to My Videos/);
  await expect(list.dialog.getByRole('status')).toContainText(/restored to Competitors/);
  await page.unroute('**/jwt_api/videos/untrash_videos');
  await list.dialog.getByRole('button', { name: 'Close' }).click();
  await expect(list.count).toHaveText('0');
  const mineAfter = await tabCount(list, 'My Videos');
  const theirsAfter = await tabCount(list, 'Competitors');
  expect(mineAfter + theirsAfter).toBe(mine + theirs + trashed);

  // Permanent delete from the trash (a competitor video: it leaves this brand's view only).
  await list.startCheck('Move to trash');
  await list.rowCheckbox(0).check();
  await list.actionButton('Move to trash').click();
  await list.load(() => list.dialog.getByRole('button', { name: 'Yes' }).click());
  await list.dialog.getByRole('button', { name: 'Close' }).click();
  expect(await tabCount(list, 'Trash')).toBe(1);
  await list.startCheck('Delete permanently');
  await list.rowCheckbox(0).check();
  await list.actionButton('Delete permanently').click();
  await expect(list.dialog).toContainText('Permanently delete 1 video? This cannot be undone.');
  await list.load(() => list.dialog.getByRole('button', { name: 'Yes' }).click());
  await expect(list.dialog.getByRole('status')).toContainText('1 video permanently deleted');
  await page.keyboard.press('Escape');
  await expect(list.dialog).toHaveCount(0);
  await expect(list.count).toHaveText('0');
  expect(await tabCount(list, 'Competitors')).toBe(theirsAfter - 1);
  expect(await tabCount(list, 'My Videos')).toBe(mineAfter);
});

