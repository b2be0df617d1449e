import { DEMO_ACCOUNTS } from '../../../src/shared/demoAccounts';
import { callHost, expect, test } from '../support/fixtures';
import { signInAsManager } from '../support/signIn';

test("invitation links are ones a browser opens: the outbox names the web host's page (token withheld), the Team screen's one-time link opens it", async ({ page, browser, stack }) => {
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

  // The outbox, which every teammate reads, names the browser's form of the link with its token withheld (no live link).
  const kept = page.getByRole('region', { name: 'Mail outbox' }).getByRole('listitem').filter({ hasText: email });
  await expect(kept).toContainText(`${stack.webUrl}/#/join-brand?token=[redacted]`);

  // The live link is the inviter's alone, shown once on the Team screen, in the form a browser opens.
  const again = `sam.${Date.now()}@lumina.test`;
  await page.goto(`${stack.webUrl}/#/team`);
  await page.getByLabel('Email', { exact: true }).fill(again);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  const href = await page.getByTestId('team-invitation-link').getByRole('textbox').inputValue();
  expect(href.startsWith(`${stack.webUrl}/#/join-brand?token=`), href).toBe(true);
  // The invited person, in a browser of their own, opens the link as it reads.
  const other = await browser.newContext();
  const invitee = await other.newPage();
  await invitee.goto(href);
  await expect(invitee.getByTestId('invitation-summary')).toContainText(again);
  await other.close();
});
