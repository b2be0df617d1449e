import { expect, test } from '../support/fixtures';
import { signInAsManager } from '../support/signIn';

test('saving the brand details renames the brand in the brand switcher at once, without a reload', async ({ page, stack }) => {
  await signInAsManager(page, stack.webUrl, '/settings');
  const switcher = page.getByRole('combobox', { name: 'Brand', exact: true });
  const before = (await switcher.locator('option:checked').innerText()).trim();
  const form = page.getByRole('region', { name: 'Brand', exact: true });
  const rename = async (name: string) => {
    await form.getByLabel('Brand name').fill(name);
    await form.getByRole('button', { name: 'Save brand' }).click();
    await expect(form.getByRole('status')).toBeVisible();
  };
  await rename(`${before} Labs`);
  await expect(switcher.locator('option:checked')).toHaveText(`${before} Labs`);
  await expect(switcher.getByRole('option', { name: before, exact: true })).toHaveCount(0);
  await rename(before);
  await expect(switcher.locator('option:checked')).toHaveText(before);
});
