import { SAMPLE_QUESTIONS } from '../../../src/shared/assistant/sampleQuestions';
import type { VideoDetail, VideoListItem, VideoListResponse } from '../../../src/shared/http/videos.schemas';
import { getAsBrandManager, setAssistantIntro } from '../support/backend';
import { callHost, expect, test } from '../support/fixtures';
import type { AppStack } from '../support/stack';
import { signInAsManager } from '../support/signIn';
import { answers, ask } from '../support/assistant';

/** A video with its own file and a transcript, and the longest lower-case word it says. */
async function playableWithWord(stack: AppStack): Promise<{ video: VideoListItem; word: string }> {
  const { videos } = await getAsBrandManager<VideoListResponse>(stack, '/videos', { per_page: '250' });
  for (const video of videos.filter((entry) => !entry.is_flagged)) {
    const { video: detail } = await getAsBrandManager<{ video: VideoDetail }>(stack, `/videos/${video._id}`);
    if (!detail.playable_url) continue;
    const { transcription } = await getAsBrandManager<{ transcription: { content: string }[] }>(stack, `/videos/${video._id}/transcript`);
    const word = transcription.flatMap((line) => line.content.split(/[^\p{L}]+/u)).filter((w) => /^\p{Ll}{6,}$/u.test(w)).sort((a, b) => b.length - a.length)[0];
    if (word) return { video, word };
  }
  throw new Error('The demo workspace has no playable transcribed video');
}


test('the intro offers the sample questions once; each is answered from the data', async ({ page, stack }) => {
  await setAssistantIntro(stack, true);
  await signInAsManager(page, stack.webUrl, '/assistant');
  const intro = page.getByRole('dialog', { name: 'Ask Reelscope' });
  await expect(intro).toBeVisible();
  for (const question of SAMPLE_QUESTIONS) await expect(intro.getByRole('button', { name: question })).toBeVisible();
  await intro.getByRole('button', { name: SAMPLE_QUESTIONS[0] }).click();
  await expect(intro).toBeHidden();
  await expect(answers(page).first()).toContainText(/The top \d+ topics discussed/, { timeout: 20_000 });
  await expect(answers(page).first()).toContainText(/Between \d{1,2} \w{3} \d{4} and \d{1,2} \w{3} \d{4} \(last 6 months\)/);
  await ask(page, SAMPLE_QUESTIONS[1]);
  await expect(answers(page).nth(1)).toContainText(/Overall sentiment is mostly (positive|negative): [\d.]+% positive/);
  await ask(page, SAMPLE_QUESTIONS[2]);
  await expect(answers(page).nth(2)).toContainText(/Age ranges: /);
  // The conversation took its first question as title.
  await expect(page.getByRole('navigation', { name: 'Conversations' }).getByRole('button', { name: new RegExp(`^${SAMPLE_QUESTIONS[0].replace('?', '\\?')}`) })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Conversations' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Ask Reelscope' })).toHaveCount(0);
});

test('a question asked before the intro could open counts as asking: the intro does not pop up over the answer, nor come back', async ({ page, stack }) => {
  await setAssistantIntro(stack, true);
  // The intro's flag arrives late (a busy back end): the person has typed and sent a question by then.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/navbar_stats/, async (route) => {
    if (route.request().method() === 'GET' && /\/assistant/.test(page.url())) await held;
    await route.continue();
  });
  await signInAsManager(page, stack.webUrl, '/assistant');
  await ask(page, SAMPLE_QUESTIONS[1]);
  const read = page.waitForResponse((response) => /\/navbar_stats/.test(response.url()) && response.request().method() === 'GET');
  release();
  await read;
  await page.waitForTimeout(500);
  await expect(page.getByRole('dialog', { name: 'Ask Reelscope' })).toHaveCount(0);
  await page.unroute(/\/navbar_stats/);
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Conversations' })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.getByRole('dialog', { name: 'Ask Reelscope' })).toHaveCount(0);
});

