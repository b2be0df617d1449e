import type { Page } from '@playwright/test';
import type { HomeOverview, WordCloudWidget } from '../../../src/shared/http/home.schemas';
import type { VideoListResponse } from '../../../src/shared/http/videos.schemas';
import { VideosListPage } from '../pages/VideosListPage';
import { getAsBrandManager } from '../support/backend';
import { callHost, expect, test } from '../support/fixtures';
import { signInAsManager } from '../support/signIn';


const panel = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** Every panel has finished loading (no spinner, no failure). */
async function loaded(page: Page): Promise<void> {
  await expect(page.getByRole('region', { name: 'Brand overview', exact: true })).toBeVisible();
  await expect(page.locator('.home-dashboard .remote-view')).toHaveCount(0, { timeout: 15_000 });
}

test('home shows the brand and each competitor, with figures that match the API, charts of each type and the benchmark', async ({ page, stack }) => {
  const overview = await getAsBrandManager<HomeOverview>(stack, '/home');
  await signInAsManager(page, stack.webUrl);
  await loaded(page);
  const views = panel(page, 'Brand overview').getByRole('group', { name: 'Views' });
  await expect(views).toBeVisible();
  await expect(panel(page, 'Brand overview').getByRole('group', { name: 'Videos' }).locator('.kpi-card__value')).toHaveText(String(overview.kpis.videos.current));

  // Graph types: the engagement chart is drawn again as bars, then as areas.
  const engagement = panel(page, 'Engagement over time');
  await expect(engagement.locator('svg')).toBeVisible();
  const drawn = () => engagement.locator('svg path').count();
  const lines = await drawn();
  expect(lines).toBeGreaterThan(3);
  await engagement.getByRole('radio', { name: 'Bar' }).click();
  await expect(engagement.getByRole('radio', { name: 'Bar' })).toHaveAttribute('aria-checked', 'true');
  // A bar per bucket and series: many more shapes than three lines.
  await expect.poll(drawn).toBeGreaterThan(lines + 10);
  for (const type of ['Area', 'Line']) {
    await engagement.getByRole('radio', { name: type }).click();
    await expect(engagement.getByRole('radio', { name: type })).toHaveAttribute('aria-checked', 'true');
  }
  await expect.poll(drawn).toBe(lines);

  // The benchmark lists the brand and every competitor.
  const benchmark = panel(page, 'Competitor benchmark');
  for (const brand of overview.brands) await expect(benchmark.getByRole('rowheader', { name: new RegExp(brand.name) })).toBeVisible();

  // Each competitor's tab shows that competitor's figures.
  const tabs = page.getByRole('tablist', { name: 'Whose figures' });
  await expect(tabs.getByRole('tab')).toHaveCount(overview.brands.length);
  for (const competitor of overview.brands.filter((brand) => brand.competitor)) {
    const figures = await getAsBrandManager<HomeOverview>(stack, '/home', { competitors_brands: competitor.id });
    await tabs.getByRole('tab', { name: competitor.name }).click();
    await expect(panel(page, 'Brand overview').getByRole('group', { name: 'Videos' }).locator('.kpi-card__value')).toHaveText(String(figures.kpis.videos.current));
    await loaded(page);
  }
  await tabs.getByRole('tab', { name: 'My Brand' }).click();
  await loaded(page);

  for (const width of [1440, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    // Charts follow the new width (they redraw on resize); nothing sticks out sideways.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: `artifacts/screenshots/home-light-${width}.png`, fullPage: true });
  }
});

test('a word of the cloud opens the videos list searched for it in the transcripts, over Home\'s period', async ({ page, stack }) => {
  // Issue 26 item 16: a word clicked from "Last 6 months" opened the list on "All dates".
  const words = await getAsBrandManager<WordCloudWidget>(stack, '/home/word_cloud', { duration: '6m' });
  const word = words.terms[0]!.term;
  const { data } = await getAsBrandManager<VideoListResponse>(stack, '/videos', { search: word, search_in: 'transcript', date: '6m' });
  await signInAsManager(page, stack.webUrl);
  await loaded(page);
  await page.locator('.home-toolbar').getByRole('combobox', { name: 'Period', exact: true }).selectOption('6m');
  await loaded(page);
  const list = new VideosListPage(page);
  await list.load(() => panel(page, 'Word cloud').getByRole('button', { name: new RegExp(`^${word}, said`) }).click());
  await expect(page).toHaveURL(/#\/videos/);
  await expect(list.search).toHaveValue(word);
  await expect(list.date).toHaveValue('6m');
  await expect.poll(() => list.countValue()).toBe(data.count);
  await expect(page.getByRole('combobox', { name: 'Search in' })).toHaveValue('transcript');
  const said = page.locator('.video-title__said');
  await expect(said.first()).toBeVisible();
  for (const text of await said.allInnerTexts()) expect(text.toLowerCase()).toContain(word);
});

test('home in the dark skin and right to left', async ({ page, stack }) => {
  await signInAsManager(page, stack.webUrl);
  for (const [name, layout] of [['dark', { skin: 'dark', rtl: false }], ['rtl', { skin: 'light', rtl: true }]] as const) {
    await callHost(stack, 'settings.update', { layout });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-skin', layout.skin);
    await loaded(page);
    await expect(panel(page, 'Engagement over time').locator('svg')).toBeVisible();
    await page.screenshot({ path: `artifacts/screenshots/home-${name}-1440.png`, fullPage: true });
  }
  await callHost(stack, 'settings.update', { layout: { skin: 'light', rtl: false } });
});

test('a period without a transcribed video shows its sentiment as "—", never a figure', async ({ page, stack }) => {
  // Issue 26 item 15: Positive 0 % ▼100 % and Neutral 100 % beside a word cloud saying there was no transcript.
  // The demo workspace is dated from the day it was created: nothing was added yet today.
  const today = await getAsBrandManager<HomeOverview>(stack, '/home', { duration: 'today' });
  expect(today.kpis.positive.current).toBeNull();
  await signInAsManager(page, stack.webUrl);
  await loaded(page);
  await page.locator('.home-toolbar').getByRole('combobox', { name: 'Period', exact: true }).selectOption('today');
  await loaded(page);
  const overview = panel(page, 'Brand overview');
  for (const name of ['Positive sentiment', 'Negative sentiment']) {
    await expect(overview.getByRole('group', { name }).locator('.kpi-card__value')).toHaveText('—');
    await expect(overview.getByRole('group', { name })).not.toContainText('%');
  }
  await expect(panel(page, 'Sentiment')).toContainText('No transcript in this period yet.');
  await expect(panel(page, 'Word cloud')).toContainText('No transcript in this period yet.');
  for (const skin of ['light', 'dark'] as const) {
    await callHost(stack, 'settings.update', { layout: { skin, rtl: false } });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-skin', skin);
    await loaded(page);
    await page.locator('.home-toolbar').getByRole('combobox', { name: 'Period', exact: true }).selectOption('today');
    await loaded(page);
    await expect(overview.getByRole('group', { name: 'Positive sentiment' }).locator('.kpi-card__value')).toHaveText('—');
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `artifacts/screenshots/home-today-${skin}-${width}.png`, fullPage: true });
    }
  }
  await callHost(stack, 'settings.update', { layout: { skin: 'light', rtl: false } });
});
