import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../../src/shared/demoAccounts';
import { LoginPage } from '../pages/LoginPage';
import { ShellPage } from '../pages/ShellPage';
import { expect } from './fixtures';

/** Signs the demo brand manager in through the login screen and waits for the shell; then opens `route` if given. */
export async function signInAsManager(page: Page, webUrl: string, route?: string): Promise<void> {
  const login = new LoginPage(page);
  await login.open(webUrl);
  await login.signIn(DEMO_ACCOUNTS.brandManager.email, DEMO_ACCOUNTS.brandManager.password);
  await expect(new ShellPage(page).greeting).toBeVisible();
  if (route) await page.goto(`${webUrl}/#${route}`);
}
