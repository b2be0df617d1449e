/**
 * Issue 28 "Done when": a team server scaled out. Real back-end processes (`npm run server`) on loopback, all on one
 * PostgreSQL holding the cached 10k-video bench workspace, sharing their secrets; a load generator in this process
 * keeps CONCURRENCY requests in flight, spread round robin over the instances in use (as nginx spreads them).
 * - Throughput of the videos list page (cold queries, each one asked once) and of home, with 1, 2 and 3 instances.
 *   The configurations take turns, ROUNDS times, so a slower moment of the machine lands on each; the median round
 *   counts. Target: 2 instances lose nothing against 1 (on a 2-core machine, where the database, the load generator
 *   and the instances share the cores, more is not promised).
 * - Chat delivery across instances: a message published through one instance reaches a subscriber long-polling on
 *   another (PostgreSQL LISTEN/NOTIFY wakes it), p95 ≤ 250 ms; beside it the same round trip within one instance,
 *   measured in the same run as the baseline.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PubNub from 'pubnub';
import { startPgCluster } from '../scripts/pgCluster';
import { createChatKeys } from '../src/server/chat/chatKeys';
import { openDatabase } from '../src/server/db/database';
import { DEMO_ACCOUNTS } from '../src/shared/demoAccounts';
import type { ChatChannel, ChatConfig } from '../src/shared/http/chat.schemas';
import { EMBEDDED_PUBNUB_KEYS } from '../src/shared/http/pubnub.schemas';
import type { VideoListResponse } from '../src/shared/http/videos.schemas';
import { startNode, stopChild, waitForHttp } from '../tests/e2e/support/stack';
import { freePort } from '../tests/shared/loadBalancer';
import { moveBenchWorkspace } from './benchPostgres';
import { ms, median, percentile } from './benchStats';
import { benchDataDir } from './benchWorkspace';
import { coldListQueries, warmUpQueries, type ListQuery } from './videoBenchQueries';

const VIDEOS = 10_000;
const INSTANCES = [1, 2, 3] as const;
const CONCURRENCY = 12;
const WARM_UP_MS = 1_000;
const MEASURE_MS = 5_000;
const ROUNDS = 3;
const CHAT_MESSAGES = 200;
const CHAT_TARGET_P95_MS = 250;
const SEED = 20261128;
const DURATIONS = ['1m', '3m', '6m', '1y', 'all_dates'] as const;

interface Session {
  jwt: string;
  brandId: string;
  userId: string;
}

/** One request kind: the path of its i-th request (each kind's requests differ from one another). */
interface Kind {
  name: string;
  path: (i: number) => string;
}

async function signIn(origin: string): Promise<Session> {
  const response = await fetch(`${origin}/jwt_api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_ACCOUNTS.brandManager) });
  const body = (await response.json()) as { jwt: string; currentBrand: { _id: string }; currentUser: { _id: string } };
  return { jwt: body.jwt, brandId: body.currentBrand._id, userId: body.currentUser._id };
}

async function getJson<T>(url: string, session: Session): Promise<T> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${session.jwt}` } });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return (await response.json()) as T;
}

function kinds(session: Session, lists: ListQuery[]): Kind[] {
  const who = { brand_id: session.brandId, user_id: session.userId };
  const query = (entries: Record<string, string | number>) => new URLSearchParams(Object.entries(entries).map(([k, v]) => [k, String(v)]));
  return [
    { name: 'videos list page', path: (i) => `/jwt_api/videos?${query({ ...who, ...lists[i % lists.length] })}` },
    { name: 'home', path: (i) => `/jwt_api/home?${query({ ...who, duration: DURATIONS[i % DURATIONS.length] ?? '1y' })}` },
  ];
}

/**
 * Requests per second over MEASURE_MS (after WARM_UP_MS) with CONCURRENCY in flight, round robin over `origins`;
 * `next` hands out the kind's request numbers, so no request repeats one an earlier measurement made.
 */
