import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AGE_RANGES, CHART_RANGES, CREATOR_TABS, SUBSCRIBER_THRESHOLDS } from '../../../src/shared/constants';
import { CREATOR_CSV_COLUMNS } from '../../../src/shared/http/creators.schemas';
import type { CreatorListResponse } from '../../../src/shared/http/creators.schemas';
import { DEMO_ACCOUNTS } from '../../../src/shared/demoAccounts';
import { parseCsv } from '../../shared/csv';
import { CreatorsPage } from '../pages/CreatorsPage';
import { LoginPage } from '../pages/LoginPage';
import { ShellPage } from '../pages/ShellPage';
import type { Page } from '@playwright/test';
import { callHost, expect, test } from '../support/fixtures';
import type { AppStack } from '../support/stack';

/** The demo creator account's own channel: the seed makes it the first creator of the manager's first brand. */
const SEEDED_CREATOR = `${DEMO_ACCOUNTS.vipInfluencer.firstName} ${DEMO_ACCOUNTS.vipInfluencer.lastName}`;

/**
 * Opens a seeded creator found by name, not the newest of the list: specs before this one on the same stack add
 * creators named from their videos (dated by them, so listed first), which have no tracked statistics.
 */
async function openSeededCreator(list: CreatorsPage) {
  const found = await list.load(() => list.search.fill(SEEDED_CREATOR));
  const creator = found.influencers.find((row) => row.name === SEEDED_CREATOR);
  if (!creator) throw new Error(`the seeded creator ${SEEDED_CREATOR} is not in the list`);
  // The only creator of that name; the count takes the noun its number takes ("1 creator", not "1 creators").
  expect(found.data.count).toBe(1);
  await expect(list.page.locator('.creators-summary')).toHaveText('1 creator · page 1 of 1');
  await list.rows.getByRole('link', { name: SEEDED_CREATOR, exact: true }).click();
  await expect(list.page.getByRole('heading', { level: 1, name: creator.name })).toBeVisible();
}

async function openCreators(page: Page, stack: AppStack) {
  const login = new LoginPage(page);
  await login.open(stack.webUrl);
  await login.signIn(DEMO_ACCOUNTS.brandManager.email, DEMO_ACCOUNTS.brandManager.password);
  await expect(new ShellPage(page).greeting).toBeVisible();
  const list = new CreatorsPage(page);
  const first = await list.open();
  await expect(list.count).toHaveText(first.data.count.toLocaleString('en-US'));
  return { list, first };
}

test('walks every tab and sort; paging; the default sort is the latest platform video', async ({ page, stack }) => {
  const { list, first } = await openCreators(page, stack);
  expect(first.data.count).toBeGreaterThan(0);
  await expect(list.tab('My Creators')).toHaveAttribute('aria-selected', 'true');
  expect(new URL(page.url().replace('#/', '')).pathname).toContain('creators');
  const counts: Record<string, number> = {};
  for (const label of [...CREATOR_TABS.slice(1), CREATOR_TABS[0]]) {
    const body = await list.load(() => list.tab(label).click());
    counts[label] = body.data.count;
    await expect(list.tab(label)).toHaveAttribute('aria-selected', 'true');
    await expect(list.count).toHaveText(body.data.count.toLocaleString('en-US'));
    if (body.influencers[0]) await expect(list.rowName(0)).toHaveText(body.influencers[0].name);
  }
  expect(counts['View All']).toBe((counts['My Creators'] ?? 0) + (counts.Competitors ?? 0));

  const sorts = await list.sort.locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  expect(sorts[0]).toBe('latest_platform_video_published_at:desc');
  expect(sorts).toHaveLength(6);
  let lastSorted: CreatorListResponse = await list.load(() => list.tab('View All').click());
  for (const value of [...sorts.slice(1), sorts[0] ?? '']) {
    const body = await list.load(() => list.sort.selectOption(value));
    lastSorted = body;
    const [key, direction] = value.split(':') as [string, string];
    const values = body.influencers.map((row) => (key === 'subscribers' ? row.subscribers : key === 'video_count' ? row.video_count : Date.parse(row.latest_platform_video_published_at ?? '1970-01-01')));
    const sorted = [...values].sort((a, b) => (direction === 'desc' ? b - a : a - b));
    expect(values, value).toEqual(sorted);
    await expect(list.rowName(0)).toHaveText(body.influencers[0]?.name ?? '');
  }

  if (first.data.totalPages > 1 || counts['View All']! > 10) {
    const second = await list.load(() => page.getByRole('button', { name: 'Next page' }).click());
    expect(second.data.page).toBe(2);
    await expect(page.getByText(/page 2 of/)).toBeVisible();
  }
  // Search: names or handles containing the words; clearing it brings the tab back.
  const target = lastSorted.influencers.at(-1);
  if (target) {
    const word = target.name;
    const found = await list.load(() => list.search.fill(word));
    expect(found.influencers.map((row) => row._id)).toContain(target._id);
    for (const row of found.influencers) expect(`${row.name} ${row.handle}`.toLowerCase()).toContain(word.toLowerCase());
    await expect(list.count).toHaveText(found.data.count.toLocaleString('en-US'));
    const back = await list.load(() => list.search.fill(''));
    expect(back.data.count).toBe(counts['View All']);
  }
  const all = await list.load(() => list.perPage.selectOption('100'));
  expect(all.data.per_page).toBe(100);
  await expect(list.rows).toHaveCount(Math.min(100, all.data.count));
});

