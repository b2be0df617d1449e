import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../../src/shared/demoAccounts';
import { LoginPage } from '../pages/LoginPage';
import { ShellPage } from '../pages/ShellPage';
import { VideosListPage } from '../pages/VideosListPage';
import { expect } from './fixtures';
import type { AppStack } from './stack';

export const TAB_LABELS = ['My Videos', 'Competitors', 'Campaigns', 'Favorites', 'Flagged', 'Trash'] as const;

/** Signs in as the demo brand manager and opens /videos; answers the page object and the first list response. */
export async function openVideos(page: Page, stack: AppStack): Promise<{ list: VideosListPage; first: Awaited<ReturnType<VideosListPage['open']>> }> {
  const login = new LoginPage(page);
  await login.open(stack.webUrl);
  await login.signIn(DEMO_ACCOUNTS.brandManager.email, DEMO_ACCOUNTS.brandManager.password);
  await expect(new ShellPage(page).greeting).toBeVisible();
  const list = new VideosListPage(page);
  const first = await list.open();
  await expect(list.count).toHaveText(first.data.count.toLocaleString('en-US'));
  return { list, first };
}

/** Switches tab (reloading) and answers the tab's count as the summary shows it. */
export async function tabCount(list: VideosListPage, label: (typeof TAB_LABELS)[number]): Promise<number> {
  if ((await list.tab(label).getAttribute('aria-selected')) !== 'true') {
    const body = await list.load(() => list.tab(label).click());
    await expect(list.count).toHaveText(body.data.count.toLocaleString('en-US'));
    return body.data.count;
  }
  return list.countValue();
}
