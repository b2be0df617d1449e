/**
 * Issue 3 performance: the videos list at page size 1000 in Chromium. Target: the time from the list response arriving
 * to its rows being painted ≤ 1.5× the same at page size 50 (measured in this run), with at most ~100 row elements in
 * the DOM (virtualised).
 *
 * The whole app runs as a person runs it in a browser (tests/e2e's AppStack: back end + web host, out/web renderer) and
 * everything is timed inside the page, on its own clock:
 *   - response arrived = `responseEnd` of the GET /jwt_api/videos resource timing entry (last byte received);
 *   - rows painted = the end of the first animation frame that starts with the new rows in the DOM (a rAF loop
 *     snapshots the table at the start of each frame, and a message posted from that rAF callback runs once the frame's
 *     style, layout and paint are done).
 * JSON parsing, React render/commit, layout and paint all fall inside the interval. A MutationObserver also notes when
 * the new rows were committed, which splits the figure into response → commit and commit → paint.
 *
 * Each sample is a fresh response: the page size alternates 50 / 1000 and the sort changes between samples. Two
 * workspaces: the demo seed (600 videos, so a page of "1000" holds only the tab's videos; printed, not judged) and the
 * 10k bench workspace, where a page of 1000 really returns 1000 rows (judged).
 */
import { cpSync } from 'node:fs';
import { chromium, type Browser, type Page, type Response } from 'playwright';
import type { VideoListResponse } from '../src/shared/http/videos.schemas';
import { DEMO_ACCOUNTS } from '../src/shared/demoAccounts';
import { AppStack } from '../tests/e2e/support/stack';
import { benchDataDir } from './benchWorkspace';
import { ensureWebBuild } from './webBuild';
import { percentile } from './benchStats';

const SMALL = 50;
const LARGE = 1000;
/**
 * Samples per page size (and workspace). With 16, p95 was the single slowest sample, so one hiccup of a shared machine
 * decided it. More samples also steady p50, which moves by up to a frame (16.7 ms) per sample with the frame the
 * response happens to land in.
 */
const REPS = 60;
const TARGET_RATIO = 1.5;
const TARGET_MAX_ROWS = 100;
const VIEWPORT = { width: 1280, height: 800 };
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

interface TableState {
  busy: string | null;
  rowcount: string | null;
  first: string | null;
  rows: number;
}
interface Sample {
  size: number;
  rows: number;
  total: number;
  commit: number;
  paint: number;
  maxRows: number;
}
interface Expected {
  rowcount: string;
  first: string;
}

// ---------------------------------------------------------------------------------------------------------------------
// Build and stack

// ---------------------------------------------------------------------------------------------------------------------
// In-page probe

/**
 * Installed once in the page: a rAF loop that snapshots the table at the start of every frame and notes when that
 * frame is done (a message posted from the rAF callback), a MutationObserver that snapshots after every DOM commit, and
 * a PerformanceObserver that keeps the /jwt_api/videos resource entries. `reset()` starts a new sample.
 */
