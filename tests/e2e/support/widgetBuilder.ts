import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** In the widget form: picks the first `count` playable videos and answers the rows and the first video's title. */
export async function chooseWidgetVideos(page: Page, count = 5): Promise<{ rows: Locator; firstTitle: string }> {
  await page.getByRole('button', { name: 'Choose videos' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose videos' });
  const boxes = picker.getByRole('list', { name: 'Playable videos' }).getByRole('checkbox');
  for (let i = 0; i < count; i++) await boxes.nth(i).check();
  await picker.getByRole('button', { name: `Add ${count} videos` }).click();
  const rows = page.locator('.widget-video');
  await expect(rows).toHaveCount(count);
  return { rows, firstTitle: (await rows.first().locator('.widget-video__title').innerText()).replace(/^1\. /, '') };
}
