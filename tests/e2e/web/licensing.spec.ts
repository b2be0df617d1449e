import { readFileSync } from 'node:fs';
import type { LicenseAgreement } from '../../../src/shared/http/licensing.schemas';
import { parseCsv } from '../../shared/csv';
import type { VideoListResponse } from '../../../src/shared/http/videos.schemas';
import { licenseTotal, licensingFee } from '../../../src/shared/rules/licensing';
import { getAsBrandManager } from '../support/backend';
import { callHost, expect, test } from '../support/fixtures';
import { signInAsManager } from '../support/signIn';

type LicenseList = { agreements: LicenseAgreement[] };
const money = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);

test('a license is requested with the fee of the rule, accepted, paid, and found in history and purchases', async ({ page, stack }) => {
  // A video with no agreement yet, so every row this test reads is the one it made (its price is unique too).
  const { videos } = await getAsBrandManager<VideoListResponse>(stack, '/videos', { per_page: '50' });
  const { agreements } = await getAsBrandManager<LicenseList>(stack, '/license_agreements');
  const licensed = new Set(agreements.map((agreement) => agreement.video_id));
  const video = videos.find((entry) => !entry.is_flagged && entry.analysis_stage === 'completed' && !licensed.has(entry._id))!;
  await signInAsManager(page, stack.webUrl, `/videos/${video._id}`);
  await page.getByRole('button', { name: 'License this video' }).click();
  const dialog = page.getByRole('dialog', { name: 'License this video' });
  await dialog.getByRole('combobox', { name: 'Duration' }).selectOption('6 months');
  await dialog.getByRole('textbox', { name: 'Price (USD)' }).fill('-3');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('A price cannot be negative.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Price (USD)' }).fill('0.99');
  await expect(dialog.getByText(money(licensingFee(0.99)), { exact: true })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Price (USD)' }).fill('149.5');
  await expect(dialog.getByText(money(licensingFee(149.5)), { exact: true })).toBeVisible();
  await expect(dialog.getByText(money(licenseTotal(149.5)), { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('License requested. Follow it under Licensing.')).toBeVisible();

  await page.goto(`${stack.webUrl}/#/licensing`);
  const mine = () => page.getByRole('table', { name: 'License agreements' }).getByRole('row').filter({ hasText: video.title }).filter({ hasText: money(149.5) });
  const row = mine();
  await expect(row).toContainText('Requested');
  await expect(row).toContainText(money(149.5));
  await expect(row).toContainText(money(licenseTotal(149.5)));
  await row.getByRole('button', { name: /^Mark accepted:/ }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Recorded: accepted.')).toBeVisible();
  // Closed by its button: an Escape pressed the instant the outcome shows can beat the new dialog's key handler.
  await page.getByRole('dialog', { name: 'The creator accepted' }).getByRole('button', { name: 'Close' }).click();
  await expect(mine()).toContainText('Accepted');
  await mine().getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByText(`Pay ${money(licenseTotal(149.5))}`)).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Paid: the license is active.')).toBeVisible();
  await page.getByRole('dialog', { name: 'Pay for the license' }).getByRole('button', { name: 'Close' }).click();
  await expect(mine()).toContainText('Active');

  await page.getByRole('tab', { name: 'History', exact: true }).click();
  await expect(page.getByRole('list', { name: 'License history' }).getByRole('listitem').first()).toContainText('Paid; the license is active.');
  await page.getByRole('tab', { name: /^Purchase history/ }).click();
  const purchase = page.getByRole('table', { name: 'Purchase history' }).getByRole('row').nth(1);
  await expect(purchase).toContainText(video.title);
  await expect(purchase).toContainText(money(licenseTotal(149.5)));
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const saved = page.getByText(/Saved \d+ purchases to \/.+\.csv/);
  await expect(saved).toBeVisible();
  const path = /to (\/.+\.csv)/.exec(await saved.innerText())?.[1] ?? '';
  const records = parseCsv(readFileSync(path, 'utf8').slice(1));
  expect(records[1]?.slice(1, 2)).toEqual([video.title]);
  expect(records[1]?.slice(4, 7).map(Number)).toEqual([149.5, licensingFee(149.5), licenseTotal(149.5)]);

  for (const [skin, rtl] of [['light', false], ['dark', false], ['light', true]] as const) {
    await callHost(stack, 'settings.update', { layout: { skin, rtl } });
    await page.reload();
    for (const tab of ['Agreements', 'History', 'Purchase history'] as const) {
      await page.getByRole('tab', { name: new RegExp(`^${tab}`, 'i') }).first().click();
      await expect(page.getByRole('tabpanel').locator('.remote-view')).toHaveCount(0);
      await page.screenshot({ path: `artifacts/screenshots/licensing-${tab.split(' ')[0]!.toLowerCase()}-${skin}${rtl ? '-rtl' : ''}.png`, fullPage: true });
    }
  }
  await callHost(stack, 'settings.update', { layout: { skin: 'light', rtl: false } });
});
