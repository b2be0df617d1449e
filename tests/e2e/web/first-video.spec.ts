/**
 * Issue 5 "Done when": a new brand signs up, completes brand details, uploads a local mp4 with an .srt beside it,
 * sees the first-video tutorial and — with the back end's analysis delay shortened (REELSCOPE_ANALYSIS_DELAY_MS) and
 * the host's poll sped up through its test clock (REELSCOPE_TEST_CLOCK_SPEED, test-only; ANALYSIS_POLL_MS stays
 * 300000) — sees the video complete, the first-video-analyzed tutorial, and sentiment and topics from that .srt.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { MESSAGES, TUTORIAL_TEXTS } from '../../../src/shared/messages';
import { callHost } from '../support/fixtures';
import { AppStack } from '../support/stack';

const MP4 = resolve(import.meta.dirname, '../../../resources/media/reelscope-demo-1.mp4');
const SRT = `1
00:00:00,000 --> 00:00:03,000
I love this serum, the texture is lightweight and not greasy at all.

2
00:00:03,000 --> 00:00:06,000
The price is great value for money and my skin looks amazing.

3
00:00:06,000 --> 00:00:09,000
Honestly the best moisturizer I have tried, I am so happy with the results.
`;
/** A 1×1 PNG for the logo. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkaPhfDwAE/wH+e7TlQwAAAABJRU5ErkJggg==', 'base64');

test.describe.configure({ mode: 'serial' });
let stack: AppStack;
test.beforeAll(async () => {
  // 600× host clock: the 300000 ms poll checks every 500 ms. The analysis takes 3 s instead of about 10 minutes.
  stack = new AppStack({ backend: { REELSCOPE_ANALYSIS_DELAY_MS: '3000' }, web: { REELSCOPE_TEST_CLOCK_SPEED: '600' } });
  await stack.start();
});
test.afterAll(async () => stack?.stop());

test('a new brand signs up, uploads its first video with subtitles and is guided until the analysis is done', async ({ page }) => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), 'reelscope-first-video-'));
  const srt = join(dir, 'first-review.srt');
  const logo = join(dir, 'logo.png');
  writeFileSync(srt, SRT);
  writeFileSync(logo, PNG);

  // The keychain entry is shared by every web host on this machine: start signed out, as the fixture does.
  await callHost(stack, 'session.logout');
  await page.goto(`${stack.webUrl}/#/signup`);
  await page.getByLabel('First name').fill('Ana');
  await page.getByLabel('Last name').fill('Lee');
  await page.getByLabel('Brand name').fill('Northwind Skin');
  await page.getByLabel('Email', { exact: true }).fill(`ana+${Date.now()}@northwind.example`);
  await page.getByLabel('Password', { exact: true }).fill('a-long-password-1');
  await page.getByRole('button', { name: 'Create account' }).click();

  // Brand details with a logo (multipart).
  await expect(page).toHaveURL(/#\/onboarding$/);
  await expect(page.getByRole('heading', { name: 'Tell us about your brand' })).toBeVisible();
  await page.getByLabel('Brand name').fill('Northwind Skincare');
  await page.getByLabel(/^Logo/).setInputFiles(logo);
  await expect(page.getByAltText('Logo preview')).toBeVisible();
  await page.screenshot({ path: 'artifacts/screenshots/onboarding-brand-details.png' });
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('heading', { name: 'Add your first video' })).toBeVisible();

  // A refused file: clear message, nothing sent.
  await page.getByRole('button', { name: 'Add your first video' }).click();
  const modal = page.getByRole('dialog', { name: 'Add videos' });
  await modal.getByLabel('Video file').setInputFiles({ name: 'clip.mov', mimeType: 'video/quicktime', buffer: Buffer.from('not sent') });
  await expect(modal.getByText('Only video files can be uploaded')).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Upload' })).toBeDisabled();

  // The mp4 with its .srt beside it.
  await modal.getByLabel('Video file').setInputFiles([MP4, srt]);
  await expect(modal.getByText('Subtitles: first-review.srt')).toBeVisible();
  await page.screenshot({ path: 'artifacts/screenshots/upload-modal-files.png' });
  await modal.getByRole('button', { name: 'Upload' }).click();

  // First-video tutorial on My Videos (spec §4): step counter, Back hidden on step 1.
  await expect(page).toHaveURL(/#\/videos$/);
  const tutorial = page.locator('[data-tutorial="first-video"]');
  await expect(tutorial.getByRole('heading', { name: TUTORIAL_TEXTS.firstVideo[0].title })).toBeVisible();
  await expect(tutorial).toContainText('Step 1 of 2');
  await expect(tutorial.getByRole('button', { name: 'Back' })).toHaveCount(0);
  await page.screenshot({ path: 'artifacts/screenshots/tutorial-first-video-1.png' });
  await tutorial.getByRole('button', { name: 'Next' }).click();
  await expect(tutorial).toContainText('Step 2 of 2');
  await expect(tutorial).toContainText('minimum of 5 videos');
  await expect(tutorial.getByRole('button', { name: 'Back' })).toBeVisible();
  await page.screenshot({ path: 'artifacts/screenshots/tutorial-first-video-2.png' });
  // Upload More Videos opens the upload modal, ends the tutorial and clears the tutorial-screen flag.
  await tutorial.getByRole('button', { name: TUTORIAL_TEXTS.uploadMoreVideos }).click();
  await expect(page.getByRole('dialog', { name: 'Add videos' })).toBeVisible();
  await expect(tutorial).toHaveCount(0);
  type Markers = { markers: { tutorialScreen: string | null; firstAnalysis: string | null } };
  await expect.poll(async () => ((await callHost(stack, 'settings.get')) as Markers).markers.tutorialScreen).toBeNull();
  const settings = (await callHost(stack, 'settings.get')) as Markers;
  expect(settings.markers.firstAnalysis).toMatch(/^[^,]+,(pending|completed)$/);
  const videoId = settings.markers.firstAnalysis!.split(',')[0]!;
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Add videos' })).toHaveCount(0);

  // The host's poll (sped-up clock) sees the completed analysis: marker, event, tutorial.
  const analyzed = page.locator('[data-tutorial="first-video-analyzed"]');
  await expect(analyzed.getByRole('heading', { name: MESSAGES.firstVideoAnalyzed })).toBeVisible({ timeout: 45_000 });
  await expect(analyzed).toContainText('Step 1 of 2');
  await page.screenshot({ path: 'artifacts/screenshots/tutorial-first-video-analyzed.png' });
  expect(((await callHost(stack, 'settings.get')) as { markers: { firstAnalysis: string } }).markers.firstAnalysis).toBe(`${videoId},completed`);
  const poll = (await callHost(stack, 'analysis.pollStatus')) as { intervalMs: number; active: boolean };
  expect(poll).toMatchObject({ intervalMs: 300000, active: false });
  await analyzed.getByRole('button', { name: 'Next' }).click();
  await analyzed.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/#\/videos$/);

  // Sentiment and topics computed from the .srt, on the detail page.
  const tokens = (await callHost(stack, 'secrets.getToken', undefined, page)) as { jwt: string };
  const status = (await (await fetch(`${stack.backendUrl}/jwt_api/videos/${videoId}/status`, { headers: { authorization: `Bearer ${tokens.jwt}` } })).json()) as {
    analysis_stage: string; analysis: { transcript_source: string; sentiment: { positive: number } | null; topics: { topic: string }[] };
  };
  expect(status.analysis_stage).toBe('completed');
  expect(status.analysis.transcript_source).toBe('subtitle_file');
  expect(status.analysis.sentiment?.positive ?? 0).toBeGreaterThan(0.5);
  expect(status.analysis.topics.length).toBeGreaterThan(0);

  await page.goto(`${stack.webUrl}/#/videos/${videoId}?tab=brand-safety`);
  await expect(page.getByTestId('video-title')).toBeVisible();
  await expect(page.getByRole('tabpanel')).toContainText(status.analysis.topics[0]!.topic);
  await page.goto(`${stack.webUrl}/#/videos/${videoId}?tab=sentiment`);
  await expect(page.getByRole('tabpanel')).toContainText('Positive');
  await page.goto(`${stack.webUrl}/#/videos/${videoId}?tab=transcript`);
  await expect(page.getByRole('tabpanel')).toContainText('texture is lightweight');
});
