import { DEMO_ACCOUNTS } from '../../../src/shared/demoAccounts';
import { MESSAGES } from '../../../src/shared/messages';
import type { VideoListItem, VideoListResponse } from '../../../src/shared/http/videos.schemas';
import { LoginPage } from '../pages/LoginPage';
import { ShellPage } from '../pages/ShellPage';
import { VideoDetailPage } from '../pages/VideoDetailPage';
import type { AppStack } from '../support/stack';
import { getAsBrandManager, playableVideo } from '../support/backend';
import { callHost, expect, test } from '../support/fixtures';

const ACCOUNT = DEMO_ACCOUNTS.brandManager;

/** Videos of a tab as the back end lists them for the demo brand manager (to pick test subjects). */
async function listVideos(stack: AppStack, query: Record<string, string> = {}): Promise<VideoListItem[]> {
  return (await getAsBrandManager<VideoListResponse>(stack, '/videos', { per_page: '100', ...query })).videos;
}

/** An analysed own-storage video with a local media file. */
function ownStorageVideo(stack: AppStack): Promise<VideoListItem> {
  return playableVideo(stack, (entry) => entry.platform === 'Reelscope_AWS_S3' && entry.analysis_stage === 'completed');
}

test.beforeEach(async ({ page, stack }) => {
  const login = new LoginPage(page);
  await login.open(stack.webUrl);
  await login.signIn(ACCOUNT.email, ACCOUNT.password);
  await expect(new ShellPage(page).greeting).toBeVisible();
});

test('an own-storage video plays and a transcript time click seeks it', async ({ page, stack }) => {
  const video = await ownStorageVideo(stack);
  const detail = new VideoDetailPage(page);
  await detail.open(stack.webUrl, video._id, 'transcript');
  await expect(detail.player).toBeVisible();
  const played = await detail.playMuted();
  expect(played.readyState).toBeGreaterThanOrEqual(2);
  expect(played.currentTime).toBeGreaterThan(0.3);

  // Seek to a transcript line inside the (short) demo file.
  const duration = await detail.duration();
  const times = await page.locator('.transcript-line .transcript-time').evaluateAll((buttons) => buttons.map((button) => Number(button.getAttribute('data-seconds'))));
  const target = times.find((time) => time > 0.2 && time < duration - 0.2);
  expect(target, 'a transcript line inside the demo file').toBeDefined();
  await page.locator(`.transcript-line .transcript-time[data-seconds="${target}"]`).first().click();
  await expect.poll(() => detail.currentTime()).toBeCloseTo(target ?? 0, 1);

  // Search highlights the matches and keeps only matching lines.
  await page.getByLabel('Search the transcript').fill('LUMINA');
  await expect(page.locator('.transcript-line mark').first()).toHaveText(/lumina/i);
  const texts = await page.locator('.transcript-line').allTextContents();
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts) expect(text.toLowerCase()).toContain('lumina');
});

test('every analysis tab renders its content', async ({ page, stack }) => {
  const video = await ownStorageVideo(stack);
  const detail = new VideoDetailPage(page);
  await detail.open(stack.webUrl, video._id);
  await expect(page.getByTestId('identify-badge')).toHaveText(/My video/);
  const expectations: [string, RegExp][] = [
    ['People in video', /First appears|No people recognised/],
    ['Transcript', /lines/],
    ['Brand safety', /Visual content/],
    ['Sentiment', /Overall sentiment/],
    ['Demographics', /Audience labels/],
    ['Notes', /Note on this video/],
    ['Associations', /match|No associated videos/],
    ['Products', /\$|No products recognised/],
  ];
  for (const [tab, content] of expectations) {
    await detail.openTab(tab);
    await expect(detail.tab(tab)).toHaveAttribute('aria-selected', 'true');
    await expect(detail.tabPanel).toContainText(content);
  }
  // Arrow keys move between tabs.
  await detail.tab('Products').focus();
  await page.keyboard.press('Home');
  await expect(detail.tab('People in video')).toHaveAttribute('aria-selected', 'true');
});

