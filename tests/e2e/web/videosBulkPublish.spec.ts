import type { AppManagerResponse } from '../../../src/shared/http/publishing.schemas';
import type { VideoListResponse } from '../../../src/shared/http/videos.schemas';
import { PUBLISH_BLOCKED } from '../../../src/shared/rules/licensing';
import { callHost, expect, test } from '../support/fixtures';
import { getAsBrandManager } from '../support/backend';
import { openVideos } from '../support/videos';
import type { VideosListPage } from '../pages/VideosListPage';

/** Finds a video by its title in the list and checks its row. */
async function checkByTitle(list: VideosListPage, title: string) {
  await list.load(() => list.search.fill(title));
  await list.rows.filter({ hasText: title }).first().getByRole('checkbox').check();
}

test('a bulk publish from the videos list says which videos cannot go and why before anything is sent, then publishes the others', async ({ page, stack }) => {
  // Two unpublished videos of the My Videos tab: a creator's without a license, and the brand's own.
  const shopper = await getAsBrandManager<AppManagerResponse>(stack, '/app_manager/videos', { tab: 'all', per_page: '100' });
  const mine = new Set((await getAsBrandManager<VideoListResponse>(stack, '/videos', { per_page: '1000' })).videos.map((video) => video._id));
  const unpublished = shopper.videos.filter((video) => !video.published && mine.has(video._id));
  const blocked = unpublished.find((video) => video.blocked === PUBLISH_BLOCKED.unlicensed);
  const free = unpublished.find((video) => video.blocked === null && video.by_brand);
  if (!blocked || !free) throw new Error('the demo workspace has no unlicensed creator video or no unpublished own video in My Videos');

  const publishes: string[][] = [];
  page.on('request', (request) => {
    if (request.url().includes('/videos/multi_publish')) publishes.push((request.postDataJSON() as { video_ids: string[] }).video_ids);
  });
  const { list } = await openVideos(page, stack);
  await list.startCheck('Publish to app');
  await checkByTitle(list, blocked.title);
  await checkByTitle(list, free.title);
  await list.actionButton('Publish to app').click();

  // A question first (an alertdialog), then the outcome in a dialog of the same title.
  const dialog = list.dialog.filter({ hasText: 'Publish to app' });
  await expect(dialog).toContainText('1 of the 2 selected videos cannot be published to the shopper app:');
  await expect(dialog.getByRole('listitem')).toHaveText(`“${blocked.title}”: ${PUBLISH_BLOCKED.unlicensed}`);
  await expect(dialog).toContainText('Publish the other one?');
  expect(publishes).toEqual([]);
  for (const skin of ['light', 'dark'] as const) {
    await callHost(stack, 'settings.update', { layout: { skin, rtl: false } });
    await page.screenshot({ path: `artifacts/screenshots/videos-bulk-publish-blocked-${skin}.png` });
  }
  await callHost(stack, 'settings.update', { layout: { skin: 'light', rtl: false } });

  await dialog.getByRole('button', { name: 'Publish the other one' }).click();
  await expect(dialog.getByRole('status')).toContainText('1 video published');
  expect(publishes).toEqual([[free._id]]);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('toolbar', { name: 'Select videos to' })).toBeVisible();

  // Only the blocked video selected: nothing can go, and the dialog says so without offering to publish.
  await list.startCheck('Publish to app');
  await checkByTitle(list, blocked.title);
  await list.actionButton('Publish to app').click();
  await expect(dialog).toContainText('The selected video cannot be published to the shopper app:');
  await expect(dialog.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Close' }).click();
  expect(publishes).toEqual([[free._id]]);
});
