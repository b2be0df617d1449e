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

  for (const [skin, rtl] of [['light', false], ['dark', false], ['light', true]] as const) {
    await callHost(stack, 'settings.update', { layout: { skin, rtl } });
    await page.reload();
    for (const [tab, name] of [['active', 'Active'], ['past', 'Past'], ['draft', 'Draft']] as const) {
      await tabs.getByRole('tab', { name: new RegExp(`^${name} Campaigns \\(\\d+\\)`) }).click();
      await expect(page.getByRole('tabpanel').locator('.remote-view')).toHaveCount(0);
      await expect(page.locator('.campaign-card').first()).toBeVisible();
      await page.screenshot({ path: `artifacts/screenshots/campaigns-${tab}-${skin}${rtl ? '-rtl' : ''}.png`, fullPage: true });
    }
  }
  await callHost(stack, 'settings.update', { layout: { skin: 'light', rtl: false } });
});
