import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { Campaign, CampaignList } from '../../../src/shared/http/campaigns.schemas';
import { CAMPAIGN_MESSAGES } from '../../../src/shared/http/campaigns.schemas';
import { getAsBrandManager } from '../support/backend';
import { callHost, expect, test } from '../support/fixtures';
import { signInAsManager } from '../support/signIn';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const field = (page: Page, label: string) => page.locator('.field').filter({ has: page.getByLabel(label, { exact: true }) });

/** A real 1600×900 photo-like JPEG (ffmpeg's test pattern) to upload as a banner. */
function bannerPicture(): string {
  const path = join(mkdtempSync(join(tmpdir(), 'reelscope-banner-')), 'Bannière d’automne.jpg');
  execFileSync('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=1600x900', '-frames:v', '1', '-y', path]);
  return path;
}

test('a campaign through the 5 steps: checked per step, banner cropped and uploaded, kept across a reload, drafted, published, edited', async ({ page, stack }) => {
  test.setTimeout(120_000);
  await signInAsManager(page, stack.webUrl, '/campaigns');
  await page.getByRole('link', { name: 'New campaign' }).click();
  await expect(page.getByRole('heading', { name: 'Step 1 of 5: Campaign' })).toBeVisible();

  // Step 1: the headline is required; focus goes to it and the problem is announced (issue 26 item 37); a banner that
  // is not a picture is refused at the field, nothing typed lost.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(field(page, 'Headline')).toContainText('A campaign needs a headline.');
  await expect(page.getByLabel('Headline', { exact: true })).toBeFocused();
  await expect(page.getByTestId('wizard-announcement')).toHaveText('One field needs fixing. Headline: A campaign needs a headline.');
  const headline = `Autumn layering ${Date.now() % 100000}`;
  await page.getByLabel('Headline', { exact: true }).fill(headline);
  await expect(field(page, 'Headline')).not.toContainText('A campaign needs a headline.');
  await page.getByLabel('Hashtag').fill('AutumnLayers');
  await page.getByLabel('Featured product').fill('Wool Blend Scarf');
  const products = page.getByRole('group', { name: 'Products' });
  await products.getByRole('checkbox').first().check();
  const notPicture = join(mkdtempSync(join(tmpdir(), 'reelscope-banner-')), 'notes.txt');
  writeFileSync(notPicture, 'not a picture');
  await page.getByLabel('Banner image').setInputFiles(notPicture);
  await expect(page.getByRole('alert').filter({ hasText: CAMPAIGN_MESSAGES.bannerType })).toBeVisible();
  // Choosing is uploading (issue 26 item 18): Next, pressed at once, waits for the crop and its upload; the stored
  // banner is checked below at the chosen shape.
  await page.getByLabel('Banner image').setInputFiles(bannerPicture());
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Draft saved at/ })).toBeVisible();

  // Step 2, then a reload mid-typing: the step and every character come back.
  await expect(page.getByRole('heading', { name: 'Step 2 of 5: Brief' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(field(page, 'Description')).toContainText('Tell creators what the video should show.');
  const description = 'Show how you layer the scarf for a cold morning — 30 seconds, natural light. 秋のコーデ';
  await page.getByLabel('Description').fill(description);
  await page.getByLabel('Reward', { exact: true }).fill('$80 gift card');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Step 2 of 5: Brief' })).toBeVisible();
  await expect(page.getByText('What you typed before was brought back.')).toBeVisible();
  await expect(page.getByLabel('Description')).toHaveValue(description);
  await expect(page.getByLabel('Reward', { exact: true })).toHaveValue('$80 gift card');
  await page.getByLabel('Terms and conditions').fill('brand.example/campaign-terms');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3: an end before the start is refused at the end date; the default zone is Pacific Daylight Time.
  await expect(page.getByLabel('Time zone')).toHaveValue('Pacific Daylight Time');
  await page.getByLabel('Start date').fill(day(7));
  await page.getByLabel('End date', { exact: true }).fill(day(3));
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(field(page, 'End date')).toContainText('The campaign must end after it starts.');
  await expect(page.getByLabel('End date', { exact: true })).toBeFocused();
  await expect(page.getByTestId('wizard-announcement')).toHaveText('One field needs fixing. End date: The campaign must end after it starts.');
  await page.getByLabel('End date', { exact: true }).fill(day(60));
  await page.getByLabel('Time zone').selectOption('Eastern Daylight Time');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 4: a limit of 0 is refused; 200 is the default.
  await expect(page.getByLabel('Video limit')).toHaveValue('200');
  await page.getByLabel('Video limit').fill('0');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(field(page, 'Video limit')).toContainText('Allow at least 1 video.');
  await page.getByLabel('Video limit').fill('50');
  await page.getByLabel('Video length').fill('60');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 5: a colour that is not a colour; the phone preview follows the button colour; back keeps what was typed.
  await expect(page.getByLabel('Button colour', { exact: true })).toHaveValue('#96C392');
  await expect(page.getByLabel('Page colour', { exact: true })).toHaveValue('#526261');
  await page.getByLabel('Button text colour', { exact: true }).fill('white');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(field(page, 'Button text colour')).toContainText('A colour is written #RRGGBB');
  await expect(page.getByLabel('Button text colour', { exact: true })).toBeFocused();
  await page.getByLabel('Button text colour', { exact: true }).fill('#FFFFFF');
  await expect(page.getByRole('status').filter({ hasText: /contrast of 2\.0:1/ })).toBeVisible();
  await page.getByLabel('Button colour', { exact: true }).fill('#1D4ED8');
  await expect(page.locator('.campaign-phone__button')).toHaveCSS('background-color', 'rgb(29, 78, 216)');
  await expect(page.getByRole('status').filter({ hasText: /contrast of/ })).toHaveCount(0);
  await expect(page.locator('.campaign-phone__title')).toHaveText(headline);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Video limit')).toHaveValue('50');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Save as draft' }).click();

  // The draft is under Draft, with its banner stored at the chosen shape.
  await expect(page).toHaveURL(/\/campaigns\?tab=draft$/);
  const card = page.getByRole('article', { name: headline });
  await expect(card).toBeVisible();
  const drafts = await getAsBrandManager<CampaignList>(stack, '/campaigns', { tab: 'draft', search: headline });
  const draft = drafts.campaigns[0]!;
  expect(draft).toMatchObject({ state: 'draft', campaign_hashtag: '#AutumnLayers', campaign_video_limit: 50, campaign_video_length: 60, campaign_timezone: 'Eastern Daylight Time',
    campaign_button_color: '#1D4ED8', terms_and_conditions: 'http://brand.example/campaign-terms', description, image_dimensions: '1200x628' });
  const banner = join(mkdtempSync(join(tmpdir(), 'reelscope-banner-')), 'stored.jpg');
  writeFileSync(banner, Buffer.from(await (await fetch(`${stack.backendUrl}${draft.banner_image}`)).arrayBuffer()));
  const probe = execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', banner], { encoding: 'utf8' });
  expect(probe.trim()).toBe('1200,628');

  // Published from its detail, it moves to Active.
  await card.getByRole('link', { name: headline, exact: true }).click();
  await page.getByRole('link', { name: 'Continue editing' }).click();
  await expect(page.getByLabel('Headline', { exact: true })).toHaveValue(headline);
  // A stored campaign's steps open directly (issue 26 item 21), without pressing Next through them.
  await page.getByRole('list', { name: 'Steps' }).getByRole('button', { name: '5 Look' }).click();
  await expect(page.getByRole('heading', { name: 'Step 5 of 5: Look' })).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page).toHaveURL(/\/campaigns\?tab=active$/);
  await expect(page.getByRole('article', { name: headline })).toBeVisible();

  // Edited: the change is saved on request and shows on the card.
  await page.getByRole('link', { name: `Edit: ${headline}` }).click();
  await page.getByLabel('Headline', { exact: true }).fill(`${headline} (extended)`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('article', { name: `${headline} (extended)` })).toBeVisible();
  const active = await getAsBrandManager<CampaignList>(stack, '/campaigns', { search: headline });
  expect(active.campaigns.map((c: Campaign) => [c.campaign_headline, c.state])).toEqual([[`${headline} (extended)`, 'active']]);
});

