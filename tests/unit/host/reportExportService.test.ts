import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createReportExportService } from '../../../src/main/services/reportExport/reportExport.service';
import { createFontCache, resolveFontsDir } from '../../../src/main/services/transcriptExport/fonts';
import type { Report, ReportFigures } from '../../../src/shared/http/reports.schemas';
import { parseCsv } from '../../shared/csv';
import { injectClient, useSeededBackend } from './seededBackend';

// The back end is the real app on a seeded SQLite workspace, reached through Fastify's inject instead of a socket
// (the HTTP client itself is covered by backendClient's tests); the files are real and read back with poppler.
const backend = useSeededBackend('reelscope-report-export-');

const font = createFontCache(resolveFontsDir());
const identity = () => ({ brand_id: backend.w.brandId, user_id: backend.w.userId });
const service = () => createReportExportService({
  client: injectClient(backend.w),
  exportDir: backend.dir,
  savePicker: null,
  now: () => new Date('2026-11-22T10:00:00.000Z'),
  font,
});

describe('report exports from the back end to a file', () => {
  it('writes the home overview as a PDF whose text carries the figures and every section', async () => {
    const result = await service().exportReport({
      format: 'pdf', identity: identity(),
      definition: { type: 'custom', title: 'Home overview', duration: '1y', metrics: ['kpis', 'engagement', 'sentiment', 'top_products', 'demographics', 'trending', 'creators', 'word_cloud', 'benchmark'], filters: {}, comparison: 'previous', graph_type: 'line', start_date: null, end_date: null, compare_start_date: null, compare_end_date: null },
    });
    expect(result?.path).toBe(join(backend.dir, 'Home overview-2026-11-22.pdf'));
    expect(result!.pages).toBeGreaterThan(1);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', result!.path, '-'], { encoding: 'utf8' });
    for (const title of ['Home overview', 'Engagement over time', 'Sentiment split', 'Top products', 'Age range', 'Share of voice', 'Competitor benchmark', 'Most said words', 'Trending videos', 'Top creators']) {
      expect(text, title).toContain(title);
    }
    const figures = (await backend.w.get('/jwt_api/reports/figures', { definition: { type: 'custom', title: 'x', duration: '1y', metrics: ['kpis'] } })).json() as ReportFigures;
    expect(text).toContain(figures.kpis!.videos.current.toLocaleString('en-US'));
    expect(execFileSync('pdfinfo', [result!.path], { encoding: 'utf8' })).toMatch(new RegExp(`Pages:\\s+${result!.pages}\\b`));
  });

  it('writes a saved report as CSV with the numbers behind its charts, and never replaces an earlier file', async () => {
    const report = (await backend.w.send('POST', '/jwt_api/reports', { type: 'engagement', title: '=HYPERLINK("x"), views' })).json() as Report;
    const first = await service().exportReport({ format: 'csv', identity: identity(), report_id: report._id, window: { duration: '3m' } });
    const second = await service().exportReport({ format: 'csv', identity: identity(), report_id: report._id, window: { duration: '3m' } });
    expect(first!.path).not.toBe(second!.path);
    expect(readdirSync(backend.dir).filter((name) => name.endsWith('.csv'))).toHaveLength(2);
    const rows = parseCsv(readFileSync(first!.path, 'utf8'));
    // Quoted for the comma and quotes, and kept from running as a spreadsheet formula.
    expect(rows[0]?.[0]).toBe(`'=HYPERLINK("x"), views`);
    const figures = (await backend.w.get(`/jwt_api/reports/${report._id}/figures`, { duration: '3m' })).json() as ReportFigures;
    expect(rows.find((row) => row[0] === 'Views')?.[1]).toBe(String(figures.kpis!.views.current));
    expect(readdirSync(backend.dir).some((name) => name.endsWith('.part'))).toBe(false);
  });

  it("fails with the back end's words and leaves no file for another brand's report", async () => {
    const theirs = backend.w.db.prepare('SELECT id FROM reports WHERE brand_id = ? LIMIT 1').pluck().get(backend.w.otherBrandId) as string;
    const before = readdirSync(backend.dir).length;
    await expect(service().exportReport({ format: 'pdf', identity: identity(), report_id: theirs, window: {} })).rejects.toThrow(/Not found/);
    expect(readdirSync(backend.dir)).toHaveLength(before);
  });
});
