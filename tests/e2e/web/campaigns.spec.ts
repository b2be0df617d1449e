import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CampaignList } from '../../../src/shared/http/campaigns.schemas';
import { getAsBrandManager } from '../support/backend';
import { callHost, expect, test } from '../support/fixtures';
import { signInAsManager } from '../support/signIn';

test('campaign tabs with their counts, oldest first by default, newest first on request, searched', async ({ page, stack }) => {
  const active = await getAsBrandManager<CampaignList>(stack, '/campaigns');
  await signInAsManager(page, stack.webUrl, '/campaigns');
  const tabs = page.getByRole('tablist', { name: 'Campaign tabs' });
  await expect(tabs.getByRole('tab', { name: `Active Campaigns (${active.counts.active})` })).toHaveAttribute('aria-selected', 'true');
  const titles = page.locator('.campaign-card__title');
  await expect(titles).toHaveText(active.campaigns.map((c) => c.campaign_headline));
  await page.getByRole('combobox', { name: 'Sort' }).selectOption('NEW');
  await expect(titles).toHaveText(active.campaigns.map((c) => c.campaign_headline).reverse());
  const first = active.campaigns[0]!;
  await expect(page.getByRole('article', { name: first.campaign_headline })).toContainText(`${first.submitted_videos} of ${first.campaign_video_limit} submitted`);
  await page.getByRole('searchbox', { name: 'Search campaigns' }).fill(first.campaign_hashtag.slice(1, 8));
  await expect(page.getByRole('article', { name: first.campaign_headline })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search campaigns' }).fill('no campaign says this');
  await expect(page.getByText('No campaign matches')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search campaigns' }).fill('');

  // The QR code, saved as PNG, reads back as the campaign's submission link.
  await page.getByRole('button', { name: `QR code: ${first.campaign_headline}` }).click();
  const modal = page.getByRole('dialog', { name: 'Campaign QR code' });
  const link = await modal.locator('.campaign-qr__link').innerText();
  expect(link).toMatch(new RegExp(`^http://.+/campaigns/${first._id}/submit$`));
  const [download] = await Promise.all([page.waitForEvent('download'), modal.getByRole('link', { name: 'Download PNG' }).click()]);
  const file = join(mkdtempSync(join(tmpdir(), 'reelscope-qr-')), download.suggestedFilename());
  await download.saveAs(file);
  expect(execFileSync('zbarimg', ['--quiet', '--raw', file], { encoding: 'utf8' }).trim()).toBe(link);
  await modal.getByRole('button', { name: 'Close' }).click();

  for (const [skin, rtl] of [['light', false], ['dark', false], ['light', true]] as const) {
    await callHost(stack, 'settings.update', { layout: { skin, rtl } });
    await page.reload();
    for (const [tab, name] of [['active', 'Active'], ['past', 'Past'], ['draft', 'Draft']] as const) {
      await tabs.getByRole('tab', { name: new RegExp(`^${name} Campaigns \\(\\d+\\)`) }).click();
      await expect(page.getByRole('tabpanel').locator('.remote-view')).toHaveCount(0);
      await expect(page.locator('.campaign-card').first()).toBeVisible();
      await page.screenshot({ path: `artifacts/screenshots/campaigns-${tab}-${skin}${rtl ? '-rtl' : ''}.png`, fullPage: true });
      if (tab !== 'active') continue;
      await page.getByRole('button', { name: /^QR code: / }).first().click();
      await expect(page.getByRole('img', { name: /^QR code of / })).toBeVisible();
      await page.screenshot({ path: `artifacts/screenshots/campaigns-qr-${skin}${rtl ? '-rtl' : ''}.png` });
      await page.getByRole('dialog', { name: 'Campaign QR code' }).getByRole('button', { name: 'Close' }).click();
    }
  }
  await callHost(stack, 'settings.update', { layout: { skin: 'light', rtl: false } });
});
