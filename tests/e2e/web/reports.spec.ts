import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { ReportFigures, ReportList, SpeechReport } from '../../../src/shared/http/reports.schemas';
import { parseCsv } from '../../shared/csv';
import { getAsBrandManager } from '../support/backend';
import { callHost, expect, test } from '../support/fixtures';
import { signInAsManager } from '../support/signIn';


/** The path the banner says an export went to. */
async function savedPath(page: Page, ext: 'pdf' | 'csv'): Promise<string> {
  const banner = page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: new RegExp(`Saved .* to /.+\\.${ext}`) });
  await expect(banner.first()).toBeVisible({ timeout: 20_000 });
  const text = await banner.first().innerText();
  const path = new RegExp(`to (/.+?\\.${ext})(?=\\s|$)`).exec(text)?.[1];
  expect(path, text).toBeTruthy();
  return path!;
}

const figuresLoaded = async (page: Page) => {
  await expect(page.getByRole('tabpanel').locator('.remote-view')).toHaveCount(0, { timeout: 15_000 });
};

test('a custom report is built, read, exported to PDF and CSV, renamed, duplicated and deleted', async ({ page, stack }) => {
  await signInAsManager(page, stack.webUrl, '/reports');
  const tabs = page.getByRole('tablist', { name: 'Report kinds' });
  const list = await getAsBrandManager<ReportList>(stack, '/reports');
  await expect(tabs.getByRole('tab', { name: `All Reports (${list.counts['All Reports']})` })).toHaveAttribute('aria-selected', 'true');
  await tabs.getByRole('tab', { name: /^Speech/ }).click();
  await expect(page.locator('.reports-table tbody tr')).toHaveCount(list.counts.speech);
  await tabs.getByRole('tab', { name: /^All Reports/ }).click();

  await page.getByRole('button', { name: 'New report' }).click();
  const builder = page.getByRole('dialog', { name: 'New report' });
  await builder.getByRole('textbox', { name: 'Title' }).fill('Launch read-out, مراجعة');
  await builder.getByRole('checkbox', { name: 'Video table' }).check();
  await builder.getByRole('checkbox', { name: 'Audience (age, gender, ethnicity)' }).check();
  await builder.getByRole('checkbox', { name: 'Competitor benchmark' }).check();
  await builder.getByRole('combobox', { name: 'Window' }).selectOption('1y');
  await builder.getByRole('button', { name: 'Save report' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Launch read-out, مراجعة' })).toBeVisible();
  const id = /#\/reports\/([0-9a-f]+)/.exec(page.url())?.[1] ?? '';
  const figures = await getAsBrandManager<ReportFigures>(stack, `/reports/${id}/figures`);
  await figuresLoaded(page);
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('group', { name: 'Videos' }).locator('.kpi-card__value')).toHaveText(figures.kpis!.videos.current.toLocaleString('en-US'));
  await page.getByRole('tab', { name: 'Charts' }).click();
  // Engagement, sentiment split and trend, three audience families, share of voice.
  await expect(page.locator('.report-chart')).toHaveCount(7);
  await expect(page.locator('.report-chart svg').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Tables' }).click();
  await expect(page.getByRole('region', { name: /^Videos/ }).getByRole('row')).toHaveCount(51);

  await page.getByRole('button', { name: 'Export PDF' }).click();
  const pdf = await savedPath(page, 'pdf');
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', pdf, '-'], { encoding: 'utf8' });
  expect(text).toContain('Launch read-out');
  expect(text).toContain('Engagement over time');
  expect(text).toContain(figures.kpis!.videos.current.toLocaleString('en-US'));
  // A long title is cut to its column with an ellipsis.
  expect(text).toContain(figures.videos!.rows[0]!.title.slice(0, 8));
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '2', pdf, join('artifacts', 'screenshots', 'report-pdf')]);

  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = parseCsv(readFileSync(await savedPath(page, 'csv'), 'utf8'));
  const kpi = (label: string) => csv.find((row) => row[0] === label);
  expect(kpi('Videos')?.[1]).toBe(String(figures.kpis!.videos.current));
  expect(kpi('Views')?.[1]).toBe(String(figures.kpis!.views.current));
  // The engagement block holds the numbers behind the chart: its views add up to the KPI.
  const header = csv.findIndex((row) => row[0] === 'Category' && row[1] === 'Views');
  expect(header).toBeGreaterThan(0);
  let views = 0;
  for (let r = header + 1; r < csv.length && csv[r]!.length > 1; r++) views += Number(csv[r]![1]);
  expect(views).toBe(figures.kpis!.views.current);

  await page.getByRole('button', { name: 'Rename Launch read-out, مراجعة' }).click();
  await page.getByRole('dialog', { name: 'Rename report' }).getByRole('textbox', { name: 'Title' }).fill('Launch, final');
  await page.getByRole('dialog', { name: 'Rename report' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Launch, final' })).toBeVisible();
  await page.getByRole('button', { name: 'Duplicate Launch, final' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Launch, final (copy)' })).toBeVisible();
  for (const title of ['Launch, final (copy)', 'Launch, final']) {
    if (title === 'Launch, final') await page.goto(`${stack.webUrl}/#/reports/${id}`);
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete report' });
    await confirm.getByRole('button', { name: 'Yes' }).click();
    const done = page.getByRole('dialog', { name: 'Delete report' });
    await expect(done.getByText('The report was deleted.')).toBeVisible();
    await done.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: /^Launch, final/ })).toHaveCount(0);
});

test('each report kind reads in light, dark and right to left', async ({ page, stack }) => {
  const list = await getAsBrandManager<ReportList>(stack, '/reports');
  await signInAsManager(page, stack.webUrl, '/reports');
  for (const [skin, rtl] of [['light', false], ['dark', false], ['light', true]] as const) {
    await callHost(stack, 'settings.update', { layout: { skin, rtl } });
    for (const kind of ['custom', 'demographic', 'sentiment', 'engagement', 'speech'] as const) {
      const report = list.reports.find((entry) => entry.type === kind)!;
      await page.goto(`${stack.webUrl}/#/reports/${report._id}`);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: report.title })).toBeVisible();
      await figuresLoaded(page);
      await expect(page.locator('.kpi-card').first()).toBeVisible();
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: `artifacts/screenshots/report-${kind}-${rtl ? 'rtl' : skin}.png`, fullPage: true });
    }
  }
  await callHost(stack, 'settings.update', { layout: { skin: 'light', rtl: false } });
});

