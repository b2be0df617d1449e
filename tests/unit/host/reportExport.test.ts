import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderReportPdf, reportCsv } from '../../../src/main/services/reportExport';
import { createFontCache, resolveFontsDir } from '../../../src/main/services/transcriptExport/fonts';
import type { ReportChart, ReportTable } from '../../../src/shared/reports/reportDocument';
import { parseCsv } from '../../shared/csv';
import { REPORT } from './reportFixture';

const run = (command: string, args: string[]) => execFileSync(command, args, { encoding: 'utf8' });

describe('report PDF', () => {
  const font = createFontCache(resolveFontsDir());
  let dir: string;
  let file: string;
  let bytes: Buffer;
  let pages = 0;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'reelscope-report-'));
    file = join(dir, 'report.pdf');
    ({ bytes, pages } = await renderReportPdf(REPORT, font, { now: new Date('2025-01-02T09:30:00Z') }));
    writeFileSync(file, bytes);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('has metadata, several pages and the footer on each', () => {
    const info = run('pdfinfo', [file]);
    expect(info).toMatch(/Title:\s+Glow Labs monthly report/);
    expect(info).toMatch(/Creator:\s+Reelscope/);
    // The page count the writer answers (the export's banner says it) is the one poppler reads.
    expect(Number(/Pages:\s+(\d+)/.exec(info)?.[1])).toBe(pages);
    expect(pages).toBeGreaterThan(1);
    for (let page = 1; page <= pages; page++) {
      const text = run('pdftotext', ['-enc', 'UTF-8', '-f', String(page), '-l', String(page), file, '-']);
      expect(text).toContain(`Reelscope · Glow Labs monthly report · page ${page} of ${pages}`);
    }
    // The table's header is repeated on the pages it continues on.
    const last = run('pdftotext', ['-enc', 'UTF-8', '-f', String(pages), '-l', String(pages), file, '-']);
    expect(last).toContain('Engagement');
    expect(last).toContain('Last row video');
  });

  it('links table rows to the video moment and embeds the fonts', () => {
    const raw = bytes.toString('latin1');
    expect(raw).toMatch(/\/URI \(reelscope:\/\/videos\/v0\?t=0\)/);
    expect(raw).toContain('/URI (reelscope://videos/v198?t=1386)');
    expect(raw).not.toContain('reelscope://videos/v2?');
    const fonts = run('pdffonts', [file]);
    for (const name of ['NotoSans-Regular', 'NotoSans-Bold', 'NotoSansArabic', 'NotoSansDevanagari', 'NotoSansCJK']) expect(fonts).toContain(name);
  });

  it('draws the charts as text and vectors: legends, axis labels in any script, pie labels', () => {
    const charts = run('pdftotext', ['-enc', 'UTF-8', '-f', '1', '-l', '3', file, '-']);
    for (const label of ['Views', 'Likes', '350K', '8K', '2024-03', 'Hydra Serum', '美容液', 'Sun Fluid SPF 50', 'Positive: 62 %', 'Dermaclear']) expect(charts).toContain(label);
    // Vectors, not pictures: no image is embedded for a chart.
    expect(run('pdfimages', ['-list', file]).trim().split('\n')).toHaveLength(2);
  });

  it('rasterises without error', () => {
    execFileSync('pdftoppm', ['-png', '-r', '50', '-f', '1', '-l', '1', '-singlefile', file, '/tmp/report-pdf-page1']);
    execFileSync('pdftoppm', ['-png', '-r', '50', '-f', '2', '-l', '2', '-singlefile', file, '/tmp/report-pdf-page2']);
  });
});

