import type { Locator } from '@playwright/test';
import type { ChatChannel } from '../../../src/shared/http/chat.schemas';
import { getAsBrandManager } from '../support/backend';
import { callHost, expect, test } from '../support/fixtures';
import { LoginPage } from '../pages/LoginPage';
import { ShellPage } from '../pages/ShellPage';
import { signInAsManager } from '../support/signIn';
import { DEMO_ACCOUNTS } from '../../../src/shared/demoAccounts';

/** Where each character of an element's text is drawn (the x of its left edge), read from the rendered layout. */
const charXs = (locator: Locator) => locator.evaluate((element) => {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const xs: { char: string; x: number }[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    for (let i = 0; i < text.length; i++) {
      if (text[i]!.trim() === '') continue;
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const box = range.getBoundingClientRect();
      if (box.width > 0) xs.push({ char: text[i]!, x: box.left });
    }
  }
  return xs;
});

test.afterEach(async ({ stack }) => {
  await callHost(stack, 'settings.update', { layout: { skin: 'light', rtl: false } });
});

test('right to left, English sentences keep their order: the question mark ends "Forgot your password?", a chat time reads "5:44 AM"', async ({ page, stack }) => {
  await callHost(stack, 'settings.update', { layout: { rtl: true } });
  const login = new LoginPage(page);
  await login.open(stack.webUrl);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const forgot = page.getByRole('link', { name: 'Forgot your password?' });
  const xs = await charXs(forgot);
  expect(xs.at(-1)!.char).toBe('?');
  // The "?" is drawn right of every letter (at the end of the English sentence), not left of the "F".
  expect(Math.max(...xs.map((entry) => entry.x))).toBe(xs.at(-1)!.x);
  // The footer's sentence reads "New to Reelscope? Create an account", left to right.
  const footer = await charXs(page.locator('.auth__footer'));
  expect(footer[0]!.char).toBe('N');
  expect(footer[0]!.x).toBe(Math.min(...footer.map((entry) => entry.x)));
  await page.screenshot({ path: 'artifacts/screenshots/rtl-login.png' });

  await login.signIn(DEMO_ACCOUNTS.brandManager.email, DEMO_ACCOUNTS.brandManager.password);
  await expect(new ShellPage(page).greeting).toBeVisible();
  const { channels } = await getAsBrandManager<{ channels: ChatChannel[] }>(stack, '/chats');
  await page.goto(`${stack.webUrl}/#/chat?channel=${channels[0]!._id}`);
  const time = page.locator('.chat-message__time').first();
  await expect(time).toHaveText(/\d:\d\d\s?[AP]M/);
  const timeXs = await charXs(time);
  const digit = timeXs.find((entry) => /\d/.test(entry.char))!;
  const meridiem = timeXs.find((entry) => entry.char === 'A' || entry.char === 'P')!;
  expect(meridiem.x).toBeGreaterThan(digit.x);
  await page.screenshot({ path: 'artifacts/screenshots/rtl-chat-thread.png' });
});

test('right to left, the "All campaigns" arrow points back (to the right) and a long title keeps its beginning', async ({ page, stack }) => {
  await callHost(stack, 'settings.update', { layout: { rtl: true } });
  await page.setViewportSize({ width: 1024, height: 768 });
  await signInAsManager(page, stack.webUrl, '/campaigns/new');
  const back = page.getByRole('link', { name: 'All campaigns' });
  const arrow = back.locator('.directional-icon');
  const words = back.getByText('All campaigns');
  expect((await arrow.boundingBox())!.x).toBeGreaterThan((await words.boundingBox())!.x);
  expect(await arrow.evaluate((element) => getComputedStyle(element).transform)).toBe('matrix(-1, 0, 0, 1, 0, 0)');

  await page.goto(`${stack.webUrl}/#/videos`);
  const titles = page.locator('.video-title__open');
  await expect(titles.first()).toBeVisible();
  const cut = await titles.evaluateAll((elements) => elements.findIndex((element) => element.scrollWidth > element.clientWidth));
  expect(cut, 'a title long enough to be cut at 1024 px').toBeGreaterThanOrEqual(0);
  const title = titles.nth(cut);
  const box = (await title.boundingBox())!;
  const first = (await charXs(title))[0]!;
  // The first letter is drawn inside the cell (the end is what the ellipsis hides).
  expect(first.x).toBeGreaterThanOrEqual(box.x - 1);
  expect(first.x).toBeLessThan(box.x + box.width);
  await page.screenshot({ path: 'artifacts/screenshots/rtl-videos-1024.png' });
});
