import { test as base, expect, type Browser, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { hashPassword } from '../../../src/server/auth/passwords';
import { createSqliteClient } from '../../../src/server/db/sqliteClient';
import { createRepositories } from '../../../src/server/repositories/index';
import { ROLE_BRAND_MANAGER } from '../../../src/shared/constants';
import { DEMO_ACCOUNTS } from '../../../src/shared/demoAccounts';
import { MESSAGES } from '../../../src/shared/messages';
import type { VideoListResponse } from '../../../src/shared/http/videos.schemas';
import { LoginPage } from '../pages/LoginPage';
import { ShellPage } from '../pages/ShellPage';
import { VideoDetailPage } from '../pages/VideoDetailPage';
import { getAsBrandManager } from '../support/backend';
import { callHost } from '../support/fixtures';
import { freePort } from '../../shared/loadBalancer';
import { AppStack } from '../support/stack';

/**
 * Changes arrive live (issue 29): two teammates of the demo brand, each in their own browser on their own web host
 * (their own app) over one back end, as a team on a shared server. What one does shows for the other within 2 s,
 * without a reload, and never over what the other is typing.
 */
const teammate = { email: `sam-${randomUUID().slice(0, 8)}@example.com`, password: 'team-work-42', firstName: 'Sam' };
const test = base.extend<object, { team: { stack: AppStack; otherUrl: string } }>({
  team: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const otherPort = await freePort();
      const stack = new AppStack({ backend: { REELSCOPE_ALLOWED_ORIGINS: `http://127.0.0.1:${otherPort}` } });
      await stack.start();
      // No keychain for the second app: its tokens stay in its memory instead of replacing the first app's entry.
      const otherUrl = await stack.startAnotherHost(otherPort, { DBUS_SESSION_BUS_ADDRESS: 'disabled:' });
      await addTeammate(stack.dataDir);
      await use({ stack, otherUrl });
      await stack.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

/** The second member of the demo brand, written through the store as a team's invitation would leave it. */
async function addTeammate(dataDir: string): Promise<void> {
  const db = new Database(join(dataDir, 'reelscope.sqlite'));
  try {
    const repos = createRepositories(createSqliteClient(db));
    const manager = await repos.users.findByEmail(DEMO_ACCOUNTS.brandManager.email);
    const [brand] = await repos.brands.ownBrands(manager!.id);
    const id = randomUUID();
    await repos.users.create({
      id, email: teammate.email, passwordHash: await hashPassword(teammate.password), firstName: teammate.firstName, lastName: 'Okafor',
      roles: [ROLE_BRAND_MANAGER], registrationCompleted: true, createdAt: new Date().toISOString(),
    });
    db.prepare('INSERT INTO brand_members (user_id, brand_id) VALUES (?, ?)').run(id, brand!.id);
  } finally {
    db.close();
  }
}

async function signedIn(browser: Browser, url: string, account: { email: string; password: string }, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const page = await (await browser.newContext({ colorScheme, viewport: { width: 1440, height: 900 } })).newPage();
  const login = new LoginPage(page);
  await login.open(url);
  await login.signIn(account.email, account.password);
  await expect(new ShellPage(page).greeting).toBeVisible();
  return page;
}

/** An unflagged video of the demo brand, a different one each call. */
let picked = 0;
async function quietVideo(stack: AppStack): Promise<string> {
  const { videos } = await getAsBrandManager<VideoListResponse>(stack, '/videos', { per_page: '50' });
  const candidates = videos.filter((video) => !video.is_flagged);
  return candidates[picked++]!._id;
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`a teammate's note and flag appear within 2 s without a reload; the half-typed note is kept and offered (${colorScheme})`, async ({ browser, team }) => {
    const { stack, otherUrl } = team;
    const videoId = await quietVideo(stack);
    const maya = await signedIn(browser, stack.webUrl, DEMO_ACCOUNTS.brandManager, colorScheme);
    // The skin is the app's (its host's) setting: Sam's app shows this run's.
    await callHost({ webUrl: otherUrl } as AppStack, 'settings.update', { layout: { skin: colorScheme, rtl: false } });
    const sam = await signedIn(browser, otherUrl, teammate, colorScheme);

    // Sam starts a note and does not save it yet.
    const samDetail = new VideoDetailPage(sam);
    await samDetail.open(otherUrl, videoId, 'notes');
    const samNote = sam.getByRole('textbox', { name: 'Note on this video' });
    await samNote.fill('Half-typed by Sam: the hook lands at');
    await sam.evaluate(() => ((window as unknown as { liveMarker: boolean }).liveMarker = true));

    // Maya writes and saves her note on the same video.
    const mayaDetail = new VideoDetailPage(maya);
    await mayaDetail.open(stack.webUrl, videoId, 'notes');
    await maya.getByRole('textbox', { name: 'Note on this video' }).fill('Maya: strong opening, use in the spring campaign.');
    await maya.getByRole('button', { name: 'Save note' }).click();
    await expect(maya.getByText('Note saved.')).toBeVisible();

    // Sam is told who changed it; his text stays until he chooses.
    const notice = sam.getByTestId('note-changed-notice');
    await expect(notice).toContainText('Maya changed this note while you were writing', { timeout: 2000 });
    await expect(samNote).toHaveValue('Half-typed by Sam: the hook lands at');
    await notice.screenshot({ path: `artifacts/e2e-output/live-note-notice-${colorScheme}.png` });
    await sam.screenshot({ path: `artifacts/e2e-output/live-note-${colorScheme}-1440.png` });
    await sam.setViewportSize({ width: 1024, height: 768 });
    await sam.screenshot({ path: `artifacts/e2e-output/live-note-${colorScheme}-1024.png` });
    await sam.getByRole('button', { name: 'Load their version' }).click();
    await expect(samNote).toHaveValue('Maya: strong opening, use in the spring campaign.');

    // Maya flags the video: Sam's open detail shows it, still without a reload.
    const flagged = await fetch(`${stack.backendUrl}/jwt_api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_ACCOUNTS.brandManager) })
      .then((response) => response.json() as Promise<{ jwt: string }>)
      .then(({ jwt }) => fetch(`${stack.backendUrl}/jwt_api/videos/flag_videos`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
        body: JSON.stringify({ video_ids: [videoId], reason: 'Spam or misleading' }),
      }));
    expect(flagged.status).toBe(200);
    await expect(sam.getByText('Flagged: Spam or misleading')).toBeVisible({ timeout: 2000 });
    expect(await sam.evaluate(() => (window as unknown as { liveMarker?: boolean }).liveMarker)).toBe(true);
    await maya.context().close();
    await sam.context().close();
  });
}

test("removed from the team, the member's open window signs out within a few seconds, without a reload", async ({ browser, team }) => {
  const { stack, otherUrl } = team;
  const maya = await signedIn(browser, stack.webUrl, DEMO_ACCOUNTS.brandManager);
  await callHost({ webUrl: otherUrl } as AppStack, 'settings.update', { layout: { skin: 'light', rtl: false } });
  const sam = await signedIn(browser, otherUrl, teammate);
  await sam.evaluate(() => ((window as unknown as { liveMarker: boolean }).liveMarker = true));

  // Maya removes Sam on the Team screen (and confirms).
  await maya.goto(`${stack.webUrl}/#/team`);
  await maya.getByRole('button', { name: 'Remove Sam Okafor' }).click();
  await maya.getByRole('alertdialog', { name: 'Remove teammate' }).getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(maya.getByTestId('team-member').filter({ hasText: 'Sam Okafor' })).toHaveCount(0);

  // Sam's window, left as it was, ends on the sign-in screen by itself, saying why; it was never reloaded.
  const login = new LoginPage(sam);
  await expect(login.submit).toBeVisible({ timeout: 5000 });
  await expect(sam.getByText(MESSAGES.teamRemoved)).toBeVisible();
  expect(await sam.evaluate(() => (window as unknown as { liveMarker?: boolean }).liveMarker)).toBe(true);
  await sam.screenshot({ path: 'artifacts/e2e-output/live-removed-signed-out.png' });
  await maya.context().close();
  await sam.context().close();
});
