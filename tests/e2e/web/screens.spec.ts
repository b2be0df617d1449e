import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../../src/shared/demoAccounts';
import { LoginPage } from '../pages/LoginPage';
import { ShellPage } from '../pages/ShellPage';
import { callHost, expect, test } from '../support/fixtures';

const SIGNED_OUT = ['login', 'signup', 'forgot-password', 'reset-password?token=abc'];
const SIGNED_IN = ['home', 'videos', 'products', 'creators', 'campaigns', 'licensing', 'chat', 'reports', 'app-manager', 'widgets', 'assistant', 'settings'];
const LOOKS = [
  { name: 'light', layout: { skin: 'light', rtl: false } },
  { name: 'dark', layout: { skin: 'dark', rtl: false } },
  { name: 'rtl', layout: { skin: 'light', rtl: true } },
] as const;

const shot = (name: string) => `artifacts/screenshots/${name.replace(/[?=]/g, '_')}.png`;

/** A screen is photographed once its data has arrived: no spinner left and every image decoded. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('.spinner')).toHaveCount(0, { timeout: 15_000 });
  await page.waitForFunction(() => [...document.images].every((image) => image.complete), undefined, { timeout: 15_000 });
}

for (const look of LOOKS) {
  test(`every screen renders in the ${look.name} look`, async ({ page, stack }) => {
    await callHost(stack, 'settings.update', { layout: look.layout });
    for (const route of SIGNED_OUT) {
      await page.goto(`${stack.webUrl}/#/${route}`);
      await expect(page.getByRole('heading').first()).toBeVisible();
      await page.screenshot({ path: shot(`${look.name}-${route}`) });
    }
    const login = new LoginPage(page);
    await login.open(stack.webUrl);
    await login.signIn(DEMO_ACCOUNTS.brandManager.email, DEMO_ACCOUNTS.brandManager.password);
    await expect(new ShellPage(page).greeting).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-skin', look.layout.skin);
    await expect(page.locator('html')).toHaveAttribute('dir', look.layout.rtl ? 'rtl' : 'ltr');
    for (const route of SIGNED_IN) {
      await page.goto(`${stack.webUrl}/#/${route}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await settled(page);
      await page.screenshot({ path: shot(`${look.name}-${route}`) });
    }
    await callHost(stack, 'settings.update', { layout: { skin: 'light', rtl: false } });
  });
}
