import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../../src/shared/demoAccounts';
import type { CampaignList } from '../../../src/shared/http/campaigns.schemas';
import type { CreatorListResponse } from '../../../src/shared/http/creators.schemas';
import type { ProductListResponse } from '../../../src/shared/http/products.schemas';
import type { ReportList } from '../../../src/shared/http/reports.schemas';
import type { VideoListResponse } from '../../../src/shared/http/videos.schemas';
import { LoginPage } from '../pages/LoginPage';
import { ShellPage } from '../pages/ShellPage';
import { getAsBrandManager, setAssistantIntro } from '../support/backend';
import { callHost, expect, test } from '../support/fixtures';

const SIGNED_OUT = ['login', 'signup', 'forgot-password', 'reset-password?token=abc', 'mail-outbox'];
const SIGNED_IN = ['home', 'videos', 'products', 'creators', 'campaigns', 'licensing', 'chat', 'reports', 'app-manager', 'activity', 'widgets', 'assistant', 'settings', 'library'];
const SKINS = ['light', 'dark'] as const;

/** The serious and critical WCAG 2.x A/AA violations on the page, one line each with where and how to fix. */
async function violations(page: Page, where: string): Promise<string[]> {
  await expect(page.locator('.spinner')).toHaveCount(0, { timeout: 15_000 });
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.slice(0, 5).map((node) => `${where}: ${violation.id} (${violation.impact}) at ${node.target.join(' ')} — ${violation.help}: ${node.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`));
}

