import type { Browser, Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../../src/shared/demoAccounts';
import { LiveMailSchema, type OutboxResponse } from '../../../src/shared/http/outbox.schemas';
import type { VideoListResponse } from '../../../src/shared/http/videos.schemas';
import { MESSAGES } from '../../../src/shared/messages';
import { ShellPage } from '../pages/ShellPage';
import { getAsBrandManager } from '../support/backend';
import { callHost, expect, test } from '../support/fixtures';
import { withOwnStack, type AppStack } from '../support/stack';
import { signInAsManager } from '../support/signIn';

const PASSWORD = 'correct-horse-42';

/** A call on the back end with a bearer (the member's teammate work, made for the screenshots of authorship). */
async function callAs(stack: AppStack, jwt: string, method: string, path: string, body?: object): Promise<unknown> {
  const response = await fetch(`${stack.backendUrl}/jwt_api${path}`, {
    method, headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` }, ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

async function jwtOf(stack: AppStack, email: string, password: string): Promise<{ jwt: string; currentBrand: { _id: string }; currentUser: { _id: string } }> {
  const response = await fetch(`${stack.backendUrl}/jwt_api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  return (await response.json()) as { jwt: string; currentBrand: { _id: string }; currentUser: { _id: string } };
}

async function shoot(page: Page, stack: AppStack, route: string, name: string, ready: (page: Page) => Promise<void>): Promise<void> {
  for (const [skin, rtl] of [['light', false], ['dark', false], ['light', true]] as const) {
    await callHost(stack, 'settings.update', { layout: { skin, rtl } });
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${stack.webUrl}/#${route}`);
      await page.reload();
      await ready(page);
      await page.screenshot({ path: `artifacts/screenshots/${name}-${rtl ? 'rtl' : skin}-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  }
  await callHost(stack, 'settings.update', { layout: { skin: 'light', rtl: false } });
}

/** The Team screen right after an invitation, its link shown once, in light, dark and right-to-left. */
async function shootInvitationLink(page: Page, stack: AppStack): Promise<void> {
  for (const [skin, rtl] of [['light', false], ['dark', false], ['light', true]] as const) {
    await callHost(stack, 'settings.update', { layout: { skin, rtl } });
    await page.goto(`${stack.webUrl}/#/team`);
    await page.reload();
    await page.getByLabel('Email', { exact: true }).fill(`shot.${skin}.${rtl ? 'rtl' : 'ltr'}.${Date.now()}@lumina.test`);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByRole('button', { name: 'Copy invitation link' })).toBeVisible();
    await page.screenshot({ path: `artifacts/screenshots/team-invitation-link-${rtl ? 'rtl' : skin}.png`, fullPage: true });
  }
  await callHost(stack, 'settings.update', { layout: { skin: 'light', rtl: false } });
}

/**
 * The story of a teammate, on a workspace of its own whose web host starts its back end as the desktop app does: the
 * mail to the invited address (no mail server) reaches only that host, as the link to finish joining.
 */
test('a manager invites a teammate and copies the link shown once; the teammate signs up, finishes from their mailbox and is refused the team screen; authorship shows on a note, a flag and a report', async ({ page, browser }) => {
  test.setTimeout(360_000);
  await withOwnStack([{}, { hostStartsBackend: true }], (stack) => teamStory(page, browser, stack));
});

async function teamStory(page: Page, browser: Browser, stack: AppStack): Promise<void> {
  const email = `maya.${Date.now()}@lumina.test`;
  // The manager invites through the Team screen, reached from the navigation.
  await signInAsManager(page, stack.webUrl);
  await page.getByRole('link', { name: 'Team' }).click();
  await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(MESSAGES.teamInvitationSent)).toBeVisible();
  await expect(page.getByTestId('team-invitation').filter({ hasText: email })).toBeVisible();
  // The link is shown to its inviter this once, to copy.
  const link = await page.getByLabel('Invitation link').inputValue();
  const token = /join-brand\?token=([A-Za-z0-9_-]+)/.exec(link)?.[1] ?? '';
  expect(token).not.toBe('');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.webUrl });
  await page.getByRole('button', { name: 'Copy invitation link' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  // The brand's outbox, which every teammate reads, keeps the mail without it.
  const outbox = await getAsBrandManager<OutboxResponse>(stack, '/outbox');
  const kept = outbox.mails.find((mail) => mail.kind === 'invitation' && mail.to === email)?.body ?? '';
  expect(kept).toContain('join-brand?token=[redacted]');
  expect(JSON.stringify(outbox)).not.toContain(token);
  // Leaving the screen and coming back, the link is gone: the team list never shows it.
  await page.reload();
  await expect(page.getByTestId('team-invitation').filter({ hasText: email })).toBeVisible();
  await expect(page.getByLabel('Invitation link')).toHaveCount(0);
  await page.getByLabel('Email', { exact: true }).fill(`sam.${Date.now()}@lumina.test`);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(MESSAGES.teamInvitationSent)).toBeVisible();
  await shootInvitationLink(page, stack);

  // The invited person, in a browser of their own, signs up through the link; the account waits for their mailbox.
  const member = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const memberPage = await member.newPage();
  await memberPage.goto(`${stack.webUrl}/#/join-brand?token=${token}`);
  await expect(memberPage.getByTestId('invitation-summary')).toContainText(email);
  await memberPage.getByLabel('First name').fill('Maya');
  await memberPage.getByLabel('Last name').fill('Levi');
  await memberPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await memberPage.getByRole('button', { name: 'Create account and join' }).click();
  await expect(memberPage.getByText(MESSAGES.teamInvitationCheckMailbox)).toBeVisible();
  await memberPage.screenshot({ path: 'artifacts/screenshots/join-brand-check-mailbox.png' });
  // The link the manager copied no longer works; the one mailed to the address (kept live by this computer's host,
  // no mail server here) finishes the account.
  await memberPage.reload();
  await expect(memberPage.getByText(MESSAGES.teamInvitationInvalid)).toBeVisible();
  const mails = LiveMailSchema.array().parse(await callHost(stack, 'mail.localOutbox'));
  const mailed = /join-brand\?token=([A-Za-z0-9_-]+)/.exec(mails.find((mail) => mail.to === email)?.body ?? '')?.[1] ?? '';
  expect(mailed).not.toBe('');
  for (const [skin, rtl] of [['light', false], ['dark', false], ['light', true]] as const) {
    await callHost(stack, 'settings.update', { layout: { skin, rtl } });
    await memberPage.goto(`${stack.webUrl}/#/join-brand?token=${mailed}`);
    await memberPage.reload();
    await expect(memberPage.getByRole('button', { name: 'Finish and join' })).toBeVisible();
    await memberPage.screenshot({ path: `artifacts/screenshots/join-brand-finish-${rtl ? 'rtl' : skin}.png` });
  }
  await callHost(stack, 'settings.update', { layout: { skin: 'light', rtl: false } });
  await memberPage.reload();
  await memberPage.getByRole('button', { name: 'Finish and join' }).click();
  await expect(new ShellPage(memberPage).greeting).toBeVisible();
  // A member has no Team in the navigation, and the screen itself refuses them with the sentence.
  await expect(memberPage.getByRole('link', { name: 'Settings' })).toBeVisible();
  await expect(memberPage.getByRole('link', { name: 'Team' })).toHaveCount(0);
  await memberPage.goto(`${stack.webUrl}/#/team`);
  await expect(memberPage.getByText(MESSAGES.teamManagerOnly)).toBeVisible();
  await memberPage.screenshot({ path: 'artifacts/screenshots/team-member-refused.png' });
  // The used link says so.
  await memberPage.goto(`${stack.webUrl}/#/join-brand?token=${mailed}`);
  await expect(memberPage.getByText(MESSAGES.teamInvitationUsed)).toBeVisible();
  await member.close();

  // Teammate work for authorship: the manager makes a report, Maya renames it, writes a note and flags a video.
  const manager = await jwtOf(stack, DEMO_ACCOUNTS.brandManager.email, DEMO_ACCOUNTS.brandManager.password);
  const maya = await jwtOf(stack, email, PASSWORD);
  const identity = { brand_id: maya.currentBrand._id, user_id: maya.currentUser._id };
  const { videos } = await getAsBrandManager<VideoListResponse>(stack, '/videos', { per_page: '50' });
  const [noted, flagged] = videos.filter((row) => !row.is_flagged);
  await callAs(stack, maya.jwt, 'PUT', `/videos/${noted!._id}/video_note`, { ...identity, content: 'Ask the creator for the raw file before we license it.' });
  await callAs(stack, maya.jwt, 'POST', '/videos/flag_videos', { ...identity, video_ids: [flagged!._id], reason: 'Spam or misleading' });
  const report = (await callAs(stack, manager.jwt, 'POST', '/reports', { brand_id: manager.currentBrand._id, user_id: manager.currentUser._id, type: 'custom', title: 'Team read-out', metrics: ['kpis'], duration: '3m' })) as { _id: string };
  await callAs(stack, maya.jwt, 'PUT', `/reports/${report._id}`, { ...identity, title: 'Team read-out, reviewed' });

  // The manager, in a fresh browser (one browser holds this web host's session at a time), sees who did what.
  const again = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const managerPage = await again.newPage();
  await signInAsManager(managerPage, stack.webUrl);
  await shoot(managerPage, stack, '/team', 'team-screen', async (shown) => {
    await expect(shown.getByTestId('team-member').filter({ hasText: 'Maya Levi' })).toContainText('Member');
  });
  // A flagged video opens with its notice, which says who flagged it.
  await shoot(managerPage, stack, `/videos/${flagged!._id}`, 'authorship-flag', async (shown) => {
    await expect(shown.getByTestId('flagged-notice-by')).toContainText('Flagged by Maya Levi, just now');
  });
  await shoot(managerPage, stack, `/videos/${noted!._id}`, 'authorship-note', async (shown) => {
    await shown.getByRole('tab', { name: 'Notes', exact: true }).click();
    await expect(shown.getByTestId('note-author')).toContainText('Written by Maya Levi');
  });
  await shoot(managerPage, stack, '/reports', 'authorship-report', async (shown) => {
    const row = shown.locator('.reports-table tbody tr').filter({ hasText: 'Team read-out, reviewed' });
    await expect(row.getByTestId('report-editor')).toContainText('Last edited by Maya Levi');
    await expect(row.getByTestId('report-owner')).not.toHaveText('—');
  });
  // A waiting invitation's end is in the app's date style ("Dec 9, 2026"), and removing asks in the app's own dialog.
  await shoot(managerPage, stack, '/team', 'team-remove-dialog', async (shown) => {
    await expect(shown.getByTestId('team-invitation').first()).toContainText(/Link valid until [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    await shown.getByRole('button', { name: 'Remove Maya Levi' }).click();
    await expect(shown.getByRole('alertdialog', { name: 'Remove teammate' })).toContainText('Remove Maya Levi from the team?');
  });
  let nativeBox = false;
  managerPage.on('dialog', (dialog) => { nativeBox = true; void dialog.dismiss(); });
  await managerPage.getByRole('alertdialog', { name: 'Remove teammate' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(managerPage.getByTestId('team-member').filter({ hasText: 'Maya Levi' })).toHaveCount(1);
  await managerPage.getByRole('button', { name: 'Remove Maya Levi' }).click();
  await managerPage.getByRole('alertdialog', { name: 'Remove teammate' }).getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(managerPage.getByTestId('team-member').filter({ hasText: 'Maya Levi' })).toHaveCount(0);
  expect(nativeBox).toBe(false);
  await again.close();
}
