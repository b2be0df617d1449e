import { CREATE_CONVERSATION, UPDATE_CONVERSATION } from '../../../src/shared/assistant/operations';
import { DEMO_ACCOUNTS } from '../../../src/shared/demoAccounts';
import type { Browser, Page } from '@playwright/test';
import { LiveMailSchema } from '../../../src/shared/http/outbox.schemas';
import { LoginPage } from '../pages/LoginPage';
import { ShellPage } from '../pages/ShellPage';
import { callHost, expect, test } from '../support/fixtures';
import { withOwnStack, type AppStack } from '../support/stack';
import { signInAsManager } from '../support/signIn';
import { shootSkins } from '../support/screenshots';

const PASSWORD = 'correct-horse-42';
const CONVERSATION = 'Launch week read-out';

/** A JSON call on the back end with a bearer; answers the parsed body. */
async function call(stack: AppStack, jwt: string, method: string, path: string, body?: object): Promise<unknown> {
  const response = await fetch(`${stack.backendUrl}${path}`, {
    method, headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` }, ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

async function login(stack: AppStack, email: string, password: string): Promise<{ jwt: string; currentBrand: { _id: string } }> {
  const response = await fetch(`${stack.backendUrl}/jwt_api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  return (await response.json()) as { jwt: string; currentBrand: { _id: string } };
}


test("a member is not offered the deletes only a manager may make: widgets, playlists, snippets' revoke, assistant conversations", async ({ page, browser }) => {
  test.setTimeout(300_000);
  // A workspace of its own whose web host starts the back end, as the desktop app does: only that host is handed the
  // mail to the invited address (no mail server here), whose link finishes the member's account.
  await withOwnStack([{}, { hostStartsBackend: true }], (stack) => memberStory(page, browser, stack));
});

async function memberStory(page: Page, browser: Browser, stack: AppStack): Promise<void> {
  // The manager's brand gets a member (invited, signed up through the link, finished from the mailbox) and a
  // conversation of the manager's.
  const manager = await login(stack, DEMO_ACCOUNTS.brandManager.email, DEMO_ACCOUNTS.brandManager.password);
  const email = `maya.${Date.now()}@lumina.test`;
  const invited = (await call(stack, manager.jwt, 'POST', `/jwt_api/brands/${manager.currentBrand._id}/team/invitations`, { email, role: 'member' })) as { link: string };
  const token = /join-brand\?token=([A-Za-z0-9_-]+)/.exec(invited.link)?.[1] ?? '';
  await call(stack, '', 'POST', `/jwt_api/team/invitations/${token}/sign_up`, { first_name: 'Maya', last_name: 'Levi', password: PASSWORD });
  const mails = LiveMailSchema.array().parse(await callHost(stack, 'mail.localOutbox'));
  const mailed = /join-brand\?token=([A-Za-z0-9_-]+)/.exec(mails.find((mail) => mail.to === email)?.body ?? '')?.[1] ?? '';
  const finished = await fetch(`${stack.backendUrl}/jwt_api/team/invitations/${mailed}/finish`, { method: 'POST' });
  expect(finished.status, await finished.clone().text()).toBe(200);
  const member = (await finished.json()) as { jwt: string };
  await call(stack, member.jwt, 'PATCH', '/jwt_api/navbar_stats', { ask_reelscope_intro: false });
  await call(stack, manager.jwt, 'PATCH', '/jwt_api/navbar_stats', { ask_reelscope_intro: false });
  const created = (await call(stack, manager.jwt, 'POST', '/graphql', { query: CREATE_CONVERSATION, variables: { brandId: manager.currentBrand._id } })) as { data: { createConversation: { _id: string } } };
  await call(stack, manager.jwt, 'POST', '/graphql', { query: UPDATE_CONVERSATION, variables: { conversationId: created.data.createConversation._id, title: CONVERSATION } });

  // The manager is offered each of them.
  await signInAsManager(page, stack.webUrl, '/widgets');
  await expect(page.getByRole('button', { name: 'Delete Homepage carousel' })).toBeVisible();
  await page.goto(`${stack.webUrl}/#/widgets?tab=playlists`);
  await expect(page.getByRole('button', { name: /^Delete / }).first()).toBeVisible();
  await page.goto(`${stack.webUrl}/#/assistant`);
  await expect(page.getByRole('button', { name: `Delete ${CONVERSATION}` })).toBeVisible();

  // The member, in a browser of their own, sees the same screens without them, and keeps what is theirs to do.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const memberPage = await context.newPage();
  const signIn = new LoginPage(memberPage);
  await signIn.open(stack.webUrl);
  await signIn.signIn(email, PASSWORD);
  await expect(new ShellPage(memberPage).greeting).toBeVisible();
  await shootSkins(memberPage, stack, '/widgets', 'member-widgets', async (shown) => {
    await expect(shown.getByRole('list', { name: 'Widgets' }).getByRole('heading', { name: 'Homepage carousel' })).toBeVisible();
    await expect(shown.getByRole('link', { name: 'Edit' }).first()).toBeVisible();
    await expect(shown.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  });
  await memberPage.getByRole('button', { name: 'Get snippet' }).first().click();
  const snippet = memberPage.getByRole('dialog');
  await expect(snippet.getByLabel('Snippet')).toHaveValue(/data-reelscope-widget-host/);
  await expect(snippet.getByRole('button', { name: 'Revoke all snippets' })).toHaveCount(0);
  await memberPage.screenshot({ path: 'artifacts/screenshots/member-widget-snippet-light.png' });
  await shootSkins(memberPage, stack, '/widgets?tab=playlists', 'member-playlists', async (shown) => {
    await expect(shown.getByRole('list', { name: 'Playlists' }).getByRole('button', { name: 'Rename' }).first()).toBeVisible();
    await expect(shown.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  });
  await shootSkins(memberPage, stack, '/assistant', 'member-assistant', async (shown) => {
    await expect(shown.getByRole('button', { name: `Rename ${CONVERSATION}` })).toBeVisible();
    await expect(shown.getByRole('button', { name: `Delete ${CONVERSATION}` })).toHaveCount(0);
  });
  await context.close();
}