test('each filter narrows the list; CSV of a filter has exactly the rows the list reports', async ({ page, stack }) => {
  const { list } = await openCreators(page, stack);
  const total = (await list.load(() => list.tab('View All').click())).data;
  await list.filtersButton.click();
  await expect(list.filterPanel).toBeVisible();

  const country = total.filters.country[0];
  if (!country) throw new Error('no country option in the seed');
  const byCountry = await list.load(() => list.group('Country').getByRole('checkbox', { name: new RegExp(`^${country.label}`) }).check());
  expect(byCountry.data.count).toBe(country.count);
  for (const row of byCountry.influencers) expect(row.country).toBe(country.value);
  await expect(list.filtersButton).toHaveText('Filters (1)');
  await list.load(() => list.group('Country').getByRole('checkbox', { name: new RegExp(`^${country.label}`) }).uncheck());

  const threshold = SUBSCRIBER_THRESHOLDS[0];
  const atLeast = await list.load(() => list.filterPanel.getByRole('combobox', { name: 'Subscribers threshold' }).selectOption(String(threshold)));
  for (const row of atLeast.influencers) expect(row.subscribers).toBeGreaterThanOrEqual(threshold);
  const atMost = await list.load(() => list.group('Subscribers').getByRole('radio', { name: 'At most' }).check());
  for (const row of atMost.influencers) expect(row.subscribers).toBeLessThanOrEqual(threshold);
  expect(atLeast.data.count + atMost.data.count).toBeGreaterThanOrEqual(total.count);
  await list.load(() => list.group('Subscribers').getByRole('radio', { name: 'At least' }).check());
  await list.load(() => list.filterPanel.getByRole('combobox', { name: 'Subscribers threshold' }).selectOption(''));

  const videos = await list.load(() => list.filterPanel.getByRole('spinbutton', { name: 'Number of videos' }).fill('3'));
  for (const row of videos.influencers) expect(row.video_count).toBeGreaterThanOrEqual(3);
  const fewer = await list.load(() => list.group('Videos').getByRole('radio', { name: 'At most' }).check());
  for (const row of fewer.influencers) expect(row.video_count).toBeLessThanOrEqual(3);
  await list.load(() => list.group('Videos').getByRole('radio', { name: 'At least' }).check());
  await list.load(() => list.filterPanel.getByRole('spinbutton', { name: 'Number of videos' }).fill(''));

  const valid = await list.load(() => list.checkbox(/^Valid email/).check());
  expect(valid.data.count).toBe(total.filters.validEmail);
  for (const row of valid.influencers) expect(row.valid_email).toBe(true);
  await list.load(() => list.checkbox(/^Valid email/).uncheck());
  const verified = await list.load(() => list.checkbox(/^Reelscope verified/).check());
  expect(verified.data.count).toBe(total.filters.reelscopeVerified);
  for (const row of verified.influencers) expect(row.reelscopeVerified).toBe(true);
  await list.load(() => list.checkbox(/^Reelscope verified/).uncheck());
  const trending = await list.load(() => list.checkbox(/^Trending/).check());
  for (const row of trending.influencers) expect(row.trending).toBe(true);
  await list.load(() => list.checkbox(/^Trending/).uncheck());

  const dated = await list.load(() => list.date.selectOption('1m'));
  expect(dated.data.loaded_for.date).toBe('1m');
  expect(dated.data.count).toBeLessThanOrEqual(total.count);
  // A custom range: only creators whose latest video falls between the two days.
  await list.load(() => list.date.selectOption('custom'));
  const from = new Date(Date.parse(total.loaded_for.end) - 90 * 86_400_000).toISOString().slice(0, 10);
  const custom = await list.load(() => page.getByLabel('From', { exact: true }).fill(from));
  expect(custom.data.loaded_for.date).toBe('custom');
  expect(custom.data.count).toBeLessThanOrEqual(total.count);
  for (const row of custom.influencers) expect(Date.parse(row.latest_platform_video_published_at ?? '')).toBeGreaterThanOrEqual(Date.parse(from));
  await list.load(() => list.date.selectOption('all_dates'));

  // The CSV of a filter: valid email and at least the first threshold.
  await list.load(() => list.checkbox(/^Valid email/).check());
  const filtered = await list.load(() => list.filterPanel.getByRole('combobox', { name: 'Subscribers threshold' }).selectOption(String(threshold)));
  await expect(list.count).toHaveText(filtered.data.count.toLocaleString('en-US'));
  await list.csvButton.click();
  const saved = page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: /Saved .* creators to / });
  await expect(saved.first()).toBeVisible();
  const text = await saved.first().innerText();
  const path = /to (\/\S+\.csv)/.exec(text)?.[1];
  expect(path, text).toBeTruthy();
  const exportDir = join(stack.dataDir, 'host', 'exports');
  expect(path!.startsWith(exportDir)).toBe(true);
  expect(readdirSync(exportDir)).toContain(path!.slice(exportDir.length + 1));
  const rows = parseCsv(readFileSync(path!, 'utf8'));
  expect(rows[0]).toEqual([...CREATOR_CSV_COLUMNS]);
  expect(rows.length - 1).toBe(filtered.data.count);
  const emailColumn = CREATOR_CSV_COLUMNS.indexOf('email');
  const subscribersColumn = CREATOR_CSV_COLUMNS.indexOf('subscribers');
  for (const row of rows.slice(1)) {
    expect(row[emailColumn]).toMatch(/@/);
    expect(Number(row[subscribersColumn])).toBeGreaterThanOrEqual(threshold);
  }
  await page.screenshot({ path: 'artifacts/screenshots/creators-list-filtered.png' });
});

