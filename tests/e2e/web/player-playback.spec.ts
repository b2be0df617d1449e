import { DEMO_ACCOUNTS } from '../../../src/shared/demoAccounts';
import { LoginPage } from '../pages/LoginPage';
import { ShellPage } from '../pages/ShellPage';
import { VideoDetailPage } from '../pages/VideoDetailPage';
import { playableVideo } from '../support/backend';
import { expect, test } from '../support/fixtures';
import { withOwnStack } from '../support/stack';

test.beforeEach(async ({ page, stack }) => {
  const login = new LoginPage(page);
  await login.open(stack.webUrl);
  await login.signIn(DEMO_ACCOUNTS.brandManager.email, DEMO_ACCOUNTS.brandManager.password);
  await expect(new ShellPage(page).greeting).toBeVisible();
});

test('a click on a late transcript line plays from that second: the demo media are as long as their transcripts', async ({ page, stack }) => {
  const video = await playableVideo(stack, (entry) => entry.analysis_stage === 'completed');
  const detail = new VideoDetailPage(page);
  await detail.open(stack.webUrl, video._id, 'transcript');
  await detail.playMuted();
  const times = await page.locator('.transcript-line .transcript-time').evaluateAll((buttons) => buttons.map((button) => Number(button.getAttribute('data-seconds'))));
  const last = Math.max(...times);
  expect(last).toBeGreaterThan(120);
  expect(await detail.duration()).toBeGreaterThan(last + 5);
  for (const target of [times.find((time) => time >= 25) ?? 25, last]) {
    await page.locator(`.transcript-line .transcript-time[data-seconds="${target}"]`).first().click();
    await expect.poll(() => detail.currentTime()).toBeGreaterThanOrEqual(target - 0.5);
    // Playing on from there, not parked at the end of a short file.
    await detail.player.evaluate(async (element) => {
      const media = element as HTMLVideoElement;
      media.muted = true;
      await media.play();
    });
    await expect.poll(() => detail.currentTime()).toBeGreaterThan(target + 1);
    expect(await detail.player.evaluate((element) => (element as HTMLVideoElement).ended)).toBe(false);
    await detail.player.evaluate((element) => (element as HTMLVideoElement).pause());
  }
});

test('a cited moment (a report link, /videos/{id}?t=SECONDS) opens the video there', async ({ page, stack }) => {
  const video = await playableVideo(stack, (entry) => entry.analysis_stage === 'completed');
  const detail = new VideoDetailPage(page);
  await page.goto(`${stack.webUrl}/#/videos/${video._id}?t=95.5`);
  await expect(detail.player).toBeVisible();
  await expect.poll(() => detail.currentTime()).toBeGreaterThanOrEqual(95);
  expect(await detail.currentTime()).toBeLessThan(97);
  // A time that is not one opens the video from the start (a fresh load of the app, as a second link would be).
  await page.goto(`${stack.webUrl}/#/videos/${video._id}?t=soon`);
  await page.reload();
  await expect(detail.player).toBeVisible();
  await expect.poll(() => detail.player.evaluate((element) => (element as HTMLVideoElement).readyState)).toBeGreaterThan(0);
  expect(await detail.currentTime()).toBe(0);
});

test('a video under analysis keeps playing while the page checks its status again and again', async ({ page }) => {
  test.setTimeout(180_000);
  // A back end of its own whose analysis takes as long as a real one: a video re-analysed there stays under analysis
  // for the whole test (the demo's own videos all finish at the first start, and the shared stack's take 2 s).
  await withOwnStack([{ backend: { REELSCOPE_ANALYSIS_DELAY_MS: '600000' } }], async (stack) => {
    const video = await playableVideo(stack, (entry) => entry.analysis_stage === 'completed');
    const { jwt } = (await (await fetch(`${stack.backendUrl}/jwt_api/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: DEMO_ACCOUNTS.brandManager.email, password: DEMO_ACCOUNTS.brandManager.password }),
    })).json()) as { jwt: string };
    const again = await fetch(`${stack.backendUrl}/second/reanalyze`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` }, body: JSON.stringify({ videoId: video._id }) });
    expect(again.status, await again.clone().text()).toBe(200);
    const login = new LoginPage(page);
    await login.open(stack.webUrl);
    await login.signIn(DEMO_ACCOUNTS.brandManager.email, DEMO_ACCOUNTS.brandManager.password);
    await expect(new ShellPage(page).greeting).toBeVisible();
    const detail = new VideoDetailPage(page);
    await detail.open(stack.webUrl, video._id);
    await detail.player.evaluate((element) => element.setAttribute('data-e2e-original', 'yes'));
    const src = await detail.player.locator('source').getAttribute('src');
    const detailReads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(`/jwt_api/videos/${video._id}?`) || request.url().endsWith(`/jwt_api/videos/${video._id}`)) detailReads.push(request.url());
    });
    await detail.player.evaluate(async (element) => {
      const media = element as HTMLVideoElement;
      media.muted = true;
      await media.play();
    });
    // The page reads the video again every 4 s while it is analysed; wait through three of those reads.
    await expect.poll(() => detailReads.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    const state = await detail.player.evaluate((element) => {
      const media = element as HTMLVideoElement;
      return { original: element.getAttribute('data-e2e-original'), time: media.currentTime, paused: media.paused };
    });
    expect(state.original).toBe('yes');
    expect(state.paused).toBe(false);
    // Twelve seconds and more of uninterrupted playback (a restart would put it back near 0).
    expect(state.time).toBeGreaterThan(10);
    expect(await detail.player.locator('source').getAttribute('src')).toBe(src);
  });
});
