import type { Page, Route } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../../src/shared/demoAccounts';
import { ANALYSIS_TEXTS } from '../../../src/shared/analysisProgress';
import { NOT_ANALYSED_REASONS } from '../../../src/shared/messages';
import type { AnalysisSettings } from '../../../src/shared/http/analysisSettings.schemas';
import { SPEECH_MODEL_BYTES } from '../../../src/shared/http/analysisSettings.schemas';
import type { VideoStatusResponse } from '../../../src/shared/http/uploads.schemas';
import type { TranscriptResponse, VideoDetail, VideoListResponse } from '../../../src/shared/http/videos.schemas';
import { VideoDetailPage } from '../pages/VideoDetailPage';
import { playableVideo } from '../support/backend';
import { expect, test } from '../support/fixtures';
import { shootSkins } from '../support/screenshots';
import { signInAsManager } from '../support/signIn';
import type { AppStack } from '../support/stack';

/*
 * The screens of issue 41's analysis (Transcript tracks, progress bar, failure, list mark, Settings → Analysis, a link's
 * "Add the file") in the real app on the embedded back end. Until the back end answers the new fields (track,
 * progress, failure, analysis_progress, /settings/analysis, POST /videos/:id/media) this spec adds them to the real
 * answers in the browser (page.route): it checks the screens, not the analysis; the issue's own e2e runs the real thing.
 */

const shot = (page: Page, name: string) => page.screenshot({ path: `artifacts/screenshots/analysis-${name}.png`, fullPage: true });
const onPath = (path: string) => (url: URL) => url.pathname === path;
const json = (route: Route, body: unknown) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });

function status(videoId: string, overrides: Partial<VideoStatusResponse>): VideoStatusResponse {
  return {
    video_id: videoId, analysis_stage: 'processing', due_at: null,
    analysis: { transcript_source: null, transcript_lines: 0, note: null, language: null, sentiment: null, topics: [], keywords: [], foul_language: null, mentions: [], runs: 1, completed_at: null, screen_lines: 0, speech_seconds: null, audio: null, sponsor: null },
    progress: null, failure: null, ...overrides,
  };
}

async function submitLink(stack: AppStack, url: string): Promise<string> {
  const { email, password } = DEMO_ACCOUNTS.brandManager;
  const login = await fetch(`${stack.backendUrl}/jwt_api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  const { jwt } = (await login.json()) as { jwt: string };
  const response = await fetch(`${stack.backendUrl}/second/video/submit-video-url`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` }, body: JSON.stringify({ url }) });
  return ((await response.json()) as { video: { _id: string } }).video._id;
}

test('Transcript tab: Speech, On screen and All by time, each line seeking the player', async ({ page, stack }) => {
  const video = await playableVideo(stack, (entry) => entry.analysis_stage === 'completed' && !entry.is_competitor);
  await page.route(onPath(`/jwt_api/videos/${video._id}/transcript`), async (route) => {
    const body = (await (await route.fetch()).json()) as TranscriptResponse;
    const screenLines = [
      { line_no: 0, start_time: 0, content: '20% OFF · #ad', sentiment: 'neutral' as const, speaker: null, track: 'screen' as const },
      { line_no: 1, start_time: 6, content: 'Glow Serum — glowserum.com', sentiment: 'neutral' as const, speaker: null, track: 'screen' as const },
    ];
    await json(route, { ...body, transcription: [...body.transcription.slice(0, 8), ...screenLines] });
  });
  await signInAsManager(page, stack.webUrl);
  const detail = new VideoDetailPage(page);
  await detail.open(stack.webUrl, video._id, 'transcript');
  const tracks = page.getByRole('radiogroup', { name: 'Transcript track' });
  await expect(tracks.getByRole('radio', { name: /^Speech/ })).toBeChecked();
  await expect(detail.tabPanel.locator('.transcript-line').first()).toBeVisible();
  await shot(page, 'transcript-speech');
  await tracks.getByText(ANALYSIS_TEXTS.trackScreen).click();
  await expect(detail.tabPanel.locator('.transcript-line')).toHaveCount(2);
  await shot(page, 'transcript-screen');
  await tracks.getByText(ANALYSIS_TEXTS.trackAll).click();
  await expect(detail.tabPanel.locator('.transcript-line').first()).toContainText('20% OFF · #ad');
  await expect(detail.tabPanel.locator('.transcript-line__track').first()).toHaveText(ANALYSIS_TEXTS.trackScreen);
  await shot(page, 'transcript-all');
  await detail.tabPanel.locator('.transcript-line').filter({ hasText: 'glowserum.com' }).locator('.transcript-time').click();
  await expect.poll(() => detail.player.evaluate((element) => Math.round((element as HTMLVideoElement).currentTime))).toBe(6);
  // The mixed track in dark and right to left too (the tag and the dashed edge sit at the line's start).
  await shootSkins(page, stack, `/videos/${video._id}?tab=transcript`, 'analysis-transcript-all-skins', async (shown) => {
    await shown.getByRole('radiogroup', { name: 'Transcript track' }).getByText(ANALYSIS_TEXTS.trackAll).click();
    await expect(shown.locator('.transcript-line__track').first()).toBeVisible();
  });
});