test('a draft left by a wizard run can be discarded, after a confirmation, and leaves nothing behind', async ({ page, stack }) => {
  const before = await getAsBrandManager<CampaignList>(stack, '/campaigns', { tab: 'draft' });
  await signInAsManager(page, stack.webUrl, '/campaigns/new');
  const headline = `Passing idea ${Date.now() % 100000}`;
  await page.getByLabel('Headline', { exact: true }).fill(headline);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Draft saved at/ })).toBeVisible();
  expect((await getAsBrandManager<CampaignList>(stack, '/campaigns', { tab: 'draft' })).counts.draft).toBe(before.counts.draft + 1);

  await page.getByRole('button', { name: 'Discard draft' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Discard this draft?' });
  await expect(ask).toContainText(headline);
  await page.screenshot({ path: 'artifacts/screenshots/campaign-wizard-discard.png' });
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page.getByRole('heading', { name: 'Step 2 of 5: Brief' })).toBeVisible();
  await page.getByRole('button', { name: 'Discard draft' }).click();
  await page.getByRole('alertdialog', { name: 'Discard this draft?' }).getByRole('button', { name: 'Discard draft' }).click();
  await expect(page).toHaveURL(/\/campaigns\?tab=draft$/);
  await expect(page.getByText('Draft discarded.')).toBeVisible();
  await expect(page.getByRole('article', { name: headline })).toHaveCount(0);
  expect((await getAsBrandManager<CampaignList>(stack, '/campaigns', { tab: 'draft' })).counts.draft).toBe(before.counts.draft);
  // Nothing typed comes back either.
  await page.goto(`${stack.webUrl}/#/campaigns/new`);
  await expect(page.getByLabel('Headline', { exact: true })).toHaveValue('');
});

