import AxeBuilder from '@axe-core/playwright';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../../src/shared/demoAccounts';
import type { Campaign } from '../../../src/shared/http/campaigns.schemas';
import { SUBMISSION_MESSAGES } from '../../../src/shared/http/campaignSubmission.schemas';
import { UPLOAD_MESSAGES } from '../../../src/shared/http/uploads.schemas';
import { VideosListPage } from '../pages/VideosListPage';
import { callHost, expect, test } from '../support/fixtures';
import type { AppStack } from '../support/stack';
import { signInAsManager } from '../support/signIn';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const scratch = () => mkdtempSync(join(tmpdir(), 'reelscope-submit-'));

/** A short real video (ffmpeg's test pattern with a tone), as a creator's phone would send. */
function creatorVideo(): string {
  const path = join(scratch(), 'My morning routine.mp4');
  execFileSync('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440',
    '-t', '2', '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-c:a', 'aac', '-shortest', '-y', path]);
  return path;
}

/** A published campaign made through the API as the demo manager, with a banner: the subject of the test, not what it asserts. */
async function publishedCampaign(stack: AppStack, fields: Record<string, unknown>): Promise<Campaign> {
  const { email, password } = DEMO_ACCOUNTS.brandManager;
  const login = await fetch(`${stack.backendUrl}/jwt_api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  const { jwt } = (await login.json()) as { jwt: string };
  const auth = { authorization: `Bearer ${jwt}` };
  const created = await fetch(`${stack.backendUrl}/jwt_api/campaigns`, {
    method: 'POST', headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ publish: true, campaign: { start_date: day(-2), start_time: '09:00', end_date: day(30), end_time: '18:00', ...fields } }),
  });
  const { campaign } = (await created.json()) as { campaign: Campaign };
  const banner = join(scratch(), 'banner.jpg');
  execFileSync('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=1200x628', '-frames:v', '1', '-y', banner]);
  const form = new FormData();
  form.append('banner', new Blob([readFileSync(banner)], { type: 'image/jpeg' }), 'banner.jpg');
  const stored = await fetch(`${stack.backendUrl}/jwt_api/campaigns/${campaign._id}/banner?brand_id=${campaign.brand_id}`, { method: 'POST', headers: auth, body: form });
  if (stored.status !== 200) throw new Error(`banner upload answered ${stored.status}`);
  return campaign;
}

/** The submission link, read from the QR code's PNG as a creator's phone would. */
async function linkFromQrCode(page: Page, headline: string): Promise<string> {
  await page.getByRole('searchbox', { name: 'Search campaigns' }).fill(headline);
  await page.getByRole('button', { name: `QR code: ${headline}` }).click();
  const modal = page.getByRole('dialog', { name: 'Campaign QR code' });
  const [download] = await Promise.all([page.waitForEvent('download'), modal.getByRole('link', { name: 'Download PNG' }).click()]);
  const file = join(scratch(), download.suggestedFilename());
  await download.saveAs(file);
  await modal.getByRole('button', { name: 'Close' }).click();
  return execFileSync('zbarimg', ['--quiet', '--raw', file], { encoding: 'utf8' }).trim();
}

/** A browser with no session at all: what a creator who scanned the code has. */
async function creatorPage(browser: Browser, options: { colorScheme?: 'light' | 'dark'; width?: number } = {}): Promise<Page> {
  const context = await browser.newContext({ colorScheme: options.colorScheme ?? 'light', viewport: { width: options.width ?? 1440, height: 900 } });
  return context.newPage();
}

test('a creator scans the QR code, opens the page without an account, sends a video, and it shows in the Campaigns tab and on the campaign', async ({ page, stack, browser }) => {
  test.setTimeout(180_000);
  const headline = `Morning routine ${Date.now() % 100000}`;
  const campaign = await publishedCampaign(stack, {
    campaign_headline: headline, campaign_hashtag: 'MorningGlow', description: 'Show how the serum fits your morning: 30 seconds, natural light.',
    campaign_reward: '$50 gift card', campaign_button_color: '#1D4ED8', campaign_button_text_color: '#FFFFFF', preview_color_change: '#F3EEE6',
  });
  await signInAsManager(page, stack.webUrl, '/campaigns');
  const link = await linkFromQrCode(page, headline);
  expect(link).toBe(`${stack.backendUrl}/campaigns/${campaign._id}/submit`);

  const creator = await creatorPage(browser);
  const blocked: string[] = [];
  creator.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });
  await creator.goto(link);
  await expect(creator.getByRole('heading', { level: 1, name: headline })).toBeVisible();
  await expect(creator.getByText('#MorningGlow')).toBeVisible();
  await expect(creator.locator('img.banner')).toHaveJSProperty('naturalWidth', 1200);
  await expect(creator.getByRole('button', { name: 'Submit your video' })).toHaveCSS('background-color', 'rgb(29, 78, 216)');
  await expect(creator.locator('body')).toHaveCSS('background-color', 'rgb(243, 238, 230)');

  // Nothing filled in: focus goes to the name and the reason is announced.
  await creator.getByRole('button', { name: 'Submit your video' }).click();
  await expect(creator.getByRole('alert')).toHaveText(SUBMISSION_MESSAGES.nameMissing);
  await expect(creator.getByLabel('Your name')).toBeFocused();
  await creator.getByLabel('Your name').fill('Maya Lindqvist');
  await creator.getByLabel('Email').fill('maya@example.com');
  // A file that is not a video is refused by the server's own rule and message.
  const notes = join(scratch(), 'notes.txt');
  execFileSync('sh', ['-c', `printf 'not a video' > "${notes}"`]);
  await creator.getByLabel('Video file').setInputFiles(notes);
  await creator.getByRole('button', { name: 'Submit your video' }).click();
  await expect(creator.getByRole('alert')).toHaveText(UPLOAD_MESSAGES.notAVideo);

  await creator.getByLabel('Video file').setInputFiles(creatorVideo());
  await creator.screenshot({ path: 'artifacts/screenshots/campaign-submit-form-light-1440.png', fullPage: true });
  // A slow phone connection: the upload's progress shows while the file travels.
  const cdp = await creator.context().newCDPSession(creator);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 64 * 1024 });
  await creator.getByRole('button', { name: 'Submit your video' }).click();
  const progress = creator.getByRole('progressbar', { name: 'Upload progress' });
  await expect(progress).toBeVisible();
  await expect(creator.getByRole('status')).toHaveText('Uploading your video…');
  await expect.poll(() => progress.evaluate((bar) => (bar as HTMLProgressElement).value)).toBeGreaterThan(0);
  await creator.screenshot({ path: 'artifacts/screenshots/campaign-submit-uploading.png', fullPage: true });
  const thanks = creator.getByRole('region', { name: 'Video sent' });
  await expect(thanks).toBeVisible();
  await expect(thanks).toBeFocused();
  await expect(thanks).toContainText('Thank you, Maya Lindqvist: your video was sent to');
  await creator.screenshot({ path: 'artifacts/screenshots/campaign-submit-done-light-1440.png', fullPage: true });
  expect(blocked).toEqual([]);
  await creator.context().close();

  // The brand sees it in the Campaigns tab and on the campaign's detail.
  const title = `${headline} · Maya Lindqvist`;
  const list = new VideosListPage(page);
  await list.open();
  await list.load(() => list.tab('Campaigns').click());
  await expect(page.getByRole('table', { name: 'Videos' }).getByText(title)).toBeVisible();
  await page.goto(`${stack.webUrl}/#/campaigns/${campaign._id}`);
  const submitted = page.getByRole('region', { name: 'Submitted videos' });
  await expect(submitted).toContainText(title);
  await expect(submitted).toContainText('Maya Lindqvist · 0 views');
  await expect(submitted).toContainText('Sent from the campaign page by maya@example.com');
  await page.screenshot({ path: 'artifacts/screenshots/campaign-detail-submitted.png', fullPage: true });
});

