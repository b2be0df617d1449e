/**
 * Issue 11 performance: a cold start of the embedded back end on the 100k workspace (10k printed as the baseline).
 * The back end as the app ships it (out/main/backend.js, built here by electron-vite) starts as its own process, in
 * Node instead of Electron's utility process (whose binary these machines cannot fetch); the bench then asks, over
 * loopback HTTP and without waiting, for the first videos list and the first transcript search, and reads the back
 * end's resident memory from /proc after both. Targets at 100k: first list ≤ 500 ms, first search ≤ 500 ms, RSS ≤ 300 MiB.
 */
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_ACCOUNTS } from '../src/shared/demoAccounts';
import { benchDataDir } from './benchWorkspace';
import { median } from './benchStats';

const SIZES = [10_000, 100_000] as const;
const TARGET_FIRST_MS = 500;
const TARGET_RSS_MIB = 300;
const ROUNDS = 3;
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BACKEND = join(ROOT, 'out', 'main', 'backend.js');

/** Builds the app's bundles, so the bench starts the back end that ships (a source tree run through tsx costs ~40 MiB more). */
function buildBackend(): void {
  const built = spawnSync(join(ROOT, 'node_modules', '.bin', 'electron-vite'), ['build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) throw new Error(`electron-vite build failed (exit ${built.status ?? built.signal})`);
}

interface Start {
  readyMs: number;
  firstList: number;
  firstSearch: number;
  rss: { total: number; anon: number; file: number };
}

/** VmRSS, RssAnon and RssFile of a process in MiB (Linux). */
function residentMiB(pid: number): Start['rss'] {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name: string): number => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { total: kib('VmRSS') / 1024, anon: kib('RssAnon') / 1024, file: kib('RssFile') / 1024 };
}

function waitReady(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the back end exited (${code}) before it was ready`)));
    child.on('message', (message) => {
      const ready = message as { type?: string; url?: string };
      if (ready.type === 'ready' && ready.url) resolve(ready.url);
    });
  });
}

async function timed(url: string, init: RequestInit): Promise<{ ms: number; body: unknown }> {
  const started = performance.now();
  const response = await fetch(url, init);
  const body = (await response.json()) as unknown;
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(body)}`);
  return { ms, body };
}

/** Starts the back end on `dataDir`, signs in, asks for the first list and the first search. */
async function coldStart(dataDir: string): Promise<Start> {
  const started = performance.now();
  // Plain node, none of the bench's flags (--expose-gc, the tsx loader).
  const child = fork(BACKEND, [], {
    execArgv: [],
    env: { ...process.env, REELSCOPE_DATA_DIR: dataDir, REELSCOPE_PORT: '0', REELSCOPE_SEED: '0' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  try {
    const base = await waitReady(child);
    const readyMs = performance.now() - started;
    const json = { 'content-type': 'application/json' };
    const login = await timed(`${base}/jwt_api/login`, { method: 'POST', headers: json, body: JSON.stringify(DEMO_ACCOUNTS.brandManager) });
    const headers = { authorization: `Bearer ${(login.body as { jwt: string }).jwt}` };
    const list = await timed(`${base}/jwt_api/videos?tab=My%20Videos&per_page=50`, { headers });
    const search = await timed(`${base}/jwt_api/videos?tab=My%20Videos&per_page=50&search_in=transcript&search=honestly`, { headers });
    return { readyMs, firstList: list.ms, firstSearch: search.ms, rss: residentMiB(child.pid ?? 0) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const ms = (value: number): string => `${value.toFixed(0)} ms`;

export async function run(): Promise<void> {
  buildBackend();
  const results = new Map<number, Start>();
  for (const videos of SIZES) {
    const dataDir = await benchDataDir(videos);
    const starts: Start[] = [];
    for (let round = 0; round < ROUNDS; round++) starts.push(await coldStart(dataDir));
    for (const [round, start] of starts.entries()) {
      console.log(`  ${videos} videos, start ${round + 1}: ready ${ms(start.readyMs)}, first list ${ms(start.firstList)}, first search ${ms(start.firstSearch)}, resident ${start.rss.total.toFixed(0)} MiB (anonymous ${start.rss.anon.toFixed(0)}, file-backed ${start.rss.file.toFixed(0)})`);
    }
    results.set(videos, {
      readyMs: median(starts.map((start) => start.readyMs)),
      firstList: median(starts.map((start) => start.firstList)),
      firstSearch: median(starts.map((start) => start.firstSearch)),
      rss: { total: Math.max(...starts.map((start) => start.rss.total)), anon: NaN, file: NaN },
    });
  }
  const small = results.get(SIZES[0]);
  const large = results.get(SIZES[1]);
  if (!small || !large) return;
  const verdict = (ok: boolean): string => (ok ? 'PASS' : 'MISS');
  console.log(`\n  median of ${ROUNDS} cold starts; baseline = 10k in this run`);
  console.log(`  first list request   10k ${ms(small.firstList).padStart(7)}   100k ${ms(large.firstList).padStart(7)}   ${verdict(large.firstList <= TARGET_FIRST_MS)} (≤ ${TARGET_FIRST_MS} ms at 100k)`);
  console.log(`  first search         10k ${ms(small.firstSearch).padStart(7)}   100k ${ms(large.firstSearch).padStart(7)}   ${verdict(large.firstSearch <= TARGET_FIRST_MS)} (≤ ${TARGET_FIRST_MS} ms at 100k)`);
  console.log(`  resident memory      10k ${`${small.rss.total.toFixed(0)} MiB`.padStart(7)}   100k ${`${large.rss.total.toFixed(0)} MiB`.padStart(7)}   ${verdict(large.rss.total <= TARGET_RSS_MIB)} (≤ ${TARGET_RSS_MIB} MiB at 100k, the highest of the starts)`);
  console.log(`  start-up to ready    10k ${ms(small.readyMs).padStart(7)}   100k ${ms(large.readyMs).padStart(7)}   (printed, not judged)`);
}