test('creator detail: statistics, engagement, chart per metric and range, note, edit', async ({ page, stack }) => {
  const { list } = await openCreators(page, stack);
  await openSeededCreator(list);
  await expect(page.getByRole('region', { name: 'Statistics' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Engagement index' })).toContainText('Influencer performance index');
  for (const region of ['Sentiment', 'Categories', 'Trending videos', 'Recent videos', 'Sponsored videos', 'Products', 'Associated brands', 'Age', 'Ethnicity', 'Gender', 'Pictures']) {
    await expect(page.getByRole('region', { name: region, exact: true }), region).toBeVisible();
  }
  // Age buckets read youngest to oldest, not by share.
  const ages = page.getByRole('region', { name: 'Age', exact: true }).locator('dt');
  await expect(ages.first()).toBeVisible();
  const shown = await ages.allInnerTexts();
  expect(shown).toEqual(AGE_RANGES.filter((range) => shown.includes(range)));
  const chart = page.getByTestId('creator-chart');
  await expect(chart.locator('canvas, svg').first()).toBeVisible();
  for (const range of CHART_RANGES) {
    const answer = page.waitForResponse((response) => response.url().includes('influencer_daily_trackings') && response.url().includes(`range=${range}`));
    await page.getByRole('combobox', { name: 'Chart range' }).selectOption(range);
    expect((await answer).status()).toBe(200);
  }
  for (const metric of ['Likes', 'Comments', 'Total engagement', 'Sentiment score', 'Dislikes', 'Video count', 'Views']) {
    await page.getByRole('radio', { name: metric, exact: true }).check();
    await expect(chart.locator('canvas, svg').first()).toBeVisible();
  }
  await page.screenshot({ path: 'artifacts/screenshots/creators-detail.png', fullPage: true });

  await page.getByRole('textbox', { name: 'Note' }).fill('Great reach in Q4');
  const saved = page.waitForResponse((response) => response.url().includes('influencer_note') && response.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Save note' }).click();
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Note' })).toHaveValue('Great reach in Q4');

  await page.getByRole('button', { name: 'Edit creator' }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Country' }).fill('Iceland');
  const put = page.waitForResponse((response) => /\/influencers\/[^/?]+\?|\/influencers\/[^/?]+$/.test(response.url()) && response.request().method() === 'PUT');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  expect((await put).status()).toBe(200);
  await expect(page.getByRole('region', { name: 'Statistics' })).toContainText('Iceland');
});

test('contact creators: pick or create a campaign, send to the selected; without SMTP the outbox queues', async ({ page, stack }) => {
  const { list } = await openCreators(page, stack);
  await list.load(() => list.tab('View All').click());
  await list.filtersButton.click();
  await list.load(() => list.checkbox(/^Valid email/).check());
  await page.getByRole('button', { name: 'Select creators' }).click();
  await list.rows.nth(0).getByRole('checkbox').check();
  await list.rows.nth(1).getByRole('checkbox').check();
  await expect(page.getByTestId('creators-selected')).toHaveText('2 selected');
  await page.getByRole('button', { name: 'Contact creators' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact creators' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Mail campaign' }).selectOption('__new__');
  await dialog.getByRole('textbox', { name: 'Subject' }).fill('Collaboration');
  await dialog.getByRole('textbox', { name: 'Message' }).fill('Hello! We would love to work with you.');
  // The message box is as tall as its six rows, and no two campaigns read alike in the picker.
  expect((await dialog.getByRole('textbox', { name: 'Message' }).boundingBox())!.height).toBeGreaterThan(110);
  const options = await dialog.getByRole('combobox', { name: 'Mail campaign' }).locator('option').allTextContents();
  expect(options.length).toBeGreaterThan(2);
  expect(new Set(options).size).toBe(options.length);
  await page.screenshot({ path: 'artifacts/screenshots/creators-contact.png' });
  await dialog.getByRole('button', { name: /^Send to 2 creators/ }).click();
  const results = dialog.getByTestId('contact-result');
  await expect(results).toHaveCount(2);
  for (const status of await results.evaluateAll((items) => items.map((item) => item.getAttribute('data-status')))) expect(status).toBe('queued');
  await expect(dialog.getByRole('status')).toHaveText('2 emails wait in the outbox because no mail server is set up.');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Select all N matching: every creator of the filter, beyond the page, goes to the campaign just created.
  await page.getByRole('button', { name: 'Clear selection' }).click();
  const competitors = await list.load(() => list.tab('Competitors').click());
  const country = competitors.influencers.at(-1)!.country;
  const narrowed = await list.load(() => list.group('Country').getByRole('checkbox', { name: new RegExp(`^${country}`) }).check());
  const m = narrowed.data.count;
  expect(m).toBeGreaterThan(0);
  const ids = page.waitForResponse((response) => response.url().includes('/influencers/get_influencer_ids?'));
  await page.getByRole('button', { name: `Select all ${m} matching` }).click();
  await ids;
  await expect(page.getByTestId('creators-selected')).toHaveText(`${m} selected`);
  await page.getByRole('button', { name: 'Contact creators' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Mail campaign' })).not.toHaveValue('__new__');
  await expect(dialog).toContainText(`${m} selected; ${m} with a valid email`);
  await dialog.getByRole('button', { name: `Send to ${m} creator${m === 1 ? '' : 's'}` }).click();
  await expect(dialog.getByTestId('contact-result')).toHaveCount(m);
  await dialog.getByRole('button', { name: 'Close' }).click();
});

for (const look of [
  { name: 'light', layout: { skin: 'light', rtl: false } },
  { name: 'dark', layout: { skin: 'dark', rtl: false } },
  { name: 'rtl', layout: { skin: 'light', rtl: true } },
] as const) {
  test(`creators screens in the ${look.name} look`, async ({ page, stack }) => {
    await callHost(stack, 'settings.update', { layout: look.layout });
    const { list } = await openCreators(page, stack);
    await list.filtersButton.click();
    await page.screenshot({ path: `artifacts/screenshots/creators-list-${look.name}.png` });
    await openSeededCreator(list);
    await expect(page.getByTestId('creator-chart').locator('canvas, svg').first()).toBeVisible();
    await page.screenshot({ path: `artifacts/screenshots/creators-detail-${look.name}.png`, fullPage: true });
    await callHost(stack, 'settings.update', { layout: { skin: 'light', rtl: false } });
  });
}

test('Clear all removes the search and every filter at once; sorts read naturally', async ({ page, stack }) => {
  const { list, first } = await openCreators(page, stack);
  await expect(page.getByRole('button', { name: 'Clear all' })).toHaveCount(0);
  const narrowed = await list.load(() => list.search.fill('zz-no-such-creator'));
  expect(narrowed.data.count).toBe(0);
  const back = await list.load(() => page.getByRole('button', { name: 'Clear all' }).click());
  expect(back.data.count).toBe(first.data.count);
  await expect(list.search).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Clear all' })).toHaveCount(0);
  expect(await list.sort.locator('option').allInnerTexts()).toEqual(['Newest video first', 'Oldest video first', 'Most subscribers', 'Fewest subscribers', 'Most videos', 'Fewest videos']);
});