test('a banner whose upload fails holds Next: the step says so at the banner and tries the upload again', async ({ page, stack }) => {
  await signInAsManager(page, stack.webUrl, '/campaigns/new');
  await page.getByLabel('Headline', { exact: true }).fill(`Banner retry ${Date.now() % 100000}`);
  await page.route('**/jwt_api/campaigns/*/banner?*', (route) => route.fulfill({ status: 503, json: { message: 'The media folder is busy' } }));
  await page.getByLabel('Banner image').setInputFiles(bannerPicture());
  await expect(page.getByRole('alert').filter({ hasText: 'The media folder is busy' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Step 1 of 5: Campaign' })).toBeVisible();
  await expect(page.getByLabel('Banner image')).toBeFocused();
  await expect(page.getByTestId('wizard-announcement')).toHaveText('One field needs fixing. Banner image: The media folder is busy');
  await page.unroute('**/jwt_api/campaigns/*/banner?*');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Step 2 of 5: Brief' })).toBeVisible();
  await page.getByRole('list', { name: 'Steps' }).getByRole('button', { name: '1 Campaign' }).click();
  await expect(page.getByRole('img', { name: 'Current banner' })).toBeVisible();
  await page.getByRole('button', { name: 'Discard draft' }).click();
  await page.getByRole('alertdialog', { name: 'Discard this draft?' }).getByRole('button', { name: 'Discard draft' }).click();
  await expect(page).toHaveURL(/\/campaigns\?tab=draft$/);
});

test('a campaign\'s detail lists its submitted videos and invites creators through a mail campaign', async ({ page, stack }) => {
  const active = await getAsBrandManager<CampaignList>(stack, '/campaigns');
  const campaign = active.campaigns.find((c) => c.submitted_videos > 0)!;
  await signInAsManager(page, stack.webUrl, `/campaigns/${campaign._id}`);
  await expect(page.getByRole('heading', { level: 1, name: campaign.campaign_headline })).toBeVisible();
  const videos = page.getByRole('region', { name: 'Submitted videos' }).locator('.campaign-video');
  await expect(videos.first()).toBeVisible();
  const shown = await videos.count();
  expect(shown).toBeGreaterThan(0);
  await videos.first().click();
  await expect(page.getByRole('dialog').first()).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Invite creators' }).click();
  const picker = page.getByRole('dialog', { name: 'Invite creators' });
  // Two creators a mail can reach (the picker marks the others "no valid email"; other specs add creators without one).
  const reachable = picker.getByRole('list', { name: 'Creators' }).getByRole('listitem').filter({ hasNotText: 'no valid email' });
  await reachable.nth(0).getByRole('checkbox').check();
  await reachable.nth(1).getByRole('checkbox').check();
  await picker.getByRole('button', { name: 'Write the invitation (2)' }).click();
  const mail = page.getByRole('dialog', { name: 'Invite creators' });
  await expect(mail.getByLabel('Subject')).toHaveValue(`Invitation: ${campaign.campaign_headline}`);
  await expect(mail.getByLabel('Message')).toHaveValue(new RegExp(`Submit your video here: http://.+/campaigns/${campaign._id}/submit`));
  await mail.getByRole('button', { name: /^Send to \d+ creators?$/ }).click();
  await expect(mail.getByTestId('contact-result').first()).toBeVisible();
  await mail.getByRole('button', { name: 'Close' }).click();
});

test('wizard steps and campaign detail in light, dark and right to left', async ({ page, stack }) => {
  test.setTimeout(120_000);
  const drafts = await getAsBrandManager<CampaignList>(stack, '/campaigns', { tab: 'draft' });
  // A seeded draft with its brief written: tests before this one leave drafts of their own, some with an empty brief.
  const draft = drafts.campaigns.find((campaign) => campaign.description !== '' && campaign.brand_instruction !== '')!;
  expect(draft, 'a complete seeded draft').toBeDefined();
  const active = await getAsBrandManager<CampaignList>(stack, '/campaigns');
  await signInAsManager(page, stack.webUrl, '/campaigns');
  for (const [skin, rtl] of [['light', false], ['dark', false], ['light', true]] as const) {
    const suffix = `${skin}${rtl ? '-rtl' : ''}`;
    await callHost(stack, 'settings.update', { layout: { skin, rtl } });
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${stack.webUrl}/#/campaigns/${draft._id}/edit`);
    for (let step = 1; step <= 5; step += 1) {
      await expect(page.getByRole('heading', { name: new RegExp(`^Step ${step} of 5`) })).toBeVisible();
      await page.screenshot({ path: `artifacts/screenshots/campaign-wizard-step${step}-${suffix}.png`, fullPage: true });
      if (step === 1 || step === 5) {
        await page.setViewportSize({ width: 1024, height: 768 });
        await page.screenshot({ path: `artifacts/screenshots/campaign-wizard-step${step}-${suffix}-1024.png`, fullPage: true });
        await page.setViewportSize({ width: 1440, height: 900 });
      }
      if (step < 5) await page.getByRole('button', { name: 'Next' }).click();
    }
    // A step that cannot move on: the field to fix has focus and is marked.
    await page.getByRole('list', { name: 'Steps' }).getByRole('button', { name: '1 Campaign' }).click();
    await page.getByLabel('Headline', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByLabel('Headline', { exact: true })).toBeFocused();
    await page.screenshot({ path: `artifacts/screenshots/campaign-wizard-invalid-${suffix}.png`, fullPage: true });
    await page.goto(`${stack.webUrl}/#/campaigns/${active.campaigns[0]!._id}`);
    await expect(page.getByRole('region', { name: 'Submitted videos' })).toBeVisible();
    await expect(page.locator('.remote-view')).toHaveCount(0);
    await page.screenshot({ path: `artifacts/screenshots/campaign-detail-${suffix}.png`, fullPage: true });
  }
  await callHost(stack, 'settings.update', { layout: { skin: 'light', rtl: false } });
});
