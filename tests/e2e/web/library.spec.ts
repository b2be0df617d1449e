import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_ACCOUNTS } from '../../../src/shared/demoAccounts';
import type { TranscriptResponse, VideoDetail, VideoListItem, VideoListResponse } from '../../../src/shared/http/videos.schemas';
import { LibraryPage } from '../pages/LibraryPage';
import { LoginPage } from '../pages/LoginPage';
import { ShellPage } from '../pages/ShellPage';
import { VideoDetailPage } from '../pages/VideoDetailPage';
import { VideosListPage } from '../pages/VideosListPage';
import { getAsBrandManager } from '../support/backend';
import { expect, test } from '../support/fixtures';
import type { AppStack } from '../support/stack';

const ACCOUNT = DEMO_ACCOUNTS.brandManager;

/** An analysed own-storage video with a media file the back end serves. */
async function downloadableVideo(stack: AppStack): Promise<VideoListItem> {
  const { videos } = await getAsBrandManager<VideoListResponse>(stack, '/videos', { per_page: '100' });
  for (const video of videos.filter((entry) => entry.platform === 'Reelscope_AWS_S3' && !entry.is_flagged && entry.analysis_stage === 'completed')) {
    const { video: detail } = await getAsBrandManager<{ video: VideoDetail }>(stack, `/videos/${video._id}`);
    // A video with a line said inside its media (another spec on this stack may have added a short clip without one).
    const { transcription } = await getAsBrandManager<TranscriptResponse>(stack, `/videos/${video._id}/transcript`);
    const inside = transcription.some((line) => line.start_time > 0.5 && line.start_time < detail.duration_seconds - 0.5);
    if (detail.playable_url && inside) return video;
  }
  throw new Error('The demo workspace has no downloadable video');
}

/** Files of a folder with their sizes (empty when the folder does not exist yet). */
function filesIn(folder: string): { name: string; size: number }[] {
  try {
    return readdirSync(folder).map((name) => ({ name, size: statSync(join(folder, name)).size }));
  } catch {
    return [];
  }
}

test('download a video and export transcripts, then play and search them offline with the back end stopped', async ({ page, stack }) => {
  const video = await downloadableVideo(stack);
  const hostDir = join(stack.dataDir, 'host');
  const library = new LibraryPage(page);

  const login = new LoginPage(page);
  await login.open(stack.webUrl);
  await login.signIn(ACCOUNT.email, ACCOUNT.password);
  await expect(new ShellPage(page).greeting).toBeVisible();

  // 1. Download from the detail header; a second click while it runs starts nothing more.
  const detail = new VideoDetailPage(page);
  await detail.open(stack.webUrl, video._id);
  const download = page.getByTestId('detail-download');
  // Two clicks in a row (the demo file is small: a later second click could come after it finished).
  await download.dblclick();
  await expect(library.trayDownload(video.title)).toHaveCount(1);
  await expect(library.trayDownload(video.title)).toHaveAttribute('data-state', 'completed', { timeout: 60_000 });
  const downloaded = filesIn(join(hostDir, 'downloads')).filter((file) => !file.name.endsWith('.part'));
  expect(downloaded).toHaveLength(1);
  expect(downloaded[0]?.size).toBeGreaterThan(0);

  // 1b. Saved once, the button offers that copy instead of a second download; the library lists the video once.
  const openSaved = page.getByTestId('detail-open-offline');
  await expect(openSaved).toHaveText('Open offline copy');
  await expect(download).toHaveCount(0);
  await openSaved.click();
  await expect(library.heading).toBeVisible();
  await expect(library.viewer).toContainText(video.title);
  await expect(library.items.filter({ hasText: video.title })).toHaveCount(1);
  await page.goBack();
  await expect(openSaved).toBeVisible();

  // 2. "Download all transcripts" for everything the search matches (PDF by default).
  const list = new VideosListPage(page);
  await list.load(() => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Videos' }).click());
  await list.load(() => list.search.fill(video.title));
  await page.getByTestId('download-transcripts').click();
  await expect(library.exportDialog).toBeVisible();
  await expect(page.getByRole('radio', { name: /PDF/ })).toBeChecked();
  await expect(page.getByTestId('export-folder')).toHaveText(join(hostDir, 'exports'));
  await page.getByRole('button', { name: /^Export \d+ transcripts?$/ }).click();
  await expect(library.exportDialog).toBeHidden();
  await expect(library.trayExport).toHaveAttribute('data-state', 'completed', { timeout: 60_000 });
  const pdfs = filesIn(join(hostDir, 'exports')).filter((file) => file.name.endsWith('.pdf'));
  expect(pdfs.length).toBeGreaterThanOrEqual(1);
  for (const pdf of pdfs) expect(pdf.size).toBeGreaterThan(0);
  await page.screenshot({ path: 'artifacts/screenshots/downloads-tray-e2e.png' });

  // 3. The back end goes away; a fresh start offers the offline library, which plays and searches from disk.
  await stack.stopBackend();
  try {
    await page.reload();
    await expect(library.serverDownDialog).toBeVisible({ timeout: 30_000 });
    await library.serverDownDialog.getByRole('button', { name: 'Open offline library' }).click();
    await expect(library.heading).toBeVisible();
    await expect(library.serverDownDialog).toBeHidden();
    await expect(library.serverDownStrip).toBeVisible();

    await library.item('video', video.title).click();
    await expect(library.video).toBeVisible();
    const played = await library.playMuted();
    expect(played.readyState).toBeGreaterThanOrEqual(2);

    // Click-to-seek from the transcript beside the player (a line inside the short demo file).
    const duration = await library.duration();
    const times = await library.viewer.locator('.transcript-line .transcript-time').evaluateAll((buttons) => buttons.map((button) => Number(button.getAttribute('data-seconds'))));
    const target = times.find((time) => time > 0.2 && time < duration - 0.2);
    expect(target, 'a transcript line inside the demo file').toBeDefined();
    await library.viewer.locator(`.transcript-line .transcript-time[data-seconds="${target}"]`).first().click();
    await expect.poll(() => library.currentTime()).toBeGreaterThanOrEqual((target ?? 0) - 0.05);

    // Search across every offline transcript with a word of that video's transcript.
    const line = await library.viewer.locator('.transcript-line__text').first().innerText();
    const word = line.split(/\s+/).find((part) => part.replace(/\W/g, '').length >= 4)?.replace(/\W/g, '') ?? line.slice(0, 4);
    await library.search.fill(word);
    await expect(library.searchHits.first()).toBeVisible();
    await expect(library.searchHits.filter({ hasText: video.title }).first()).toBeVisible();
    await expect(library.page.locator('[data-testid="library-search-results"] mark').first()).toHaveText(new RegExp(word, 'i'));
    await page.screenshot({ path: 'artifacts/screenshots/library-offline-e2e.png' });
  } finally {
    await stack.startBackend();
  }
});
