import { expect, type Page } from '@playwright/test';

/** The assistant's answers, oldest first. */
export const answers = (page: Page) => page.getByTestId('assistant-answer');

/** Types a question and sends it with Enter; waits for its answer, the box emptied and the answer in view. */
export async function ask(page: Page, question: string): Promise<void> {
  const before = await answers(page).count();
  const box = page.getByRole('textbox', { name: 'Your question' });
  await box.fill(question);
  await box.press('Enter');
  await expect(answers(page)).toHaveCount(before + 1, { timeout: 20_000 });
  await expect(box).toHaveValue('');
  await expect(answers(page).last()).toBeInViewport();
}
