import { expect, test } from '../support/fixtures';

test('a short sign-up password shows one message, not the hint and the error at once', async ({ page, stack }) => {
  await page.goto(`${stack.webUrl}/#/signup`);
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toHaveAccessibleDescription('At least 8 characters.');
  await password.fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(password).toHaveAccessibleDescription('Use at least 8 characters.');
  await expect(page.getByText('At least 8 characters.', { exact: true })).toHaveCount(0);
});
