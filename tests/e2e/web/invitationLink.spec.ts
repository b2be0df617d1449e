import { DEMO_ACCOUNTS } from '../../../src/shared/demoAccounts';
import { callHost, expect, test } from '../support/fixtures';
import { signInAsManager } from '../support/signIn';

test("the invitation link in the outbox is one a browser opens: the web host's page, not the desktop scheme", async ({ page, browser, stack }) => {
  test.setTimeout(180_000);
  const email = `noor.${Date.now()}@lumina.test`;
  const { email: managerEmail, password } = DEMO_ACCOUNTS.brandManager;
  const login = await fetch(`${stack.backendUrl}/jwt_api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: managerEmail, password }) });
  const { jwt, currentBrand } = (await login.json()) as { jwt: string; currentBrand: { _id: string } };
  const invited = await fetch(`${stack.backendUrl}/jwt_api/brands/${currentBrand._id}/team/invitations`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` }, body: JSON.stringify({ email, role: 'member' }),
  });
  expect(invited.status).toBe(200);

  await signInAsManager(page, stack.webUrl, '/settings');
  for (const [skin, rtl] of [['light', false], ['dark', false], ['light', true]] as const) {
    await callHost(stack, 'settings.update', { layout: { skin, rtl } });
    await page.reload();
    const mail = page.getByRole('region', { name: 'Mail outbox' }).getByRole('listitem').filter({ hasText: email });
    await expect(mail).toBeVisible();
    await expect(mail).not.toContainText('reelscope://');
    await page.screenshot({ path: `artifacts/screenshots/outbox-invitation-${rtl ? 'rtl' : skin}.png`, fullPage: true });
  }
  await callHost(stack, 'settings.update', { layout: { skin: 'light', rtl: false } });

  const link = page.getByRole('region', { name: 'Mail outbox' }).getByRole('listitem').filter({ hasText: email }).getByRole('link', { name: /join-brand\?token=/ });
  const href = (await link.getAttribute('href')) ?? '';
  expect(href.startsWith(`${stack.webUrl}/#/join-brand?token=`), href).toBe(true);
  // The invited person, in a browser of their own, opens the link as it reads.
  const other = await browser.newContext();
  const invitee = await other.newPage();
  await invitee.goto(href);
  await expect(invitee.getByTestId('invitation-summary')).toContainText(email);
  await other.close();
});
