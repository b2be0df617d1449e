import { DEMO_ACCOUNTS } from '../../../src/shared/demoAccounts';
import { NOT_ANALYSED_REASONS } from '../../../src/shared/messages';
import type { VideoDetail } from '../../../src/shared/http/videos.schemas';
import { LoginPage } from '../pages/LoginPage';
import { ShellPage } from '../pages/ShellPage';
import { VideoDetailPage } from '../pages/VideoDetailPage';
import type { AppStack } from '../support/stack';
import { getAsBrandManager } from '../support/backend';
import { callHost, expect, test } from '../support/fixtures';

const ACCOUNT = DEMO_ACCOUNTS.brandManager;

/** Adds a YouTube link as the demo brand manager would (the back end's own route), and answers its id. */
async function submitLink(stack: AppStack, url: string): Promise<string> {
  const login = await fetch(`${stack.backendUrl}/jwt_api/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ACCOUNT.email, password: ACCOUNT.password }),
  });
  const { jwt } = (await login.json()) as { jwt: string };
  const response = await fetch(`${stack.backendUrl}/second/video/submit-video-url`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` }, body: JSON.stringify({ url }),
  });
  expect(response.ok, await response.clone().text()).toBe(true);
  return ((await response.json()) as { video: { _id: string } }).video._id;
}

test('a link analysed offline says per part what was not analysed and why, never Neutral 100 %, Safe, None or No', async ({ page, stack }) => {
  const id = await submitLink(stack, `https://www.youtube.com/watch?v=nA${String(Date.now()).slice(-9)}`);
  await expect.poll(async () => (await getAsBrandManager<{ video: VideoDetail }>(stack, `/videos/${id}`)).video.analysis_stage, { timeout: 30_000 }).toBe('completed');

  const login = new LoginPage(page);
  await login.open(stack.webUrl);
  await login.signIn(ACCOUNT.email, ACCOUNT.password);
  await expect(new ShellPage(page).greeting).toBeVisible();
  const detail = new VideoDetailPage(page);
  const offline = NOT_ANALYSED_REASONS.linkNotLocal;

  for (const [skin, rtl] of [['light', false], ['dark', false], ['light', true]] as const) {
    await callHost(stack, 'settings.update', { layout: { skin, rtl } });
    await detail.open(stack.webUrl, id);
    await expect(page.locator('html')).toHaveAttribute('data-skin', skin);
    const suffix = `${skin}${rtl ? '-rtl' : ''}`;

    await detail.openTab('Brand safety');
    for (const [fact, shown] of [['Visual content', offline], ['Foul language', offline], ['Sponsored', offline], ['Audio', offline], ['Scene and point of view', offline], ['Topics', offline]] as const) {
      await expect(detail.tabPanel.locator('.detail-facts__item').filter({ hasText: fact }).locator('dd')).toHaveText(shown);
    }
    await expect(detail.tabPanel).not.toContainText(/\bSafe\b|\bNone\b|No audio labels|Not recognised/);
    await page.screenshot({ path: `artifacts/screenshots/not-analysed-brand-safety-${suffix}.png`, fullPage: true });

    await detail.openTab('Sentiment');
    await expect(detail.tabPanel.getByRole('region', { name: 'Sentiment not analysed' })).toContainText(offline);
    await expect(detail.tabPanel).not.toContainText(/Neutral|Overall sentiment|Sentiment Highlights/);
    await page.screenshot({ path: `artifacts/screenshots/not-analysed-sentiment-${suffix}.png`, fullPage: true });

    await detail.openTab('Demographics');
    await expect(detail.tabPanel.getByRole('region', { name: 'Audience not analysed' })).toContainText(NOT_ANALYSED_REASONS.noAudienceData);
    await expect(detail.tabPanel).not.toContainText('0%');

    await detail.openTab('Transcript');
    await expect(detail.tabPanel).toContainText(`Transcript ${offline}.`);
    await page.screenshot({ path: `artifacts/screenshots/not-analysed-transcript-${suffix}.png`, fullPage: true });
  }
  await callHost(stack, 'settings.update', { layout: { skin: 'light', rtl: false } });
});
