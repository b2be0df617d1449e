/**
 * Issue 16, against the embedded back end on loopback and Debian's Chromium:
 * - embed.js ≤ 25 KB gzipped;
 * - on a shop page, the widget's cumulative layout shift is 0 and the page's load event fires ≤ 50 ms later than on the
 *   same page without the snippet (median of 20 loads each, alternated, in one run; the browser keeps its cache, as a
 *   shopper's does from the second page on). The first, uncached visit is measured too: its layout shift is 0 as well;
 * - event ingestion holds 2,000 events/s for 20 s with no error and no event lost (rows counted afterwards).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/database';
import { seedDemoWorkspace } from '../src/server/seed/index';
import { DEMO_ACCOUNTS } from '../src/shared/demoAccounts';
import { median, percentile } from './benchStats';

const LOADS = 20;
const EVENTS_PER_SECOND = 2000;
const SECONDS = 20;
const BATCH = 20;
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

function shopPage(snippet: string): string {
  const paragraphs = Array.from({ length: 6 }, (_, i) => `<p>Spring pick ${i + 1}: light layers, bright colours and fabrics that breathe.</p>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<script>window.__cls = 0; new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.__cls += e.value; }).observe({ type: 'layout-shift', buffered: true });</script>
</head><body><h1>Spring collection</h1>${paragraphs}${snippet}${paragraphs}<footer>Free shipping over $50.</footer></body></html>`;
}

/** Load event time of one navigation and, with the snippet, the layout shift once the carousel has rendered. */
async function load(page: Page, url: string, withWidget: boolean): Promise<{ loadMs: number; cls: number }> {
  await page.goto(url, { waitUntil: 'load' });
  if (withWidget) {
    await page.waitForFunction(() => (document.querySelector('[data-reelscope-widget-host]')?.shadowRoot?.querySelectorAll('.card').length ?? 0) > 0, undefined, { timeout: 10_000 });
    await page.waitForTimeout(150);
  }
  return page.evaluate(() => ({
    loadMs: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
    cls: (window as unknown as { __cls: number }).__cls,
  }));
}