test('the submission page in light, dark, 1024 px and right to left, and a closed campaign saying so', async ({ stack, browser }) => {
  test.setTimeout(120_000);
  const open = await publishedCampaign(stack, { campaign_headline: `Autumn looks ${Date.now() % 100000}`, description: 'Layer the scarf for a cold morning.', campaign_reward: '$80' });
  const rtl = await publishedCampaign(stack, { campaign_headline: 'أرنا روتينك الصباحي', description: 'صوّر ٣٠ ثانية في ضوء طبيعي (Glow Serum 30 ml).', campaign_reward: '٥٠ دولار' });
  for (const [scheme, width] of [['light', 1440], ['dark', 1440], ['light', 1024], ['dark', 1024]] as const) {
    const creator = await creatorPage(browser, { colorScheme: scheme, width });
    await creator.goto(`${stack.backendUrl}/campaigns/${open._id}/submit`);
    await expect(creator.getByRole('button', { name: 'Submit your video' })).toBeVisible();
    await creator.screenshot({ path: `artifacts/screenshots/campaign-submit-${scheme}-${width}.png`, fullPage: true });
    const axe = await new AxeBuilder({ page: creator }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.filter((found) => found.impact === 'serious' || found.impact === 'critical').map((found) => `${found.id}: ${found.help}`)).toEqual([]);
    await creator.goto(`${stack.backendUrl}/campaigns/${rtl._id}/submit`);
    await expect(creator.locator('html')).toHaveAttribute('dir', 'rtl');
    await creator.screenshot({ path: `artifacts/screenshots/campaign-submit-rtl-${scheme}-${width}.png`, fullPage: true });
    await creator.context().close();
  }
  const creator = await creatorPage(browser);
  const response = await creator.goto(`${stack.backendUrl}/campaigns/0123456789abcdef01234567/submit`);
  expect(response?.status()).toBe(404);
  await expect(creator.getByRole('status')).toHaveText(SUBMISSION_MESSAGES.unknown);
  await expect(creator.getByRole('button', { name: 'Submit your video' })).toHaveCount(0);
  await creator.screenshot({ path: 'artifacts/screenshots/campaign-submit-closed.png', fullPage: true });
  await creator.context().close();
});