function installProbe(): void {
  type Snapshot = { busy: string | null; rowcount: string | null; first: string | null; rows: number };
  type Frame = { start: number; done: number | null; state: Snapshot };
  const snapshot = (): Snapshot => {
    const table = document.querySelector('[role="table"][aria-label="Videos"]');
    if (!table) return { busy: null, rowcount: null, first: null, rows: 0 };
    const first = table.querySelector('.vtable__body [role="row"][aria-rowindex="2"] .video-title__open');
    return {
      busy: table.getAttribute('aria-busy'),
      rowcount: table.getAttribute('aria-rowcount'),
      first: first ? first.textContent : null,
      rows: table.querySelectorAll('.vtable__body [role="row"]').length,
    };
  };
  const probe = {
    frames: [] as Frame[],
    commits: [] as { t: number; state: Snapshot }[],
    responses: [] as { name: string; responseEnd: number }[],
    maxRows: 0,
    reset(): void {
      probe.frames = [];
      probe.commits = [];
      probe.responses = [];
      probe.maxRows = 0;
      performance.clearResourceTimings();
    },
  };
  performance.setResourceTimingBufferSize(100_000);
  const channel = new MessageChannel();
  let pending: Frame | null = null;
  channel.port1.onmessage = () => {
    if (pending) pending.done = performance.now();
    pending = null;
  };
  const tick = (): void => {
    const state = snapshot();
    probe.maxRows = Math.max(probe.maxRows, state.rows);
    pending = { start: performance.now(), done: null, state };
    probe.frames.push(pending);
    channel.port2.postMessage(0);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  new MutationObserver(() => {
    const state = snapshot();
    probe.maxRows = Math.max(probe.maxRows, state.rows);
    probe.commits.push({ t: performance.now(), state });
  }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (/\/jwt_api\/videos\?/.test(entry.name)) probe.responses.push({ name: entry.name, responseEnd: (entry as PerformanceResourceTiming).responseEnd });
    }
  }).observe({ type: 'resource', buffered: false });
  (window as unknown as { __listRenderProbe: typeof probe }).__listRenderProbe = probe;
}

type ProbeWindow = {
  __listRenderProbe: {
    frames: { start: number; done: number | null; state: TableState }[];
    commits: { t: number; state: TableState }[];
    responses: { responseEnd: number }[];
    maxRows: number;
    reset: () => void;
  };
};

/**
 * Waits until the page has settled after a list response: its resource entry is in, the loading state (aria-busy) was
 * committed and then cleared, and a few frames have been painted since. Nothing is asked of the page meanwhile but
 * this cheap poll: reading the response body through DevTools while the page renders blocks the renderer's main
 * thread (for 1.8 MB, ~25 ms) and would be counted in the figure.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const probe = (window as unknown as ProbeWindow).__listRenderProbe;
      if (probe.responses.length === 0) return false;
      const loading = probe.commits.findIndex((commit) => commit.state.busy === 'true');
      if (loading < 0) return false;
      const done = probe.commits.slice(loading).findIndex((commit) => commit.state.busy === 'false');
      if (done < 0) return false;
      const doneAt = probe.commits[loading + done]?.t ?? Infinity;
      return probe.frames.filter((frame) => frame.start > doneAt && frame.done !== null).length >= 3;
    },
    undefined,
    { polling: 100, timeout: 30_000 },
  );
}

/**
 * Answers the figures of a settled sample, counted from the response's last byte: the first commit showing the
 * expected rows after the loading state, and the end of the first frame that starts with them in the DOM.
 */
async function figures(page: Page, expected: Expected): Promise<{ commit: number; paint: number; maxRows: number }> {
  const result = await page.evaluate(({ rowcount, first }) => {
    const probe = (window as unknown as ProbeWindow).__listRenderProbe;
    const response = probe.responses.at(-1);
    const matches = (state: TableState) => state.busy === 'false' && state.rowcount === rowcount && state.first === first && state.rows > 0;
    // After the loading state, so the rows cannot be the previous response's.
    const loading = probe.commits.findIndex((commit) => commit.state.busy === 'true');
    const committed = loading < 0 ? undefined : probe.commits.slice(loading).find((commit) => matches(commit.state));
    const frame = probe.frames.find((entry) => entry.start > (committed?.t ?? Infinity) && matches(entry.state) && entry.done !== null);
    if (!response || !committed || !frame || frame.done === null) return null;
    return { commit: committed.t - response.responseEnd, paint: frame.done - response.responseEnd, maxRows: probe.maxRows };
  }, expected);
  if (!result) throw new Error(`the page never showed the expected rows (${JSON.stringify(expected)})`);
  return result;
}

// ---------------------------------------------------------------------------------------------------------------------
// Page actions

const isList = (response: Response) => /\/jwt_api\/videos\?/.test(response.url()) && response.request().method() === 'GET';

