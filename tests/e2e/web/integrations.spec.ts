// A platform's real sign-in server cannot be reached here: the test runs an OpenID Connect provider (oidc-provider)
// on loopback as the platform's, and plays the person in the browser tab the app opens.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { callHost, expect, test } from '../support/fixtures';
import { signInAsManager } from '../support/signIn';

test('Shopify is connected through the browser (loopback redirect, PKCE), its status shows, and it is disconnected', async ({ page, stack, context }) => {
  test.setTimeout(90_000);
  const probe = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => probe.once('listening', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [{ client_id: 'reelscope-desktop', application_type: 'native', token_endpoint_auth_method: 'none', redirect_uris: ['http://127.0.0.1/callback'], response_types: ['code'], grant_types: ['authorization_code'] }],
    pkce: { required: () => true },
    features: { revocation: { enabled: true }, devInteractions: { enabled: true } },
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ sub: id }) }),
  });
  const server = provider.listen(port, '127.0.0.1');
  try {
    await callHost(stack, 'settings.update', { integrations: { providers: { Shopify: { issuer, clientId: 'reelscope-desktop', scope: 'openid' } } } });
    await signInAsManager(page, stack.webUrl, '/settings');
    const shopify = page.getByRole('list', { name: 'Integrations' }).getByRole('listitem').filter({ hasText: 'Shopify' });
    await expect(shopify.getByRole('status')).toHaveText('Not connected');
    await expect(page.getByRole('list', { name: 'Integrations' }).getByRole('listitem').filter({ hasText: 'TikTok' }).getByRole('button', { name: 'Connect' })).toBeDisabled();

    const [browser] = await Promise.all([context.waitForEvent('page'), shopify.getByRole('button', { name: 'Connect' }).click()]);
    await browser.locator('input[name="login"]').fill('maya');
    await browser.locator('input[name="password"]').fill('anything');
    await browser.getByRole('button', { name: 'Sign-in' }).click();
    await browser.getByRole('button', { name: 'Continue' }).click();
    await expect(browser.getByText('You can close this tab and go back to Reelscope.')).toBeVisible();
    await browser.close();
    await expect(page.getByText('Shopify is connected as maya.')).toBeVisible();
    await expect(shopify.getByRole('status')).toHaveText(/^Connected as maya since /);

    for (const [skin, rtl] of [['light', false], ['dark', false], ['light', true]] as const) {
      await callHost(stack, 'settings.update', { layout: { skin, rtl } });
      await page.reload();
      await expect(shopify.getByRole('status')).toHaveText(/^Connected as maya/);
      await page.screenshot({ path: `artifacts/screenshots/integrations-${skin}${rtl ? '-rtl' : ''}.png`, fullPage: true });
    }
    await callHost(stack, 'settings.update', { layout: { skin: 'light', rtl: false } });
    await page.reload();

    await shopify.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('alertdialog', { name: 'Disconnect Shopify?' }).getByRole('button', { name: 'Yes' }).click();
    await page.getByRole('dialog', { name: 'Disconnect Shopify?' }).getByRole('button', { name: 'Close' }).click();
    await expect(shopify.getByRole('status')).toHaveText('Not connected');
  } finally {
    server.close();
    await callHost(stack, 'settings.update', { integrations: { providers: {} } });
  }
});