test('notes save and survive a reload; demographics labels are added, edited and deleted', async ({ page, stack }) => {
  const video = await ownStorageVideo(stack);
  const detail = new VideoDetailPage(page);
  await detail.open(stack.webUrl, video._id, 'notes');
  const note = `E2E note ${Date.now()}`;
  await page.getByLabel('Note on this video').fill(note);
  await page.getByRole('button', { name: 'Save note' }).click();
  await expect(page.getByText('Note saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Note on this video')).toHaveValue(note);

  await detail.openTab('Demographics');
  await page.getByLabel('Label', { exact: true }).fill('Core audience');
  await page.getByLabel('Age range').last().selectOption('25-30');
  await page.getByRole('button', { name: 'Add label' }).click();
  const label = page.getByTestId('demographics-label');
  await expect(label).toContainText('Core audience');
  await page.getByRole('button', { name: 'Edit label Core audience' }).click();
  await page.getByLabel('Label', { exact: true }).first().fill('Main audience');
  await page.getByRole('button', { name: 'Save label' }).click();
  await expect(label).toContainText('Main audience');
  await page.getByRole('button', { name: 'Delete label Main audience' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
  await expect(label).toHaveCount(0);
});

test('a title edit shows in the loaded list', async ({ page, stack }) => {
  await page.goto(`${stack.webUrl}/#/videos`);
  const firstRow = page.locator('.video-title__open').first();
  await expect(firstRow).toBeVisible();
  // A video with a creator to rename (a clip another spec submitted on this stack has none yet; see the closing note).
  const first = (await listVideos(stack, { per_page: '10' })).find((video) => video.creator_name !== null);
  if (!first) throw new Error('no videos');
  const detail = new VideoDetailPage(page);
  await detail.open(stack.webUrl, first._id);
  const title = `Renamed in e2e ${Date.now()}`;
  await page.getByRole('button', { name: 'Edit title and creator' }).click();
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Creator name').fill('E2E Creator');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(detail.title).toHaveText(title);
  await expect(page.getByText('By E2E Creator')).toBeVisible();
  await page.getByRole('link', { name: 'Videos', exact: false }).first().click();
  await expect(page.getByText(title)).toBeVisible();
});

test('sentiment feedback toggles and re-analyze shows its message', async ({ page, stack }) => {
  const video = await ownStorageVideo(stack);
  const detail = new VideoDetailPage(page);
  await detail.open(stack.webUrl, video._id, 'sentiment');
  const like = page.getByRole('button', { name: 'Like', exact: true });
  await expect(like).toBeVisible();
  const before = await like.getAttribute('aria-pressed');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', before === 'true' ? 'false' : 'true');
  await page.reload();
  await expect(like).toHaveAttribute('aria-pressed', before === 'true' ? 'false' : 'true');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', before ?? 'false');

  await page.getByRole('button', { name: 'Re-analyze' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Run the analysis of this video again?');
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('dialog')).toContainText(/Re-analysis started/);
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText(/Analysis processing|Analysing/).first()).toBeVisible();
  // The detail follows the analysis until it completes (the demo pipeline takes a few seconds).
  await expect(page.getByRole('button', { name: 'Re-analyze' })).toBeEnabled({ timeout: 30_000 });
});

test('a flagged video shows the notice; closing it returns to /videos', async ({ page, stack }) => {
  const flagged = (await listVideos(stack, { tab: 'Flagged' }))[0];
  if (!flagged) throw new Error('The demo workspace has no flagged video');
  const detail = new VideoDetailPage(page);
  await detail.open(stack.webUrl, flagged._id);
  const notice = page.getByRole('alertdialog', { name: MESSAGES.videoFlagged });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/#\/videos$/);
  await expect(page.locator('.video-title__open').first()).toBeVisible();
});

test('the popup opens from the list, traps focus, closes on Escape and See Video Analysis navigates', async ({ page, stack }) => {
  await page.goto(`${stack.webUrl}/#/videos`);
  const opener = page.locator('.video-title__open').first();
  await opener.click();
  const detail = new VideoDetailPage(page);
  await expect(detail.popup).toBeVisible();
  await expect(detail.popup.getByRole('button', { name: 'See Video Analysis' })).toBeVisible();
  await expect(detail.popup.getByRole('heading', { name: 'Sentiment Highlights' })).toBeVisible();
  await expect(detail.popup.getByTestId('popup-download')).toHaveAttribute('title', /.+/);
  const box = await detail.popup.boundingBox();
  expect(box?.width ?? 0).toBeLessThanOrEqual(1058);
  for (let i = 0; i < 12; i += 1) await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid="video-popup"]'))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(detail.popup).toHaveCount(0);
  await expect(opener).toBeFocused();

  // Escape closes it from the player too (native media controls keep the key from the bubble phase).
  await opener.click();
  const player = detail.popup.locator('video');
  if ((await player.count()) > 0) {
    const onPlayer = () => page.evaluate(() => document.activeElement?.tagName === 'VIDEO');
    for (let i = 0; i < 30 && !(await onPlayer()); i += 1) await page.keyboard.press('Tab');
    expect(await onPlayer(), 'Tab reaches the player').toBe(true);
    await page.keyboard.press('Escape');
    await expect(detail.popup).toHaveCount(0);
    await opener.click();
  }
  await detail.popup.getByRole('button', { name: 'See Video Analysis' }).click();
  await expect(page).toHaveURL(/#\/videos\/[0-9a-f]+/);
  await expect(detail.title).toBeVisible();
});

test('publish and unpublish each ask first, and No changes nothing', async ({ page, stack }) => {
  // One the shopper app does not show yet (the demo has published some).
  const video = await playableVideo(stack, (entry) => entry.platform === 'Reelscope_AWS_S3' && entry.analysis_stage === 'completed' && !entry.published);
  const detail = new VideoDetailPage(page);
  await detail.open(stack.webUrl, video._id);
  const publish = page.getByRole('button', { name: 'Publish to app' });
  await publish.click();
  await expect(page.getByRole('heading', { name: 'Publish to app' })).toBeVisible();
  await page.getByRole('button', { name: 'No' }).click();
  await expect(publish).toBeVisible();
  await publish.click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await page.getByRole('button', { name: 'Close' }).click();
  const unpublish = page.getByRole('button', { name: 'Unpublish' });
  await expect(unpublish).toBeVisible();
  await unpublish.click();
  await expect(page.getByRole('heading', { name: 'Unpublish video' })).toBeVisible();
  await expect(page.getByText('Take this video out of your shopper app?')).toBeVisible();
  await page.getByRole('button', { name: 'No' }).click();
  await expect(unpublish).toBeVisible();
  await unpublish.click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(publish).toBeVisible();
});

test('associations list the same creator\'s video of the same product and the other reviews of it', async ({ page, stack }) => {
  // Issue 26 item 17: the tab said nothing was related beside another video of the creator on the product.
  let subject: { id: string; other: string; reviews: number } | null = null;
  for (const video of await listVideos(stack)) {
    const { associations } = await getAsBrandManager<{ associations: { video_id: string; kind: string }[] }>(stack, `/videos/${video._id}/video_associations`);
    const other = associations.find((item) => item.kind === 'same_creator_and_product');
    if (other) {
      subject = { id: video._id, other: other.video_id, reviews: associations.filter((item) => item.kind === 'same_product').length };
      break;
    }
  }
  expect(subject, 'a demo video whose creator made another video of its product').not.toBeNull();
  const detail = new VideoDetailPage(page);
  await detail.open(stack.webUrl, subject!.id);
  await detail.openTab('Associations');
  const items = detail.tabPanel.locator('.detail-list__item');
  await expect(items.first()).toContainText('Same creator and product');
  await expect(items.first().getByRole('link')).toHaveAttribute('href', `#/videos/${subject!.other}`);
  expect(subject!.reviews).toBeGreaterThan(3);
  await expect(detail.tabPanel.getByText(/^Same product ·/)).toHaveCount(subject!.reviews);
  for (const skin of ['light', 'dark'] as const) {
    await callHost(stack, 'settings.update', { layout: { skin, rtl: false } });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-skin', skin);
    await detail.openTab('Associations');
    await expect(items.first()).toContainText('Same creator and product');
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `artifacts/screenshots/video-detail-associations-${skin}-${width}.png`, fullPage: true });
    }
  }
  await callHost(stack, 'settings.update', { layout: { skin: 'light', rtl: false } });
});