test('a speech report finds what was said and a passage plays the video at its second', async ({ page, stack }) => {
  const list = await getAsBrandManager<ReportList>(stack, '/reports', { tab: 'speech' });
  const report = list.reports[0]!;
  const expected = await getAsBrandManager<SpeechReport>(stack, '/reports/speech_reports', { filters: JSON.stringify(report.filters), duration: report.duration, highlight: 'price' });
  await signInAsManager(page, stack.webUrl, `/reports/${report._id}`);
  await page.getByRole('tab', { name: 'Passages' }).click();
  await page.getByRole('searchbox', { name: 'Find what was said' }).fill('pr');
  await expect(page.getByRole('button', { name: 'Find' })).toBeDisabled();
  await page.getByRole('searchbox', { name: 'Find what was said' }).fill('price');
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.locator('.speech__summary')).toContainText(`${expected.total_videos.toLocaleString('en-US')} videos say "price"`);
  const first = expected.clusters[0]!.videos[0]!;
  await expect(page.locator('.speech__video').first().locator('.speech__title')).toHaveText(first.title);
  for (const line of await page.locator('.speech__video').first().locator('.speech__text').allInnerTexts()) expect(line.toLowerCase()).toContain('price');
  await page.screenshot({ path: 'artifacts/screenshots/report-speech-passages.png', fullPage: true });
  const passage = first.passages[0]!;
  await page.locator('.speech__video').first().locator('.speech__time').first().click();
  await expect(page).toHaveURL(new RegExp(`#/videos/${first._id}\\?t=${Math.floor(passage.start_time)}$`));
});

test('the home overview exports to PDF', async ({ page, stack }) => {
  await signInAsManager(page, stack.webUrl, '/home');
  await page.getByRole('button', { name: 'Export PDF' }).click();
  const pdf = await savedPath(page, 'pdf');
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', pdf, '-'], { encoding: 'utf8' });
  expect(text).toContain('Home overview');
  expect(text).toContain('Competitor benchmark');
  expect(text).toContain('Most said words');
});

