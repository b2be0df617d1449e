/**
 * Issue 3 performance: p95 of (a) a filtered, sorted list page and (b) a transcript search across all videos, at 10k
 * and 100k videos, through app.inject (routing, auth, zod and JSON included). Targets: p95 ≤ 25 ms at 100k and the
 * 100k figure ≤ 2× the 10k figure, both measured in this run.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/database';
import { DEMO_ACCOUNTS } from '../src/shared/demoAccounts';
import type { VideoFiltersInput } from '../src/shared/http/videos.schemas';
import { benchDataDir } from './benchWorkspace';

const SIZES = [10_000, 100_000] as const;
const SAMPLES = 200;
const TARGET_P95_MS = 25;
const TARGET_RATIO = 2;
const LIST_FILTERS: VideoFiltersInput = { platform: ['Youtube', 'Tiktok', 'Instagram'], views: { radio: 'gte', value: 1000 } };
const SEARCH_TERMS = ['texture', 'recommend', 'honestly', 'waterproof', 'disappointed', 'packaging', 'smell', 'worth'];

interface Figures {
  list: number;
  listCold: number;
  search: number;
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function time(app: FastifyInstance, url: string, jwt: string): Promise<number> {
  const started = performance.now();
  const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${jwt}` } });
  const elapsed = performance.now() - started;
  if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
  return elapsed;
}

function listUrl(query: Record<string, string | number>): string {
  const params = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  return `/jwt_api/videos?${params.toString()}`;
}

async function measure(videos: number): Promise<Figures> {
  const dataDir = await benchDataDir(videos);
  const db = openDatabase(join(dataDir, 'reelscope.sqlite'));
  const app = await buildApp({ db, jwtSecret: randomBytes(64), dataDir });
  try {
    const login = await app.inject({ method: 'POST', url: '/jwt_api/login', payload: DEMO_ACCOUNTS.brandManager });
    const { jwt } = login.json() as { jwt: string };
    const filters = JSON.stringify(LIST_FILTERS);

    // (a) pages 1..5 of a filtered list sorted by highest sentiment, 50 a page.
    const base = { tab: 'My Videos', sort: 'highest_sentiment', per_page: 50, filters };
    for (let i = 0; i < 20; i++) await time(app, listUrl({ ...base, page: (i % 5) + 1 }), jwt);
    const list: number[] = [];
    for (let i = 0; i < SAMPLES; i++) list.push(await time(app, listUrl({ ...base, page: (i % 5) + 1 }), jwt));

    // Cold: a different filter each time (views threshold × platform), so the count and summary are computed afresh.
    const cold: number[] = [];
    const platforms = ['Youtube', 'Tiktok', 'Instagram', 'Reelscope_AWS_S3', 'GoogleDrive', 'Dropbox', 'AWS_S3_Swirl'];
    const thresholds = [300, 1000, 3000, 10000, 30000, 100000, 300000];
    for (const platform of platforms) {
      for (const value of thresholds) {
        const coldFilters = JSON.stringify({ platform: [platform], views: { radio: 'gte', value } });
        cold.push(await time(app, listUrl({ ...base, filters: coldFilters, page: 1 }), jwt));
      }
    }

    // (b) transcript search across every video's transcript (FTS5 trigram), first page of 50.
    const search: number[] = [];
    for (let i = 0; i < SEARCH_TERMS.length; i++) await time(app, listUrl({ tab: 'My Videos', search_in: 'transcript', search: SEARCH_TERMS[i] ?? '', per_page: 50 }), jwt);
    for (let i = 0; i < SAMPLES; i++) {
      search.push(await time(app, listUrl({ tab: 'My Videos', search_in: 'transcript', search: SEARCH_TERMS[i % SEARCH_TERMS.length] ?? '', per_page: 50, page: (Math.floor(i / SEARCH_TERMS.length) % 3) + 1 }), jwt));
    }

    const figures = { list: percentile(list, 95), listCold: percentile(cold, 95), search: percentile(search, 95) };
    console.log(`  ${videos} videos: list p95 ${figures.list.toFixed(2)} ms (p50 ${percentile(list, 50).toFixed(2)}), ` +
      `list with a new filter p95 ${figures.listCold.toFixed(2)} ms, transcript search p95 ${figures.search.toFixed(2)} ms (p50 ${percentile(search, 50).toFixed(2)})`);
    return figures;
  } finally {
    await app.close();
    db.close();
  }
}

/** Seeds (or reuses) both workspaces, measures them and prints the figures against the targets. */
export async function run(): Promise<void> {
  const results = new Map<number, Figures>();
  for (const videos of SIZES) results.set(videos, await measure(videos));
  const small = results.get(SIZES[0]);
  const large = results.get(SIZES[1]);
  if (!small || !large) return;
  const line = (name: string, a: number, b: number): void => {
    const ratio = b / a;
    const ok = b <= TARGET_P95_MS && ratio <= TARGET_RATIO;
    console.log(`  ${name.padEnd(28)} 10k ${a.toFixed(2).padStart(8)} ms   100k ${b.toFixed(2).padStart(8)} ms   ratio ${ratio.toFixed(2)}   ${ok ? 'MEETS' : 'MISSES'} (p95 ≤ ${TARGET_P95_MS} ms, ratio ≤ ${TARGET_RATIO})`);
  };
  console.log('\n  p95 figures');
  line('list page (filtered, sorted)', small.list, large.list);
  line('list, new filter (cold)', small.listCold, large.listCold);
  line('transcript search', small.search, large.search);
}
