import type { ReportList } from '../../../src/shared/http/reports.schemas';
import { getAsBrandManager } from '../support/backend';
import { callHost, expect, test } from '../support/fixtures';
import { signInAsManager } from '../support/signIn';


// The reports list, the builder, the schedule dialog and a report's passages, in both skins: every control is
// reachable by its name and the screenshots are what a reviewer looks at.
test('the reports screens and their dialogs in both skins', async ({ page, stack }) => {
  const { reports } = await getAsBrandManager<ReportList>(stack, '/reports', { tab: 'speech' });
  await signInAsManager(page, stack.webUrl);
  for (const skin of ['light', 'dark'] as const) {
    await callHost(stack, 'settings.update', { layout: { skin, rtl: false } });
    await page.goto(`${stack.webUrl}/#/reports`);
    await page.reload();
    await expect(page.locator('.reports-table tbody tr').first()).toBeVisible();
    await page.screenshot({ path: `artifacts/screenshots/reports-list-${skin}.png`, fullPage: true });
    await page.getByRole('button', { name: 'New report' }).click();
    const builder = page.getByRole('dialog', { name: 'New report' });
    await builder.getByRole('combobox', { name: 'Window' }).selectOption('custom');
    await builder.getByRole('combobox', { name: 'Compare with' }).selectOption('custom');
    await expect(builder.getByRole('textbox', { name: 'Compare from' }).or(builder.getByLabel('Compare from'))).toBeVisible();
    await page.screenshot({ path: `artifacts/screenshots/report-builder-${skin}.png` });
    await page.keyboard.press('Escape');
    await page.goto(`${stack.webUrl}/#/reports/${reports[0]!._id}`);
    await page.getByRole('tab', { name: 'Passages' }).click();
    await expect(page.locator('.speech__video').first()).toBeVisible();
    await page.getByRole('button', { name: 'Schedule' }).click();
    await page.getByRole('dialog', { name: 'Schedule report' }).getByRole('combobox', { name: 'Repeat' }).selectOption('monthly');
    await page.screenshot({ path: `artifacts/screenshots/report-schedule-${skin}.png` });
    await page.keyboard.press('Escape');
    await page.screenshot({ path: `artifacts/screenshots/report-passages-${skin}.png`, fullPage: true });
  }
  await callHost(stack, 'settings.update', { layout: { skin: 'light', rtl: false } });
});
