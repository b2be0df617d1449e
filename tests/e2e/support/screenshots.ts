import type { Page } from '@playwright/test';
import { callHost } from './fixtures';
import type { AppStack } from './stack';

/**
 * `route` in light, dark and right-to-left, each from a fresh load and checked by `ready` before it is taken, into
 * `artifacts/screenshots/<name>-<light|dark|rtl>.png`; the layout is put back to light, left to right afterwards.
 */
export async function shootSkins(page: Page, stack: AppStack, route: string, name: string, ready: (page: Page) => Promise<void>): Promise<void> {
  for (const [skin, rtl] of [['light', false], ['dark', false], ['light', true]] as const) {
    await callHost(stack, 'settings.update', { layout: { skin, rtl } });
    await page.goto(`${stack.webUrl}/#${route}`);
    await page.reload();
    await ready(page);
    await page.screenshot({ path: `artifacts/screenshots/${name}-${rtl ? 'rtl' : skin}.png`, fullPage: true });
  }
  await callHost(stack, 'settings.update', { layout: { skin: 'light', rtl: false } });
}