export async function run(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'reelscope-widget-bench-'));
  const db = openDatabase(join(dataDir, 'reelscope.sqlite'));
  await seedDemoWorkspace(db, { mediaDir: join(dataDir, 'media'), scale: 0.05, creatorScale: 0.1 });
  const app = await buildApp({ db, jwtSecret: randomBytes(64), dataDir });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const backend = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const login = await (await fetch(`${backend}/jwt_api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_ACCOUNTS.brandManager) })).json() as { jwt: string; currentBrand: { _id: string } };
  const { api_key: key } = await (await fetch(`${backend}/jwt_api/brands/${login.currentBrand._id}/api_key/rotate`, { method: 'POST', headers: { authorization: `Bearer ${login.jwt}`, 'content-type': 'application/json' }, body: '{}' })).json() as { api_key: string };
  const { widgets } = await (await fetch(`${backend}/metrics/widgets/`, { headers: { 'x-api-key': key } })).json() as { widgets: { _id: string }[] };
  const widgetId = widgets[0]!._id;
  const { token, snippet } = await (await fetch(`${backend}/metrics/widget/${widgetId}/token/generate`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: '{}' })).json() as { token: string; snippet: string };

  const pages = createServer((request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
    .end(shopPage(request.url?.startsWith('/with') ? snippet : '')));
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  const shop = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const script = Buffer.from(await (await fetch(`${backend}/metrics/embed.js`)).arrayBuffer());
    const gzipped = gzipSync(script).length / 1024;
    console.log(`  embed.js: ${(script.length / 1024).toFixed(1)} KB, ${gzipped.toFixed(1)} KB gzipped (target ≤ 25 KB) ${gzipped <= 25 ? 'PASS' : 'MISS'}`);

    const cold: number[] = [];
    for (let i = 0; i < 5; i++) {
      const context = await browser.newContext();
      cold.push((await load(await context.newPage(), `${shop}/with`, true)).cls);
      await context.close();
    }
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await load(page, `${shop}/with`, true);
    await load(page, `${shop}/without`, false);
    const withTimes: number[] = [];
    const withoutTimes: number[] = [];
    const shifts: number[] = [];
    for (let i = 0; i < LOADS; i++) {
      const widget = await load(page, `${shop}/with?${i}`, true);
      withTimes.push(widget.loadMs);
      shifts.push(widget.cls);
      withoutTimes.push((await load(page, `${shop}/without?${i}`, false)).loadMs);
    }
    await context.close();
    const delay = median(withTimes) - median(withoutTimes);
    const worstShift = Math.max(...shifts);
    console.log(`  page load event, median of ${LOADS}: ${median(withTimes).toFixed(1)} ms with the snippet, ${median(withoutTimes).toFixed(1)} ms without: +${delay.toFixed(1)} ms (target ≤ 50 ms) ${delay <= 50 ? 'PASS' : 'MISS'}`);
    console.log(`  cumulative layout shift with the widget, worst of ${LOADS}: ${worstShift.toFixed(4)} (target 0) ${worstShift === 0 ? 'PASS' : 'MISS'}`);
    const worstCold = Math.max(...cold);
    console.log(`  layout shift on a first visit, nothing cached (the async script comes after the first paint), worst of ${cold.length}: ${worstCold.toFixed(4)} (target 0) ${worstCold === 0 ? 'PASS' : 'MISS'}`);
  } finally {
    await browser.close();
    pages.close();
  }

  // Ingestion: 100 beacons of 20 events a second for 20 s, each as sendBeacon sends it (text/plain JSON).
  const endpoint = `${backend}/metrics/embed/events`;
  const before = db.prepare('SELECT COUNT(*) FROM widget_events WHERE widget_id = ?').pluck().get(widgetId) as number;
  const body = (n: number) => JSON.stringify({ widget_id: widgetId, token, viewer: `bench-viewer-${n % 1000}`, events: Array.from({ length: BATCH }, (_, i) => ({ type: i % 5 === 0 ? 'play' : 'impression' })) });
  const perTick = EVENTS_PER_SECOND / BATCH / 10;
  const latencies: number[] = [];
  let sent = 0;
  let failed = 0;
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  for (let tick = 0; tick < SECONDS * 10; tick++) {
    const due = started + tick * 100;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    for (let i = 0; i < perTick; i++) {
      const at = performance.now();
      const n = sent++;
      const call = fetch(endpoint, { method: 'POST', headers: { 'content-type': 'text/plain;charset=UTF-8' }, body: body(n) })
        .then(async (response) => {
          await response.arrayBuffer();
          if (response.status !== 200) failed += 1;
          latencies.push(performance.now() - at);
        }, () => void (failed += 1))
        .finally(() => inFlight.delete(call));
      inFlight.add(call);
    }
  }
  await Promise.all(inFlight);
  const seconds = (performance.now() - started) / 1000;
  const stored = (db.prepare('SELECT COUNT(*) FROM widget_events WHERE widget_id = ?').pluck().get(widgetId) as number) - before;
  const expected = sent * BATCH;
  const rate = stored / seconds;
  const ok = failed === 0 && stored === expected && rate >= EVENTS_PER_SECOND * 0.98;
  console.log(`  ingestion: ${expected.toLocaleString('en-US')} events in ${sent.toLocaleString('en-US')} beacons over ${seconds.toFixed(1)} s = ${Math.round(rate).toLocaleString('en-US')} events/s; errors ${failed}; stored ${stored.toLocaleString('en-US')} (lost ${expected - stored}); beacon p95 ${percentile(latencies, 95).toFixed(1)} ms (target 2,000/s for 20 s, none lost) ${ok ? 'PASS' : 'MISS'}`);
  await app.close();
  db.close();
  rmSync(dataDir, { recursive: true, force: true });
}
