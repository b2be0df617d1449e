import { DEMO_ACCOUNTS } from '../../../src/shared/demoAccounts';
import type { TranscriptResponse, VideoDetail, VideoListItem, VideoListResponse } from '../../../src/shared/http/videos.schemas';
import { LoginPage } from '../pages/LoginPage';
import { ShellPage } from '../pages/ShellPage';
import { VideosListPage } from '../pages/VideosListPage';
import { getAsBrandManager } from '../support/backend';
import { expect, test } from '../support/fixtures';
import type { AppStack } from '../support/stack';

/** Analysed videos in three different languages (the demo speaks several). */
async function videosInThreeLanguages(stack: AppStack): Promise<{ video: VideoListItem; language: string }[]> {
  const { videos } = await getAsBrandManager<VideoListResponse>(stack, '/videos', { per_page: '250' });
  const picked: { video: VideoListItem; language: string }[] = [];
  for (const video of videos.filter((entry) => entry.analysis_stage === 'completed' && !entry.is_flagged)) {
    const { video: detail } = await getAsBrandManager<{ video: VideoDetail }>(stack, `/videos/${video._id}`);
    // Spoken at length: a clip another spec on this worker's stack submitted is analysed with no transcript.
    const { total_lines: lines } = await getAsBrandManager<TranscriptResponse>(stack, `/videos/${video._id}/transcript`);
    if (lines >= 20 && !picked.some((entry) => entry.language === detail.language)) picked.push({ video, language: detail.language });
    if (picked.length === 3) break;
  }
  return picked;
}

test('three video popups read as varied speech: no line said twice, within a video or across them', async ({ page, stack }) => {
  const picked = await videosInThreeLanguages(stack);
  expect(picked.map((entry) => entry.language)).toHaveLength(3);

  const login = new LoginPage(page);
  await login.open(stack.webUrl);
  await login.signIn(DEMO_ACCOUNTS.brandManager.email, DEMO_ACCOUNTS.brandManager.password);
  await expect(new ShellPage(page).greeting).toBeVisible();
  const list = new VideosListPage(page);
  await list.load(() => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Videos' }).click());

  const heard = new Set<string>();
  for (const { video, language } of picked) {
    await list.load(() => list.search.fill(video.title));
    await page.getByRole('table', { name: 'Videos' }).getByRole('button', { name: video.title, exact: true }).first().click();
    const popup = page.getByTestId('video-popup');
    await expect(popup).toBeVisible();
    const lines = popup.locator('.transcript-line__text');
    await expect(lines.nth(19)).toBeVisible();
    const said = await lines.allInnerTexts();
    expect(new Set(said).size, `${video.title}: every line distinct`).toBe(said.length);
    for (const line of said) {
      expect(heard.has(line), `"${line}" said in another video too`).toBe(false);
      heard.add(line);
    }
    await lines.nth(6).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `artifacts/screenshots/popup-speech-${language}.png` });
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
  }
});