/** Runs `action`, which must cause a GET /jwt_api/videos, and answers that response's body. */
async function load(page: Page, action: () => Promise<unknown>): Promise<VideoListResponse> {
  const answer = page.waitForResponse(isList, { timeout: 30_000 });
  await action();
  return (await (await answer).json()) as VideoListResponse;
}

/** One sample: resets the probe, runs the action and measures its response to painted rows. */
async function sample(page: Page, size: number, action: () => Promise<unknown>): Promise<Sample> {
  await page.evaluate(() => (window as unknown as ProbeWindow).__listRenderProbe.reset());
  const answer = page.waitForResponse(isList, { timeout: 30_000 });
  await action();
  const response = await answer;
  await settle(page);
  const body = (await response.json()) as VideoListResponse;
  if (body.data.per_page !== size) throw new Error(`expected a page of ${size}, the response says ${body.data.per_page}`);
  const first = body.videos[0];
  if (!first) throw new Error('the list response holds no videos');
  const { commit, paint, maxRows } = await figures(page, { rowcount: String(body.videos.length + 1), first: first.title });
  return { size, rows: body.videos.length, total: body.data.count, commit, paint, maxRows };
}

async function signInAndOpen(page: Page, stack: AppStack): Promise<void> {
  await page.goto(`${stack.webUrl}/#/login`);
  await page.getByLabel('Email', { exact: true }).fill(DEMO_ACCOUNTS.brandManager.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ACCOUNTS.brandManager.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText(/Good (morning|afternoon|evening),/).waitFor({ timeout: 30_000 });
  await load(page, () => page.goto(`${stack.webUrl}/#/videos`));
  await page.getByRole('table', { name: 'Videos' }).waitFor();
}

/** Picks the tab with the most videos (My Videos or Competitors) and answers its count. */
async function pickTab(page: Page): Promise<{ label: string; count: number }> {
  const counts: { label: string; count: number }[] = [];
  for (const label of ['Competitors', 'My Videos']) {
    const body = await load(page, () => page.getByRole('tab', { name: label, exact: true }).click());
    counts.push({ label, count: body.data.count });
  }
  const best = counts.reduce((a, b) => (b.count > a.count ? b : a));
  if (best.label !== 'My Videos') await load(page, () => page.getByRole('tab', { name: best.label, exact: true }).click());
  console.log(`    tab counts: ${counts.map((entry) => `${entry.label} ${entry.count}`).join(', ')}; measuring ${best.label}`);
  return best;
}

/** How many row elements the 1000 page keeps while scrolled to the middle and to the end. */
async function rowsWhileScrolled(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const scroller = document.querySelector('[role="table"][aria-label="Videos"] .vtable__scroller');
    if (!scroller) return -1;
    const frames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    let most = 0;
    for (const fraction of [0.25, 0.5, 0.75, 1]) {
      scroller.scrollTop = fraction * (scroller.scrollHeight - scroller.clientHeight);
      await frames();
      await frames();
      most = Math.max(most, scroller.querySelectorAll('.vtable__body [role="row"]').length);
    }
    scroller.scrollTop = 0;
    await frames();
    return most;
  });
}

// ---------------------------------------------------------------------------------------------------------------------
// Measurement

interface Result {
  small: Sample[];
  large: Sample[];
  scrolledRows: number;
}