async function throughput(origins: string[], kind: Kind, session: Session, next: () => number): Promise<{ perSecond: number; p95: number }> {
  const started = performance.now();
  const measureFrom = started + WARM_UP_MS;
  const end = measureFrom + MEASURE_MS;
  const latencies: number[] = [];
  let turn = 0;
  const worker = async (): Promise<void> => {
    while (performance.now() < end) {
      const origin = origins[turn++ % origins.length] ?? '';
      const begun = performance.now();
      const response = await fetch(`${origin}${kind.path(next())}`, { headers: { authorization: `Bearer ${session.jwt}` } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${kind.name} on ${origin} answered ${response.status}`);
      const done = performance.now();
      if (begun >= measureFrom && done <= end) latencies.push(done - begun);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { perSecond: latencies.length / (MEASURE_MS / 1000), p95: percentile(latencies, 95) };
}

/** p95 of a message's trip from `publisher`'s publish to `subscriber`'s long poll on `channel`. */
async function deliveryP95(publisher: PubNub, subscriber: PubNub, channel: string, label: string): Promise<number> {
  const waiting = new Map<string, (at: number) => void>();
  subscriber.addListener({ message: (event) => waiting.get((event.message as { id: string }).id)?.(performance.now()) });
  await new Promise<void>((resolve, reject) => {
    subscriber.addListener({
      status: (event) => {
        if (event.category === PubNub.CATEGORIES.PNConnectedCategory) resolve();
        // A refused key or an unreachable instance ends the subscribe loop: say so instead of waiting for ever.
        else if (event.error) reject(new Error(`${label}: the subscriber could not connect (${event.category})`));
      },
    });
    subscriber.subscribe({ channels: [channel] });
  });
  const trips: number[] = [];
  for (let i = 0; i < CHAT_MESSAGES; i++) {
    const id = `${label}-${i}`;
    const received = new Promise<number>((resolve) => waiting.set(id, resolve));
    const started = performance.now();
    await publisher.publish({ channel, message: { id, text: `delivery ${i}` } });
    trips.push((await received) - started);
    waiting.delete(id);
  }
  subscriber.unsubscribeAll();
  return percentile(trips, 95);
}

export async function run(): Promise<void> {
  const db = openDatabase(join(await benchDataDir(VIDEOS), 'reelscope.sqlite'));
  const cluster = await startPgCluster();
  const folder = mkdtempSync(join(tmpdir(), 'reelscope-scale-out-'));
  const children: ChildProcess[] = [];
  const clients: PubNub[] = [];
  try {
    const moved = await moveBenchWorkspace(db, cluster, VIDEOS);
    await moved.pool.end();
    const jwtSecret = randomBytes(48);
    const env = {
      REELSCOPE_DATABASE_URL: moved.url, REELSCOPE_SEED: '0', REELSCOPE_JWT_SECRET: jwtSecret.toString('hex'),
      REELSCOPE_MEDIA_URL_SECRET: randomBytes(32).toString('hex'), REELSCOPE_LOG_LEVEL: 'warn',
    };
    const origins: string[] = [];
    for (const name of ['a', 'b', 'c']) {
      const port = await freePort();
      mkdirSync(join(folder, name), { mode: 0o700 });
      const started = startNode('src/server/cli.ts', { ...env, REELSCOPE_PORT: String(port), REELSCOPE_DATA_DIR: join(folder, name) });
      children.push(started.child);
      origins.push(`http://127.0.0.1:${port}`);
      await waitForHttp(`http://127.0.0.1:${port}/readyz`, started.child, started.output, 180_000);
    }
    console.log(`  ${origins.length} instances on one PostgreSQL, ${CONCURRENCY} requests in flight, ${MEASURE_MS / 1000} s per measurement, ${ROUNDS} rounds`);

    const session = await signIn(origins[0] ?? '');
    const first = await getJson<VideoListResponse>(`${origins[0]}/jwt_api/videos?brand_id=${session.brandId}&user_id=${session.userId}`, session);
    const lists = coldListQueries(first.data.filters, 20_000, SEED);
    // Every instance loads its indexes and builds its lazily made sort orders and postings before anything is measured
    // (a start's cost is coldStart.bench.ts's): the warm-up list queries, and home over each period.
    const warmLists = warmUpQueries(first.data.filters);
    for (const origin of origins) {
      for (const kind of kinds(session, warmLists)) for (let i = 0; i < Math.max(DURATIONS.length, warmLists.length); i++) await getJson(`${origin}${kind.path(i)}`, session);
    }

    const figures = new Map<string, Map<number, { perSecond: number[]; p95: number[] }>>();
    for (const kind of kinds(session, lists)) {
      let request = 1;
      const byCount = new Map(INSTANCES.map((count) => [count, { perSecond: [] as number[], p95: [] as number[] }]));
      // Unmeasured: each instance in turn gets a full load of this kind before the first round, so its compiler and
      // the postings it builds on a filter value's first use are as warm as the first instance's (an instance that
      // has seen fewer requests would otherwise count its first uses against the configurations it is part of).
      for (const origin of origins) await throughput([origin], kind, session, () => request++);
      for (let round = 0; round < ROUNDS; round++) {
        for (const count of round % 2 === 0 ? INSTANCES : [...INSTANCES].reverse()) {
          const measured = await throughput(origins.slice(0, count), kind, session, () => request++);
          byCount.get(count)?.perSecond.push(measured.perSecond);
          byCount.get(count)?.p95.push(measured.p95);
        }
      }
      figures.set(kind.name, byCount);
    }

    console.log('\n  throughput (median round; ratio against 1 instance in the same run; target: 2 instances ≥ 1)');
    let misses = 0;
    for (const [name, byCount] of figures) {
      const one = median(byCount.get(1)?.perSecond ?? []);
      const cells = INSTANCES.map((count) => {
        const of = byCount.get(count);
        const perSecond = median(of?.perSecond ?? []);
        return `${count}: ${perSecond.toFixed(1)} req/s (p95 ${ms(median(of?.p95 ?? []))}, ${(perSecond / one).toFixed(2)}×)`;
      });
      const two = median(byCount.get(2)?.perSecond ?? []) / one;
      if (two < 1) misses += 1;
      console.log(`  ${two >= 1 ? 'PASS' : 'MISS'} ${name.padEnd(18)} ${cells.join(' | ')}`);
    }

    const channel = (await getJson<{ channels: ChatChannel[] }>(`${origins[0]}/jwt_api/chats?brand_id=${session.brandId}&user_id=${session.userId}`, session))
      .channels.find((entry) => entry.recipient.influencer);
    if (!channel?.recipient.influencer) throw new Error('the bench workspace has no chat channel with a creator');
    // The brand side connects as the app does (its key from /chats/config, tied to the sign-in); the creator's key is
    // signed with the team's secret, as their own app's server would.
    const brand = await getJson<ChatConfig>(`${origins[0]}/jwt_api/chats/config?brand_id=${session.brandId}&user_id=${session.userId}`, session);
    const creator = `creator-${channel.recipient.influencer._id}`;
    const creatorKey = createChatKeys(jwtSecret, () => new Date()).issue(creator);
    const client = (origin: string, userId: string, authKey: string) => {
      const made = new PubNub({ ...EMBEDDED_PUBNUB_KEYS, origin: new URL(origin).host, ssl: false, userId, authKey, logLevel: PubNub.LogLevel.None });
      clients.push(made);
      return made;
    };
    const on = (origin: string | undefined) => ({
      creator: client(origin ?? '', creator, creatorKey),
      brand: client(origin ?? '', brand.userId, brand.authKey),
    });
    const sameP95 = await deliveryP95(on(origins[0]).creator, on(origins[0]).brand, channel.pubnub_id, 'same');
    const acrossP95 = await deliveryP95(on(origins[0]).creator, on(origins[1]).brand, channel.pubnub_id, 'across');
    const chatPass = acrossP95 <= CHAT_TARGET_P95_MS;
    if (!chatPass) misses += 1;
    console.log(`\n  ${chatPass ? 'PASS' : 'MISS'} chat delivery across instances (publish through one, subscriber long-polling on another), p95: ${ms(acrossP95)} (target ≤ ${CHAT_TARGET_P95_MS} ms)`);
    console.log(`       baseline: publish and subscriber on the same instance, p95: ${ms(sameP95)} (across = ${(acrossP95 / sameP95).toFixed(1)}× it)`);
    console.log(`\n  ${misses === 0 ? 'every figure meets its target' : `${misses} figure(s) miss a target`}`);
  } finally {
    for (const made of clients) made.destroy(true);
    for (const child of children) await stopChild(child);
    await cluster.stop();
    if (db.open) db.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
