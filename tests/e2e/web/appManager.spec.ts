import { PUBLISH_BLOCKED } from '../../../src/shared/rules/licensing';
import { callHost, expect, test } from '../support/fixtures';
import { signInAsManager } from '../support/signIn';

test('three brand videos are published and followed to the app, one is unpublished through the modal; an unlicensed creator video says why it cannot go', async ({ page, stack }) => {
  test.setTimeout(90_000);
  await signInAsManager(page, stack.webUrl, '/app-manager');
  const tabs = page.getByRole('tablist', { name: 'App manager tabs' });
  await expect(tabs.getByRole('tab', { name: /^Brand videos \(\d+\)$/ })).toHaveAttribute('aria-selected', 'true');
  const table = page.getByRole('table', { name: 'Shopper app videos' });
  const unpublished = table.getByRole('row').filter({ has: page.getByText('Not published', { exact: true }) });
  await expect(unpublished.first()).toBeVisible();
  const titles: string[] = [];
  for (let i = 0; i < 3; i++) {
    const row = unpublished.nth(i);
    titles.push(await row.getByRole('rowheader').innerText());
    await row.getByRole('checkbox').check();
  }
  await page.getByRole('button', { name: 'Publish selected', exact: true }).click();
  const ask = page.getByRole('alertdialog', { name: 'Publish to the shopper app' });
  await expect(ask).toContainText('Publish 3 videos to the shopper app?');
  await ask.getByRole('button', { name: 'Yes' }).click();
  const done = page.getByRole('dialog', { name: 'Publish to the shopper app' });
  await expect(done.getByText('3 videos queued to be published')).toBeVisible();
  await done.getByRole('button', { name: 'Close' }).click();
  for (const title of titles) {
    await expect(table.getByRole('row').filter({ hasText: title }).getByText(/^Published /)).toBeVisible({ timeout: 15_000 });
  }

  // Unpublish one through the unpublish modal.
  const first = table.getByRole('row').filter({ hasText: titles[0]! });
  await first.getByRole('button', { name: 'Unpublish', exact: true }).click();
  const modal = page.getByRole('alertdialog', { name: 'Unpublish video' });
  await expect(modal).toContainText(`Take “${titles[0]}” out of the shopper app?`);
  await page.screenshot({ path: 'artifacts/screenshots/app-manager-unpublish-light.png' });
  await modal.getByRole('button', { name: 'Yes' }).click();
  await page.getByRole('dialog', { name: 'Unpublish video' }).getByRole('button', { name: 'Close' }).click();
  await expect(first.getByText('Not published', { exact: true })).toBeVisible({ timeout: 15_000 });

  // A creator's video without a license cannot be published, and says why.
  await tabs.getByRole('tab', { name: /^Shopper videos/ }).click();
  const blocked = table.getByRole('row').filter({ hasText: PUBLISH_BLOCKED.unlicensed }).first();
  await expect(blocked).toBeVisible();
  await expect(blocked.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();

  for (const [skin, rtl] of [['light', false], ['dark', false], ['light', true]] as const) {
    await callHost(stack, 'settings.update', { layout: { skin, rtl } });
    for (const [tab, name] of [['brand', 'Brand videos'], ['shopper', 'Shopper videos'], ['all', 'View all']] as const) {
      await page.goto(`${stack.webUrl}/#/app-manager${tab === 'brand' ? '' : `?tab=${tab}`}`);
      await expect(tabs.getByRole('tab', { name: new RegExp(`^${name}`) })).toHaveAttribute('aria-selected', 'true');
      await expect(table).toBeVisible();
      await page.screenshot({ path: `artifacts/screenshots/app-manager-${tab}-${skin}${rtl ? '-rtl' : ''}.png`, fullPage: true });
    }
    await table.getByRole('row').filter({ hasText: titles[1]! }).getByRole('button', { name: 'Unpublish', exact: true }).click();
    await page.screenshot({ path: `artifacts/screenshots/app-manager-unpublish-${skin}${rtl ? '-rtl' : ''}.png` });
    await page.getByRole('alertdialog', { name: 'Unpublish video' }).getByRole('button', { name: 'No' }).click();
  }
  await callHost(stack, 'settings.update', { layout: { skin: 'light', rtl: false } });
});

test('a bulk publish is checked for licenses before it is sent: the unlicensed video is named with why, and without it the rest can go', async ({ page, stack }) => {
  test.setTimeout(60_000);
  await signInAsManager(page, stack.webUrl, '/app-manager?tab=all');
  const table = page.getByRole('table', { name: 'Shopper app videos' });
  const blockedRow = table.getByRole('row').filter({ hasText: PUBLISH_BLOCKED.unlicensed }).first();
  const freeRow = table.getByRole('row').filter({ has: page.getByText('Not published', { exact: true }) }).first();
  await expect(blockedRow).toBeVisible();
  const blockedTitle = await blockedRow.getByRole('rowheader').innerText();
  await freeRow.getByRole('checkbox').check();
  await blockedRow.getByRole('checkbox').check();

  const publish = page.getByRole('button', { name: 'Publish selected', exact: true });
  await expect(publish).toBeDisabled();
  const why = page.getByRole('status').filter({ hasText: 'cannot be published' });
  await expect(why).toContainText('One selected video cannot be published; unselect it to publish the rest:');
  await expect(why.getByRole('listitem')).toHaveText(`“${blockedTitle}”: ${PUBLISH_BLOCKED.unlicensed}`);
  await expect(publish).toHaveAccessibleDescription(new RegExp('cannot be published'));
  await page.screenshot({ path: 'artifacts/screenshots/app-manager-bulk-blocked-light.png' });

  await blockedRow.getByRole('checkbox').uncheck();
  await expect(why).toHaveCount(0);
  await publish.click();
  await expect(page.getByRole('alertdialog', { name: 'Publish to the shopper app' })).toContainText('Publish 1 video to the shopper app?');
});