test('detail: the progress bar follows the status, then the failure with Try again', async ({ page, stack }) => {
  const video = await playableVideo(stack, (entry) => entry.analysis_stage === 'completed' && !entry.is_competitor);
  let answer = status(video._id, { progress: { step: 'transcribing', fraction: 0.4 } });
  await page.route(onPath(`/jwt_api/videos/${video._id}/status`), (route) => json(route, answer));
  await page.route(onPath(`/jwt_api/videos/${video._id}`), async (route) => {
    const body = (await (await route.fetch()).json()) as { video: VideoDetail };
    await json(route, { video: { ...body.video, analysis_stage: answer.analysis_stage } });
  });
  await signInAsManager(page, stack.webUrl);
  const detail = new VideoDetailPage(page);
  await detail.open(stack.webUrl, video._id, 'transcript');
  const bar = page.getByRole('progressbar');
  await expect(bar).toHaveAttribute('aria-valuenow', '40');
  await expect(page.getByText('Transcribing speech · 40 %')).toBeVisible();
  await shot(page, 'progress-transcribing');
  answer = status(video._id, { progress: { step: 'reading_screen', fraction: 0.7 } });
  await expect(bar).toHaveAttribute('aria-valuenow', '70');
  await expect(page.getByText('Reading text on screen · 70 %')).toBeVisible();
  answer = status(video._id, { analysis_stage: 'completed', failure: 'Transcription failed: the service refused the key' });
  await expect(page.getByRole('alert').filter({ hasText: 'Transcription failed: the service refused the key' })).toBeVisible();
  await expect(page.getByRole('button', { name: ANALYSIS_TEXTS.tryAgain })).toBeVisible();
  await shot(page, 'failure');
});

test("the list marks videos being analysed, with their share done", async ({ page, stack }) => {
  await page.route((url) => url.pathname === '/jwt_api/videos' && !url.searchParams.has('ids'), async (route) => {
    const body = (await (await route.fetch()).json()) as VideoListResponse;
    const videos = body.videos.map((row, index) => index === 0 ? { ...row, analysis_stage: 'processing' as const, analysis_progress: { step: 'transcribing' as const, fraction: 0.4 } }
      : index === 1 ? { ...row, analysis_stage: 'pending' as const, analysis_progress: null } : index === 2 ? { ...row, analysis_stage: 'processing' as const } : row);
    await json(route, { ...body, videos });
  });
  await signInAsManager(page, stack.webUrl, '/videos');
  const marks = page.getByTestId('analysing-mark');
  await expect(marks.first()).toHaveText(`${ANALYSIS_TEXTS.beingAnalysed} · 40 %`);
  await expect(marks.filter({ hasText: ANALYSIS_TEXTS.waiting })).toHaveCount(1);
  await shot(page, 'list-marks');
});

test('Settings → Analysis: the engine in use, the service only when configured, the model and the workers', async ({ page, stack }) => {
  const settings: AnalysisSettings = { speech_engine: 'local', speech_model: 'base', service: { configured: false, url_host: null }, model_state: 'missing', model_bytes: SPEECH_MODEL_BYTES.base, workers: 2, max_workers: 2 };
  await page.route(onPath('/jwt_api/settings/analysis'), (route) => json(route, settings));
  await signInAsManager(page, stack.webUrl, '/settings');
  const card = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Analysis', exact: true }) });
  await expect(card.getByText('Will download on first use (142 MB)')).toBeVisible();
  await expect(card.getByRole('radio', { name: /Transcription service/ })).toBeDisabled();
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: 'artifacts/screenshots/analysis-settings.png' });
});

test('a link video says its file stays on the platform and offers Add the file', async ({ page, stack }) => {
  const id = await submitLink(stack, `https://www.youtube.com/watch?v=aF${String(Date.now()).slice(-9)}`);
  const posted: string[] = [];
  await page.route(onPath(`/jwt_api/videos/${id}/media`), async (route) => {
    posted.push(route.request().headers()['content-type'] ?? '');
    await json(route, status(id, { analysis_stage: 'pending' }));
  });
  await signInAsManager(page, stack.webUrl);
  const detail = new VideoDetailPage(page);
  await detail.open(stack.webUrl, id, 'transcript');
  await expect(page.getByText("This video's file is not on this computer: it stays on YouTube.")).toBeVisible();
  await expect(detail.tabPanel.getByTestId('transcript-empty')).toHaveText(`Transcript ${NOT_ANALYSED_REASONS.linkNotLocal}.`);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await shot(page, 'link-video');
  await page.getByTestId('add-file-input').setInputFiles({ name: 'serum.mp4', mimeType: 'video/mp4', buffer: Buffer.from([0, 0, 0, 24, 102, 116, 121, 112]) });
  await expect.poll(() => posted.length).toBe(1);
  expect(posted[0]).toMatch(/^multipart\/form-data; boundary=/);
});