test('a report is scheduled weekly into a chosen folder and the schedule is shown when reopened', async ({ page, stack }) => {
  const list = await getAsBrandManager<ReportList>(stack, '/reports', { tab: 'engagement' });
  const report = list.reports[0]!;
  await signInAsManager(page, stack.webUrl, `/reports/${report._id}`);
  await page.getByRole('button', { name: 'Schedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule report' });
  await dialog.getByRole('combobox', { name: 'Repeat' }).selectOption('weekly');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose the folder the report is written to.');
  // The web host has no native picker: it answers its own export folder.
  await dialog.getByRole('button', { name: 'Choose folder' }).click();
  await expect(dialog.locator('.schedule__folder')).toContainText(join(stack.dataDir, 'host'));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'every week' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByRole('dialog', { name: 'Schedule report' }).getByRole('status')).toContainText('Not written yet.');
  const schedules = (await callHost(stack, 'reports.schedules')) as { report_id: string; cadence: string }[];
  expect(schedules).toEqual([expect.objectContaining({ report_id: report._id, cadence: 'weekly' })]);
});

test('a speech report keeps to its highlight: the seeded report about price shows only lines that say "price", and the highlight is edited in the builder', async ({ page, stack }) => {
  const list = await getAsBrandManager<ReportList>(stack, '/reports', { tab: 'speech' });
  const report = list.reports.find((entry) => entry.title === 'What creators say about price')!;
  expect(report.highlight).toBe('price');
  const figures = await getAsBrandManager<ReportFigures>(stack, `/reports/${report._id}/figures`);
  for (const passage of figures.passages?.items ?? []) expect(passage.content.toLowerCase()).toContain('price');
  await signInAsManager(page, stack.webUrl, `/reports/${report._id}`);
  await page.getByRole('tab', { name: 'Passages' }).click();
  await expect(page.getByRole('searchbox', { name: 'Find what was said' })).toHaveValue('price');
  await expect(page.locator('.speech__summary')).toContainText('videos say "price"');
  const lines = await page.locator('.speech__text').allInnerTexts();
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) expect(line.toLowerCase()).toContain('price');

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const builder = page.getByRole('dialog', { name: 'Edit report' });
  await expect(builder.getByRole('textbox', { name: 'Highlight' })).toHaveValue('price');
  await builder.getByRole('textbox', { name: 'Highlight' }).fill('pr');
  await builder.getByRole('button', { name: 'Save report' }).click();
  await expect(builder).toContainText('A highlight needs at least 3 characters');
  await builder.getByRole('textbox', { name: 'Highlight' }).fill('texture');
  await builder.getByRole('button', { name: 'Save report' }).click();
  await expect(builder).toHaveCount(0);
  await expect(page.getByRole('searchbox', { name: 'Find what was said' })).toHaveValue('texture');
  await expect(page.locator('.speech')).toContainText('"texture"');
  await page.screenshot({ path: 'artifacts/screenshots/report-speech-highlight.png', fullPage: true });
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await builder.getByRole('textbox', { name: 'Highlight' }).fill('price');
  await builder.getByRole('button', { name: 'Save report' }).click();
  await expect(builder).toHaveCount(0);
});

test("a speech report's passages are quoted whole with its word marked, on screen and in the PDF", async ({ page, stack }) => {
  test.setTimeout(120_000);
  const list = await getAsBrandManager<ReportList>(stack, '/reports', { tab: 'speech' });
  const report = list.reports.find((candidate) => candidate.highlight);
  expect(report, 'a seeded speech report about a word').toBeTruthy();
  const word = report!.highlight!.toLowerCase();
  await signInAsManager(page, stack.webUrl, `/reports/${report!._id}`);
  for (const [skin, rtl] of [['light', false], ['dark', false], ['light', true]] as const) {
    await callHost(stack, 'settings.update', { layout: { skin, rtl } });
    await page.reload();
    await page.getByRole('tab', { name: 'Tables' }).click();
    const said = page.getByRole('region', { name: 'What was said' });
    await expect(said.locator('mark').first()).toBeVisible({ timeout: 15_000 });
    for (const mark of await said.locator('mark').allInnerTexts()) expect(mark.toLowerCase()).toBe(word);
    await page.screenshot({ path: `artifacts/screenshots/report-speech-marked-${rtl ? 'rtl' : skin}.png`, fullPage: true });
  }
  await callHost(stack, 'settings.update', { layout: { skin: 'light', rtl: false } });
  const quoted = (await page.getByRole('region', { name: 'What was said' }).locator('tbody tr td:nth-child(3)').allInnerTexts()).slice(0, 5);

  await page.getByRole('button', { name: 'Export PDF' }).click();
  const pdf = await savedPath(page, 'pdf');
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  // Each quoted passage reads whole in the PDF, not cut short with an ellipsis.
  for (const line of quoted) expect(text).toContain(line.replace(/\s+/g, ' ').trim());
});