test('an open question cites moments that play where they were said; like, regenerate, rename, delete', async ({ page, stack }) => {
  await setAssistantIntro(stack, false);
  // A video with its own file (the player's time can be read), a long word it says, and the day it was added: asked
  // over that day, the answer must quote it.
  const { video, word } = await playableWithWord(stack);
  const day = video.created_at.slice(0, 10);

  await signInAsManager(page, stack.webUrl, '/assistant');
  await page.getByRole('button', { name: 'New conversation' }).click();
  await page.getByRole('combobox', { name: 'Window' }).selectOption('custom');
  await page.getByLabel('From', { exact: true }).fill(day);
  await page.getByLabel('To', { exact: true }).fill(day);
  await ask(page, `What do people say about ${word}?`);
  const answer = answers(page).last();
  await expect(answer).toContainText(new RegExp(`\\d+ videos? says? “${word}”`));
  const chip = answer.locator(`[data-video-id="${video._id}"]`).first();
  await expect(chip).toBeVisible();
  const local = await answer.getByTestId('assistant-citation').evaluateAll((chips, id) => chips.findIndex((c) => c.getAttribute('data-video-id') === id), video._id);
  await chip.focus();
  await expect(answer.getByRole('tooltip').nth(local)).toBeVisible();
  await expect(answer.getByRole('tooltip').nth(local)).toContainText(word);
  const start = Number(await chip.getAttribute('data-start'));
  await chip.click();
  const popup = page.getByTestId('video-popup');
  await expect(popup).toBeVisible();
  const player = popup.getByTestId('player-html5');
  await expect.poll(async () => Math.abs((await player.evaluate((v: HTMLVideoElement) => v.currentTime)) - start), { timeout: 15_000 }).toBeLessThan(1);
  await popup.getByRole('button', { name: 'Close' }).click();

  await answer.getByRole('button', { name: 'Like' }).click();
  await expect(answer.getByRole('button', { name: 'Liked' })).toHaveAttribute('aria-pressed', 'true');
  const firstText = await answer.locator('.assistant-answer__text').innerText();
  await answer.getByRole('button', { name: 'Regenerate' }).click();
  await expect(page.getByTestId('assistant-answer').last()).toHaveAttribute('aria-label', 'Answer 2 of 2', { timeout: 20_000 });
  const regenerated = page.getByTestId('assistant-answer').last();
  await expect(regenerated.locator('.assistant-answer__text')).not.toHaveText(firstText);
  await page.getByRole('button', { name: 'Previous answer' }).click();
  await expect(page.getByTestId('assistant-answer').last()).toHaveAttribute('aria-label', 'Answer 1 of 2');
  await expect(page.getByTestId('assistant-answer').last().getByRole('button', { name: 'Liked' })).toBeVisible();

  const list = page.getByRole('navigation', { name: 'Conversations' });
  await list.getByRole('button', { name: `Rename What do people say about ${word}?` }).click();
  const rename = page.getByRole('dialog', { name: 'Rename conversation' });
  await rename.getByRole('textbox', { name: 'Title' }).fill('Pricing, التسعير');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(list.getByRole('button', { name: /^Pricing, التسعير/ })).toBeVisible();
  await list.getByRole('button', { name: 'Delete Pricing, التسعير' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete conversation' }).or(page.getByRole('dialog', { name: 'Delete conversation' }));
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(confirm.getByText('The conversation was deleted.')).toBeVisible();
  // Closed by its button: an Escape pressed the instant the outcome shows can beat the new dialog's key handler.
  await page.getByRole('dialog', { name: 'Delete conversation' }).getByRole('button', { name: 'Close' }).click();
  await expect(list.getByRole('button', { name: /^Pricing, التسعير/ })).toHaveCount(0);
});

test('the assistant in both skins and right to left', async ({ page, stack }) => {
  await setAssistantIntro(stack, false);
  await signInAsManager(page, stack.webUrl, '/assistant');
  await page.getByRole('button', { name: 'New conversation' }).click();
  await page.getByRole('combobox', { name: 'Window' }).selectOption('all_dates');
  await ask(page, 'Which videos complain about the pump?');
  for (const [skin, rtl] of [['light', false], ['dark', false], ['light', true]] as const) {
    await callHost(stack, 'settings.update', { layout: { skin, rtl } });
    await page.reload();
    await page.getByRole('navigation', { name: 'Conversations' }).getByRole('button', { name: /^Which videos complain about the pump/ }).first().click();
    await expect(answers(page).first()).toBeVisible();
    await answers(page).first().getByTestId('assistant-citation').first().hover();
    await page.screenshot({ path: `artifacts/screenshots/assistant-${skin}${rtl ? '-rtl' : ''}.png`, fullPage: true });
  }
  await callHost(stack, 'settings.update', { layout: { skin: 'light', rtl: false } });
});

test('after seven questions the view shows the newest answer, not the first', async ({ page, stack }) => {
  test.setTimeout(120_000);
  await setAssistantIntro(stack, false);
  await signInAsManager(page, stack.webUrl, '/assistant');
  for (let i = 0; i < 7; i++) {
    await ask(page, SAMPLE_QUESTIONS[i % SAMPLE_QUESTIONS.length]!);
    await expect(answers(page).last()).toBeInViewport();
  }
  await expect(answers(page)).toHaveCount(7);
  await expect(answers(page).first()).not.toBeInViewport();
});