test('a campaign that asks creators to rate the product: the page asks for stars, and the campaign shows the rating', async ({ page, stack, browser }) => {
  test.setTimeout(180_000);
  const headline = `Rate the serum ${Date.now() % 100000}`;
  const campaign = await publishedCampaign(stack, { campaign_headline: headline, description: 'Thirty seconds on how it feels.', campaign_allow_rating: true });
  const rtl = await publishedCampaign(stack, { campaign_headline: 'قيّم السيروم', description: 'ثلاثون ثانية.', campaign_allow_rating: true });
  for (const scheme of ['light', 'dark'] as const) {
    const look = await creatorPage(browser, { colorScheme: scheme });
    for (const [id, name] of [[campaign._id, scheme], [rtl._id, `rtl-${scheme}`]] as const) {
      await look.goto(`${stack.backendUrl}/campaigns/${id}/submit`);
      await expect(look.getByRole('group', { name: 'Your rating of the product' })).toBeVisible();
      await look.screenshot({ path: `artifacts/screenshots/campaign-submit-rating-${name}.png`, fullPage: true });
    }
    await look.context().close();
  }

  const creator = await creatorPage(browser);
  await creator.goto(`${stack.backendUrl}/campaigns/${campaign._id}/submit`);
  await creator.getByLabel('Your name').fill('Noor Haddad');
  await creator.getByLabel('Email').fill('noor@example.com');
  await creator.getByLabel('Video file').setInputFiles(creatorVideo());
  // No stars chosen: the page says so and goes to the first star before anything is sent.
  await creator.getByRole('button', { name: 'Submit your video' }).click();
  await expect(creator.getByRole('alert')).toHaveText(SUBMISSION_MESSAGES.ratingMissing);
  await expect(creator.getByLabel('1 star', { exact: true })).toBeFocused();
  await creator.getByLabel('4 stars').check();
  await creator.getByRole('button', { name: 'Submit your video' }).click();
  await expect(creator.getByRole('region', { name: 'Video sent' })).toBeVisible();
  await creator.context().close();

  await signInAsManager(page, stack.webUrl, `/campaigns/${campaign._id}`);
  for (const [skin, rtlLayout] of [['light', false], ['dark', false], ['light', true]] as const) {
    await callHost(stack, 'settings.update', { layout: { skin, rtl: rtlLayout } });
    await page.goto(`${stack.webUrl}/#/campaigns/${campaign._id}`);
    await page.reload();
    const submitted = page.getByRole('region', { name: 'Submitted videos' });
    await expect(submitted.getByTestId('campaign-rating')).toHaveText('Creators rate the product 4.0 of 5 (1 rating)');
    await expect(submitted.getByLabel('Rated the product 4 of 5')).toBeVisible();
    await page.screenshot({ path: `artifacts/screenshots/campaign-detail-rating-${rtlLayout ? 'rtl' : skin}.png`, fullPage: true });
  }
  await callHost(stack, 'settings.update', { layout: { skin: 'light', rtl: false } });
});
