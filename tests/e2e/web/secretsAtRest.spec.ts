import { DEMO_ACCOUNTS } from '../../../src/shared/demoAccounts';
import { LoginPage } from '../pages/LoginPage';
import { ShellPage } from '../pages/ShellPage';
import { AppStack } from '../support/stack';
import { signInAsManager } from '../support/signIn';
import { test as base, expect } from '../support/fixtures';

// Issue 26, items 10 and 35: on the embedded workspace without a mail server, a reset link reaches the person through
// the app (the host's memory), never through the database; Settings lists the kept mail, marked not sent.
const test = base.extend<object, { stack: AppStack }>({
  stack: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const stack = new AppStack({}, { hostStartsBackend: true });
      await stack.start();
      await use(stack);
      await stack.stop();
    },
    { scope: 'worker', timeout: 240_000 },
  ],
});

// The API key test runs first: the reset test changes the demo manager's password on this worker's stack.
test('a new API key is shown once, works for the widget API, and afterwards only its hint is shown', async ({ page, stack }) => {
  await signInAsManager(page, stack.webUrl, '/settings');
  const card = page.getByRole('region', { name: 'Widgets and shop' });
  await card.getByRole('button', { name: 'Create key' }).click();
  await expect(card.getByText('Copy your new API key now. It will not be shown again.')).toBeVisible();
  const key = (await card.getByLabel('New API key').textContent()) ?? '';
  expect(key).toMatch(/^rsk_/);
  const widgets = await fetch(`${stack.backendUrl}/metrics/widgets/`, { headers: { 'x-api-key': key } });
  expect(widgets.status).toBe(200);

  await page.reload();
  await expect(card.getByLabel('API key')).toHaveText(`${key.slice(0, 8)}…${key.slice(-4)}`);
  await expect(card.getByText(key)).toHaveCount(0);
  // The app's own widget screens keep working without the brand key.
  await page.goto(`${stack.webUrl}/#/widgets`);
  await expect(page.getByRole('list', { name: 'Widgets' }).getByRole('heading', { name: 'Homepage carousel' })).toBeVisible();
});

test('a forgotten password is reset through the mail outbox on this computer, and Settings lists the mail as not sent', async ({ page, stack }) => {
  const manager = DEMO_ACCOUNTS.brandManager;
  await page.goto(`${stack.webUrl}/#/forgot-password`);
  await page.getByRole('textbox', { name: 'Email' }).fill(manager.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.getByRole('link', { name: 'Open the mail outbox' }).click();

  await expect(page.getByRole('heading', { name: 'Mail outbox' })).toBeVisible();
  const mail = page.getByRole('list', { name: 'Mail not sent' }).getByRole('listitem').filter({ hasText: 'Reset your Reelscope password' });
  await expect(mail).toHaveCount(1);
  await expect(mail.getByText('Not sent')).toBeVisible();
  await mail.getByRole('link', { name: 'Choose a new password' }).click();

  const newPassword = 'A-new-password-26';
  await page.getByLabel('New password').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  const login = new LoginPage(page);
  await login.signIn(manager.email, newPassword);
  await expect(new ShellPage(page).greeting).toBeVisible();

  await page.goto(`${stack.webUrl}/#/settings`);
  const outbox = page.getByRole('region', { name: 'Mail outbox' });
  const kept = outbox.getByRole('listitem').filter({ hasText: 'Reset your Reelscope password' });
  await expect(kept.getByText('Not sent')).toBeVisible();
  await expect(kept.getByText('reset link [redacted]')).toBeVisible();
  await expect(outbox.getByRole('link', { name: 'Choose a new password' })).toHaveCount(0);
});