async function measure(browser: Browser, name: string, videos: number | null): Promise<Result> {
  const stack = new AppStack();
  if (videos !== null) {
    // The bench workspace replaces the demo seed (the back end seeds only an empty database).
    cpSync(await benchDataDir(videos), stack.dataDir, { recursive: true });
  }
  const context = await browser.newContext({ viewport: VIEWPORT });
  // tsx (esbuild keepNames) may wrap functions that are serialised into the page in __name(...).
  await context.addInitScript({ content: 'globalThis.__name ??= (fn) => fn;' });
  try {
    await stack.start();
    const page = await context.newPage();
    await signInAndOpen(page, stack);
    console.log(`  ${name}:`);
    await pickTab(page);
    await page.evaluate(`(${installProbe.toString()})()`);

    const perPage = page.getByRole('combobox', { name: 'Per page', exact: true });
    const sort = page.getByRole('combobox', { name: 'Sort', exact: true });
    const sorts = await sort.locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    let sortIndex = sorts.indexOf(await sort.inputValue());
    const nextSort = () => {
      sortIndex = (sortIndex + 1) % sorts.length;
      return sorts[sortIndex] ?? '';
    };

    // Warm-up (not measured): both sizes once, so both code paths are compiled and the thumbnails' first loads are done.
    for (const size of [LARGE, SMALL]) await load(page, () => perPage.selectOption(String(size)));

    const small: Sample[] = [];
    const large: Sample[] = [];
    // Each round: 1000 (size switch), 1000 (sort change), 50 (size switch), 50 (sort change).
    while (small.length < REPS || large.length < REPS) {
      large.push(await sample(page, LARGE, () => perPage.selectOption(String(LARGE))));
      large.push(await sample(page, LARGE, () => sort.selectOption(nextSort())));
      small.push(await sample(page, SMALL, () => perPage.selectOption(String(SMALL))));
      small.push(await sample(page, SMALL, () => sort.selectOption(nextSort())));
    }
    await load(page, () => perPage.selectOption(String(LARGE)));
    const scrolledRows = await rowsWhileScrolled(page);
    return { small, large, scrolledRows };
  } finally {
    await context.close();
    await stack.stop();
  }
}


const ms = (value: number): string => `${value.toFixed(1)} ms`.padStart(9);

function report(name: string, result: Result): void {
  const line = (label: string, samples: Sample[]) => {
    const paint = samples.map((entry) => entry.paint);
    const commit = samples.map((entry) => entry.commit);
    const rows = samples[0]?.rows ?? 0;
    console.log(
      `    ${label.padEnd(10)} ${String(rows).padStart(4)} rows  response→painted p50 ${ms(percentile(paint, 50))}  p95 ${ms(percentile(paint, 95))}` +
        `   (response→commit p50 ${ms(percentile(commit, 50))})  n=${samples.length}`,
    );
  };
  console.log(`\n  ${name}`);
  line(`page ${SMALL}`, result.small);
  line(`page ${LARGE}`, result.large);
  const p50 = percentile(result.large.map((s) => s.paint), 50) / percentile(result.small.map((s) => s.paint), 50);
  const p95 = percentile(result.large.map((s) => s.paint), 95) / percentile(result.small.map((s) => s.paint), 95);
  const maxRows = Math.max(...result.large.map((s) => s.maxRows), result.scrolledRows);
  const judged = result.large.every((entry) => entry.rows === LARGE);
  const verdict = judged
    ? `${p50 <= TARGET_RATIO && p95 <= TARGET_RATIO && maxRows <= TARGET_MAX_ROWS ? 'PASS' : 'MISS'} (ratio ≤ ${TARGET_RATIO}, ≤ ~${TARGET_MAX_ROWS} rows)`
    : `(printed, not judged: this tab holds ${result.large[0]?.total ?? 0} videos, fewer than ${LARGE}; the 10k workspace's is judged)`;
  console.log(`    ratio ${LARGE}/${SMALL}: p50 ${p50.toFixed(2)}  p95 ${p95.toFixed(2)};  row elements in the DOM at ${LARGE}: max ${maxRows} (while scrolled: ${result.scrolledRows})   ${verdict}`);
}

/** Measures the demo workspace and the 10k workspace and prints the figures against the targets. */
export async function run(): Promise<void> {
  ensureWebBuild();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const demo = await measure(browser, 'demo workspace (600 videos)', null);
    const large = await measure(browser, '10k workspace', 10_000);
    console.log(`\n  time from the list response's last byte to the end of the first frame painting its rows (in-page clock); baseline = page ${SMALL} in this run`);
    report('demo workspace (600 videos)', demo);
    report('10k workspace', large);
  } finally {
    await browser.close();
  }
}
