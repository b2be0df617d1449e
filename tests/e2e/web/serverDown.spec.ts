import { DEMO_ACCOUNTS } from '../../../src/shared/demoAccounts';
import { MESSAGES } from '../../../src/shared/messages';
import { LoginPage } from '../pages/LoginPage';
import { ShellPage } from '../pages/ShellPage';
import { expect, test } from '../support/fixtures';

test('the server-down modal appears when the back end stops and goes when it returns', async ({ page, stack }) => {
  const login = new LoginPage(page);
  await login.open(stack.webUrl);
  await login.signIn(DEMO_ACCOUNTS.brandManager.email, DEMO_ACCOUNTS.brandManager.password);
  await expect(page).toHaveURL(/#\/home$/);

  await stack.stopBackend();
  try {
    await page.reload();
    const modal = page.getByRole('alertdialog').filter({ hasText: MESSAGES.serverDown });
    await expect(modal).toBeVisible();
    await page.screenshot({ path: 'artifacts/screenshots/server-down.png' });
  } finally {
    await stack.startBackend();
  }
  await expect(page.getByRole('alertdialog').filter({ hasText: MESSAGES.serverDown })).toBeHidden({ timeout: 30_000 });
  await expect(new ShellPage(page).greeting).toBeVisible();
});