describe('report CSV', () => {
  const csv = reportCsv(REPORT);
  const records = parseCsv(csv.slice(1));
  /** The records of the block that starts with `title`, up to the blank row that ends it. */
  const block = (title: string) => {
    const start = records.findIndex((record) => record.length === 1 && record[0] === title);
    expect(start, title).toBeGreaterThan(0);
    const end = records.findIndex((record, index) => index > start && record.length === 1 && record[0] === '');
    return records.slice(start + 1, end === -1 ? undefined : end);
  };

  it('starts with a BOM, the title and lines, and a KPI block', () => {
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(records.slice(0, 6)).toEqual([['Glow Labs monthly report'], ...REPORT.lines.map((line) => [line]), ['']]);
    expect(block('KPIs')).toEqual([
      ['Metric', 'Current', 'Previous', 'Change (%)'],
      ['Total views', '12345', '10990', '12.3'],
      // Shares and rates as the screen rounds them (4.25 → 4.3 %, never 0.042499999…), the unit in the label.
      ['Engagement rate (%)', '4.3', '5', '-15'],
      ['Positive share (%)', '42.5', '', ''],
      ['New creators', '37', '0', ''],
    ]);
  });

  it('writes each chart\'s raw numbers by category', () => {
    const charts = REPORT.sections.filter((section): section is ReportChart => section.kind === 'chart');
    expect(charts.length).toBeGreaterThanOrEqual(6);
    for (const chart of charts) {
      const [header, ...rows] = block(chart.title);
      const percent = chart.format === 'percent' || chart.format === 'rate';
      expect(header).toEqual(['Category', ...chart.series.map((series) => (percent ? `${series.name} (%)` : series.name))]);
      expect(rows.map((row) => row[0])).toEqual(chart.categories);
      chart.series.forEach((series, column) => {
        const written = series.values.map((value) => (value === null ? null : percent ? Math.round(value * 1000) / 10 : value));
        expect(rows.map((row) => (row[column + 1] === '' ? null : Number(row[column + 1])))).toEqual(written);
      });
    }
    expect(csv).toContain('\r\nCategory,Share (%)\r\nPositive,62\r\n');
    expect(csv).toContain('\r\n2024-05,191000,\r\n');
  });

  it('writes the table with its links, quoting and the formula guard', () => {
    const table = REPORT.sections.find((section): section is ReportTable => section.kind === 'table')!;
    const [header, ...rows] = block(table.title);
    expect(header).toEqual(['Title', 'Creator', 'Views', 'Engagement (%)', 'Published', 'Link']);
    expect(rows).toHaveLength(200);
    expect(rows[0]).toEqual(['First row video', 'Maya Lee', '1000000', '1.2', '2024-01-15', 'reelscope://videos/v0?t=0']);
    expect(rows[2]![5]).toBe('');
    expect(rows[5]![0]).toBe('\'=HYPERLINK("http://evil.example") "quoted", with comma #5');
    expect(rows[6]![0]).toBe('Two\nlines #6');
    expect(rows[8]![0]).toBe('مراجعة سيروم الترطيب الجديد #8');
    expect(csv).toContain('"\'=HYPERLINK(""http://evil.example"") ""quoted"", with comma #5"');
    expect(csv).toContain('"Two\nlines #6"');
    // Numbers are never guarded: a negative count is a number, not a formula.
    const negative = reportCsv({ ...REPORT, sections: [{ ...table, rows: [['-lead', 'x', -5, 0, '@home']], links: [null] }] });
    expect(negative).toContain('\r\n\'-lead,x,-5,0,\'@home\r\n');
  });
});

describe('speech report PDF passages', () => {
  const font = createFontCache(resolveFontsDir());
  const passage = 'Honestly I want to be transparent about this serum: it did not work for my dry skin in winter, and the price felt high for the size of the bottle, but the texture was lovely and it never stung once';
  const table: ReportTable = {
    kind: 'table', id: 'passages', title: 'What was said', mark: 'transparent',
    columns: [{ label: 'Video', format: 'text' }, { label: 'At', format: 'text' }, { label: 'Passage', format: 'text', wrap: true }, { label: 'Sentiment', format: 'text' }],
    rows: [['Thirty days with the Hydra Serum', '0:42', passage, 'Negative'], ['Short one', '1:05', 'Not a word of it', null]],
    links: ['reelscope://videos/v1?t=42', 'reelscope://videos/v2?t=65'],
  };
  let dir: string;
  let file: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'reelscope-speech-'));
    file = join(dir, 'speech.pdf');
    const { bytes } = await renderReportPdf({ ...REPORT, kpis: [], sections: [table] }, font, { now: new Date('2025-01-02T09:30:00Z') });
    writeFileSync(file, bytes);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('quotes each passage whole, over as many lines as it takes', () => {
    const text = run('pdftotext', ['-enc', 'UTF-8', file, '-']).replace(/\s+/g, ' ');
    expect(text).toContain(passage);
    expect(text).not.toContain('…');
    expect(text).toContain('Short one');
  });

  it('shades the highlight where the passage says it', () => {
    // The page as pixels (PPM: a text header, then RGB bytes): the mark's shade (#fde68a) is on it.
    const ppm = execFileSync('pdftoppm', ['-r', '60', '-f', '1', '-l', '1', file]);
    const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.toString('latin1', 0, 40));
    expect(header).not.toBeNull();
    let shaded = 0;
    for (let at = header![0].length; at + 2 < ppm.length; at += 3) {
      if (Math.abs(ppm[at]! - 0xfd) < 6 && Math.abs(ppm[at + 1]! - 0xe6) < 6 && Math.abs(ppm[at + 2]! - 0x8a) < 6) shaded += 1;
    }
    expect(shaded).toBeGreaterThan(20);
  });
});
