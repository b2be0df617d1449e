import type { Page } from '@playwright/test';
import { setAssistantIntro } from '../support/backend';
import { expect, test } from '../support/fixtures';
import { signInAsManager } from '../support/signIn';
import { answers, ask } from '../support/assistant';

/**
 * What the assistant understood (issue 30): a question in Spanish answered in Spanish, quoting a line said in English
 * that plays; a follow-up narrowed to TikTok whose reading shows it; the reading's chips changed and the question asked
 * again; the newest answer in view each time.
 */
const reading = (page: Page) => answers(page).last().getByRole('group', { name: 'What the answer read' });

test('a Spanish question, a follow-up on TikTok, then its reading changed and asked again', async ({ page, stack }) => {
  test.setTimeout(90_000);
  await setAssistantIntro(stack, false);
  await signInAsManager(page, stack.webUrl, '/assistant');
  await page.getByRole('button', { name: 'New conversation' }).click();
  await page.getByRole('combobox', { name: 'Window' }).selectOption('all_dates');

  await ask(page, '¿Qué opinan del precio?');
  const first = answers(page).last();
  await expect(first.locator('.assistant-answer__text')).toContainText(/tienes [\d.]+ vídeos\. .*dicen «precio»/s);
  await expect(first.locator('.assistant-answer__text')).toContainText('Los momentos más claros');
  await expect(reading(page).getByText('About')).toBeVisible();
  // A quoted line said in English is named so, and its chip plays the video it was said in.
  const english = (await first.locator('.assistant-answer__text').innerText()).split('\n').find((line) => / \[en\], \d/.test(line));
  expect(english, 'an English line quoted').toBeTruthy();
  const quote = /“(.+?)”/.exec(english ?? '')?.[1] ?? '';
  // The quote is the chip's description (shown on hover or focus).
  const citation = first.locator('.assistant-citation', { hasText: quote }).getByTestId('assistant-citation');
  await citation.click();
  const popup = page.getByTestId('video-popup');
  await expect(popup).toBeVisible();
  await popup.getByRole('button', { name: 'Close' }).click();

  await ask(page, '¿Y solo en TikTok?');
  await expect(reading(page).getByRole('button', { name: /^Platform TikTok/ })).toBeVisible();
  await expect(reading(page).getByText('About')).toBeVisible();
  await expect(answers(page).last().locator('.assistant-answer__text')).toContainText(/en TikTok, tienes/);

  // The platform is changed from the keyboard: the menu opens on the picked one, arrows move, Enter picks.
  const platform = reading(page).getByRole('button', { name: /^Platform TikTok/ });
  await platform.focus();
  await page.keyboard.press('Enter');
  const menu = reading(page).getByRole('menu', { name: 'Platform' });
  await expect(menu.getByRole('menuitemradio', { name: 'TikTok' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitemradio', { name: 'Instagram' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveCount(0);
  await expect(reading(page).getByRole('button', { name: /^Platform Instagram/ })).toBeFocused();
  await reading(page).getByRole('button', { name: /^Window/ }).click();
  await reading(page).getByRole('menu', { name: 'Window' }).getByRole('menuitemradio', { name: 'Last year' }).click();
  await expect(reading(page).getByRole('button', { name: /^Window Last year/ })).toBeVisible();
  await reading(page).getByRole('button', { name: 'Ask again' }).click();

  await expect(answers(page)).toHaveCount(3, { timeout: 20_000 });
  await expect(answers(page).last()).toBeInViewport();
  await expect(reading(page).getByRole('button', { name: /^Platform Instagram/ })).toBeVisible();
  await expect(reading(page).getByRole('button', { name: /^Window \d{1,2} \w{3} 2025 – \d{1,2} \w{3} 2026$/ })).toBeVisible();
  await expect(answers(page).last().locator('.assistant-answer__text')).toContainText(/en Instagram, tienes/);
  // The chips of the answer changed are back as they were read.
  await expect(answers(page).nth(1).getByRole('button', { name: /^Platform TikTok/ })).toBeVisible();
});

test('a question that cannot be read offers the closest questions, each asked with a click', async ({ page, stack }) => {
  await setAssistantIntro(stack, false);
  await signInAsManager(page, stack.webUrl, '/assistant');
  await page.getByRole('button', { name: 'New conversation' }).click();
  await ask(page, '¿Y qué?');
  await expect(answers(page).last()).toContainText('No pude entender «¿Y qué?»');
  const offered = answers(page).last().getByRole('list', { name: 'Closest questions I can answer' }).getByRole('button').first();
  const question = await offered.innerText();
  await offered.click();
  await expect(answers(page)).toHaveCount(2, { timeout: 20_000 });
  await expect(page.locator('.assistant-question').last()).toHaveText(question);
});