for (const skin of SKINS) {
  test(`no serious or critical axe violation on any screen in the ${skin} skin`, async ({ page, stack }) => {
    test.setTimeout(240_000);
    await callHost(stack, 'settings.update', { layout: { skin, rtl: false } });
    const found: string[] = [];
    for (const route of SIGNED_OUT) {
      await page.goto(`${stack.webUrl}/#/${route}`);
      await expect(page.getByRole('heading').first()).toBeVisible();
      found.push(...(await violations(page, route)));
    }
    const login = new LoginPage(page);
    await login.open(stack.webUrl);
    await login.signIn(DEMO_ACCOUNTS.brandManager.email, DEMO_ACCOUNTS.brandManager.password);
    await expect(new ShellPage(page).greeting).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-skin', skin);
    for (const route of SIGNED_IN) {
      await page.goto(`${stack.webUrl}/#/${route}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      found.push(...(await violations(page, route)));
    }

    // The screens behind the lists: a video (each analysis tab), its popup, a product and a creator.
    const { videos } = await getAsBrandManager<VideoListResponse>(stack, '/videos', { per_page: '25' });
    const video = videos.find((entry) => entry.analysis_stage === 'completed' && !entry.is_flagged) ?? videos[0]!;
    await page.goto(`${stack.webUrl}/#/videos/${video._id}`);
    await expect(page.getByTestId('video-title')).toBeVisible();
    for (const tab of await page.getByRole('tablist', { name: 'Video analysis' }).getByRole('tab').allInnerTexts()) {
      await page.getByRole('tablist', { name: 'Video analysis' }).getByRole('tab', { name: tab, exact: true }).click();
      found.push(...(await violations(page, `video detail, ${tab} tab`)));
    }
    await page.goto(`${stack.webUrl}/#/videos`);
    await page.getByRole('table', { name: 'Videos' }).getByRole('button', { name: video.title }).first().click();
    await expect(page.getByTestId('video-popup')).toBeVisible();
    found.push(...(await violations(page, 'video popup')));
    await page.keyboard.press('Escape');

    const { products } = await getAsBrandManager<ProductListResponse>(stack, '/products', { per_page: '10' });
    await page.goto(`${stack.webUrl}/#/products/${products[0]!._id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    found.push(...(await violations(page, 'product detail')));
    const { influencers } = await getAsBrandManager<CreatorListResponse>(stack, '/influencers', { per_page: '10' });
    await page.goto(`${stack.webUrl}/#/creators/${influencers[0]!._id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    found.push(...(await violations(page, 'creator detail')));

    // A speech report: each of its tabs, and the builder dialog.
    const { reports } = await getAsBrandManager<ReportList>(stack, '/reports', { tab: 'speech' });
    await page.goto(`${stack.webUrl}/#/reports/${reports[0]!._id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const tab of ['Overview', 'Charts', 'Tables', 'Passages', 'Everything']) {
      await page.getByRole('tablist', { name: 'Report views' }).getByRole('tab', { name: tab, exact: true }).click();
      await expect(page.locator('.remote-view')).toHaveCount(0, { timeout: 15_000 });
      found.push(...(await violations(page, `report, ${tab} tab`)));
    }
    await page.getByRole('button', { name: 'Edit' }).click();
    found.push(...(await violations(page, 'report builder')));
    await page.keyboard.press('Escape');

    // A campaign's detail and every step of the wizard.
    const { campaigns } = await getAsBrandManager<CampaignList>(stack, '/campaigns');
    await page.goto(`${stack.webUrl}/#/campaigns/${campaigns[0]!._id}`);
    await expect(page.getByRole('heading', { name: 'Submitted videos' })).toBeVisible();
    found.push(...(await violations(page, 'campaign detail')));
    await page.goto(`${stack.webUrl}/#/campaigns/new`);
    await expect(page.getByRole('heading', { name: 'Step 1 of 5: Campaign' })).toBeVisible();
    found.push(...(await violations(page, 'campaign wizard, step 1')));
    await page.getByLabel('Headline', { exact: true }).fill('Axe check');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    found.push(...(await violations(page, 'campaign wizard, step 2 with a problem shown')));
    await page.getByLabel('Description').fill('Any video.');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Start date').fill('2031-01-01');
    await page.getByLabel('Ongoing: no end date').check();
    found.push(...(await violations(page, 'campaign wizard, step 3')));
    await page.getByRole('button', { name: 'Next' }).click();
    found.push(...(await violations(page, 'campaign wizard, step 4')));
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Step 5 of 5: Look' })).toBeVisible();
    found.push(...(await violations(page, 'campaign wizard, step 5')));
    await page.evaluate(() => localStorage.clear());

    // Widgets: the playlists tab, a demo widget's builder (both previews) and its analytics.
    await page.goto(`${stack.webUrl}/#/widgets?tab=playlists`);
    await expect(page.getByRole('list', { name: 'Playlists' })).toBeVisible();
    found.push(...(await violations(page, 'widget playlists')));
    await page.getByRole('tab', { name: 'Widgets' }).click();
    await page.getByRole('list', { name: 'Widgets' }).getByRole('link', { name: 'Edit' }).first().click();
    await expect(page.getByRole('region', { name: 'Preview on desktop' })).toBeVisible();
    found.push(...(await violations(page, 'widget builder, desktop preview')));
    await page.getByRole('radio', { name: 'Mobile' }).check();
    found.push(...(await violations(page, 'widget builder, mobile preview')));
    await page.getByRole('link', { name: 'Analytics' }).click();
    await expect(page.getByRole('heading', { name: 'Per video' })).toBeVisible();
    found.push(...(await violations(page, 'widget analytics')));

    // The assistant: its intro (while it is still up), a conversation with an answer, its citations and a quote shown.
    await setAssistantIntro(stack, true);
    await page.goto(`${stack.webUrl}/#/assistant`);
    const intro = page.getByRole('dialog', { name: 'Ask Reelscope' });
    await expect(intro).toBeVisible();
    found.push(...(await violations(page, 'assistant intro')));
    await intro.getByRole('button', { name: 'Not now' }).click();
    await page.getByRole('textbox', { name: 'Your question' }).fill('Which videos complain about the pump?');
    await page.getByRole('textbox', { name: 'Your question' }).press('Enter');
    await page.getByTestId('assistant-citation').first().focus();
    found.push(...(await violations(page, 'assistant conversation')));
    // The answer's reading chips, with a chip's menu open.
    await page.getByTestId('assistant-answer').last().getByRole('button', { name: /^Platform/ }).click();
    await expect(page.getByRole('menu', { name: 'Platform' })).toBeVisible();
    found.push(...(await violations(page, 'assistant reading chips')));

    await callHost(stack, 'settings.update', { layout: { skin: 'light', rtl: false } });
    expect(found, found.join('\n')).toEqual([]);
  });
}
