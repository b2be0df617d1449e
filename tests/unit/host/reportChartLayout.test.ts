/**
 * Report charts laid out on the layout thread (issue 12's PDF speed): the thread's layouts are the writer's own, the
 * writer takes over whatever the thread has not done, and a stopped thread costs nothing but time. The thread is a real
 * worker thread running the TypeScript source through tsx, as in the web host.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderReportPdf } from '../../../src/main/services/reportExport';
import { layoutChart } from '../../../src/main/services/reportExport/chartLayout';
import { chartLayoutThreadUsable, inlineChartLayouts, startChartLayouts, stopChartLayoutThread } from '../../../src/main/services/reportExport/chartLayoutThread';
import { PATH_OPS, replayPath } from '../../../src/main/services/reportExport/chartPaths';
import { chartLayoutRequest } from '../../../src/main/services/reportExport/pdfSections';
import { createFontCache, resolveFontsDir } from '../../../src/main/services/transcriptExport/fonts';
import type { ReportChart } from '../../../src/shared/reports/reportDocument';
import { REPORT } from './reportFixture';

const CONTENT_WIDTH = 483.28;
const charts = REPORT.sections.filter((section): section is ReportChart => section.kind === 'chart');
const requests = charts.map((chart) => chartLayoutRequest(chart, CONTENT_WIDTH));

afterAll(() => stopChartLayoutThread());

describe('chart layout thread', () => {
  it('lays every chart out as the writer would, once it has had the time', async () => {
    const layouts = startChartLayouts(requests);
    await layouts.threadDone;
    const fromThread = await Promise.all(requests.map((_, index) => layouts.take(index)));
    expect(layouts.byThread()).toBe(requests.length);
    expect(fromThread).toEqual(requests.map((request) => layoutChart(request)));
    // Labels and paths both came across: the axis labels and the pie's slices.
    const donut = fromThread[charts.findIndex((chart) => chart.chart === 'donut')]!;
    expect(donut.some((item) => item.kind === 'label' && item.text === 'Positive: 62 %')).toBe(true);
    expect(donut.filter((item) => item.kind === 'path' && item.fill).length).toBeGreaterThanOrEqual(3);
  });

  it('leaves the charts it has not reached to the writer, who never waits for them', async () => {
    const layouts = startChartLayouts(requests);
    // Asked at once, from the last: the thread is busy with the first.
    const last = await layouts.take(requests.length - 1);
    expect(last).toEqual(layoutChart(requests[requests.length - 1]!));
    await layouts.threadDone;
    const rest = await Promise.all(requests.slice(0, -1).map((_, index) => layouts.take(index)));
    expect(rest).toEqual(requests.slice(0, -1).map((request) => layoutChart(request)));
    expect(layouts.byThread()).toBeLessThan(requests.length);
  });

  it('still gives every layout when the thread is stopped half way, and starts a new thread afterwards', async () => {
    const layouts = startChartLayouts(requests);
    await stopChartLayoutThread();
    const all = await Promise.all(requests.map((_, index) => layouts.take(index)));
    expect(all).toEqual(requests.map((request) => layoutChart(request)));
    const again = startChartLayouts(requests);
    await again.threadDone;
    await Promise.all(requests.map((_, index) => again.take(index)));
    expect(again.byThread()).toBe(requests.length);
  });

  it('lays everything out in the writer when the thread cannot run here, and does not try again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'reelscope-thread-'));
    try {
      // A thread whose code fails as it loads (a packaged app missing its worker file, a broken loader).
      const broken = join(dir, 'broken.mjs');
      writeFileSync(broken, "throw new Error('cannot load');\n");
      await stopChartLayoutThread({ file: broken });
      const layouts = startChartLayouts(requests);
      await layouts.threadDone;
      const all = await Promise.all(requests.map((_, index) => layouts.take(index)));
      expect(all).toEqual(requests.map((request) => layoutChart(request)));
      expect(layouts.byThread()).toBe(0);
      expect(chartLayoutThreadUsable()).toBe(false);
      const font = createFontCache(resolveFontsDir());
      const now = new Date('2025-01-02T09:30:00Z');
      const [inline, alone] = await Promise.all([
        renderReportPdf(REPORT, font, { now, layouts: inlineChartLayouts }),
        renderReportPdf(REPORT, font, { now }),
      ]);
      expect(alone.bytes.equals(inline.bytes)).toBe(true);
      // No thread at all (no worker file anywhere): the same.
      await stopChartLayoutThread(null);
      const none = startChartLayouts(requests);
      expect(await none.take(0)).toEqual(layoutChart(requests[0]!));
      expect(chartLayoutThreadUsable()).toBe(false);
    } finally {
      await stopChartLayoutThread();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a chart the report does not have', async () => {
    await expect(startChartLayouts(requests).take(requests.length)).rejects.toThrow(RangeError);
    await expect(inlineChartLayouts(requests).take(-1)).rejects.toThrow(RangeError);
  });

  it('writes the same PDF, byte for byte, whoever laid the charts out', async () => {
    const font = createFontCache(resolveFontsDir());
    const now = new Date('2025-01-02T09:30:00Z');
    const inline = await renderReportPdf(REPORT, font, { now, layouts: inlineChartLayouts });
    const threaded = await renderReportPdf(REPORT, font, { now });
    expect(threaded.pages).toBe(inline.pages);
    expect(threaded.bytes.equals(inline.bytes)).toBe(true);
  });
});

describe('recorded chart paths', () => {
  it('replay in order and stop at a cut-off command instead of drawing garbage', () => {
    const calls: string[] = [];
    const target = {
      moveTo: (x: number, y: number) => calls.push(`M ${x} ${y}`),
      lineTo: (x: number, y: number) => calls.push(`L ${x} ${y}`),
      bezierCurveTo: (...args: number[]) => calls.push(`C ${args.join(' ')}`),
      quadraticCurveTo: (...args: number[]) => calls.push(`Q ${args.join(' ')}`),
      rect: (...args: number[]) => calls.push(`R ${args.join(' ')}`),
      closePath: () => calls.push('Z'),
    };
    replayPath([PATH_OPS.move, 1, 2, PATH_OPS.line, 3, 4, PATH_OPS.cubic, 1, 2, 3, 4, 5, 6, PATH_OPS.close, PATH_OPS.rect, 0, 0, 10, 5, PATH_OPS.line, 9], target);
    expect(calls).toEqual(['M 1 2', 'L 3 4', 'C 1 2 3 4 5 6', 'Z', 'R 0 0 10 5']);
    calls.length = 0;
    replayPath([PATH_OPS.move, 1, 2, 42, 7, 7], target);
    expect(calls).toEqual(['M 1 2']);
  });
});
