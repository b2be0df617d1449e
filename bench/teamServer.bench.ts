/**
 * Issue 27 "Done when": the back end on PostgreSQL beside the embedded SQLite one, in the same run, on the same
 * workspace (the cached bench workspace, moved into a throwaway cluster from scripts/pg-cluster.sh), at 10k and 100k
 * videos: p95 of the videos list page, transcript searches (one word, two words, a product or creator name), every
 * home widget, a report's figures and an assistant answer, through app.inject (routing, auth, zod and JSON
 * included). Targets per request kind: p95 at 100k ≤ 50 ms (the assistant ≤ 300 ms), ≤ 2× the 10k figure and ≤ 2× the
 * SQLite figure. Also printed: the time to seed each workspace and to move it into PostgreSQL. The move is measured
 * in the run; the seed (hours at 100k on a shared machine) is measured when the cached workspace is seeded and kept
 * beside it (benchWorkspace.ts `recordedSeed`), so a run on the cache prints the seed's measured time, with when and
 * at which schema it was taken. REELSCOPE_SEED=1 on PostgreSQL is that seed and then this move. Both sizes on both
 * engines are open at once and take turns request by request, so a slower moment of the machine lands on every side
 * of a ratio, the growth's included. REELSCOPE_BENCH_TEAM_SIZES=10000 runs one size only.
 *
 * Also printed, so a miss can be told apart from slow work: the PostgreSQL statements each kind sends per request
 * (through the pool or a transaction), and one bare round trip (`SELECT 1`) to the cluster on this machine. A kind whose
 * PostgreSQL p95 lies within its statements' round trips of SQLite's is bound by the network hops a database server
 * costs, which an embedded database does not pay: the ×2-SQLite ratio is then out of reach where SQLite answers in
 * a millisecond or two.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { startPgCluster } from '../scripts/pgCluster';
import { buildApp } from '../src/server/app';
import type { PostgresPool } from '../src/server/db/postgres/pool';
import { createPostgresClient } from '../src/server/db/postgres/postgresClient';
import type { AssistantMessage } from '../src/shared/assistant/assistant.schemas';
import * as ops from '../src/shared/assistant/operations';
import { DEMO_ACCOUNTS } from '../src/shared/demoAccounts';
import { HOME_WIDGETS, type HomeOverview } from '../src/shared/http/home.schemas';
import type { VideoListResponse } from '../src/shared/http/videos.schemas';
import { QUESTION_SET } from '../tests/unit/server/assistant/questionSet';
import { benchWorkspaceOnBoth } from './benchPostgres';
import { recordedSeed } from './benchWorkspace';
import { median, ms, percentile } from './benchStats';
import { coldListQueries, coldSearchQueries, warmUpQueries, type ListQuery } from './videoBenchQueries';

const SIZES = (process.env.REELSCOPE_BENCH_TEAM_SIZES ?? '10000,100000').split(',').map(Number);
/**
 * Samples of a list, search or assistant kind, each its own text or filters (fewer where a kind has fewer distinct
 * texts: the 49 product and creator names). The p95 of 200 is the tenth slowest: of 60 it was the third, which one
 * collection of a 100k heap or one compilation set on its own, moving a kind's growth by half from run to run.
 */
const SAMPLES = 200;
/**
 * Requests of a millisecond or two (home's widgets, a report's figures) are measured as homeQueries.bench.ts measures
 * them: the median of ROUNDS rounds' p95, each round of ROUND_SAMPLES. At that size a few collections of a bigger heap
 * inside one series double its p95.
 */
const ROUNDS = 5;
const ROUND_SAMPLES = 200;
const WARM_UP = 5;
const TARGET_P95_MS = 50;
const ASSISTANT_TARGET_MS = 300;
const TARGET_RATIO = 2;
const SEED = 20261126;
const DURATIONS = ['1m', '3m', '6m', '1y', 'all_dates'] as const;
const ROUND_TRIPS = 200;

/** One size's figures of a kind: p95 per engine, and PostgreSQL statements per request. */
interface Figures { sqlite: number; postgres: number; target: number; statements: number }

/** Counts the statements sent through a pool's connections (pool.query sends through one too). */
function countStatements(pool: PostgresPool): { count: () => number } {
  let sent = 0;
  pool.on('acquire', (client) => {
    const counted = client as unknown as { benchCounted?: boolean; query: (...args: unknown[]) => unknown };
    if (counted.benchCounted) return;
    counted.benchCounted = true;
    const clientQuery = client.query.bind(client) as (...args: unknown[]) => unknown;
    counted.query = (...args) => (sent++, clientQuery(...args));
  });
  return { count: () => sent };
}

interface Side {
  engine: 'sqlite' | 'postgres';
  app: FastifyInstance;
  jwt: string;
  brandId: string;
  userId: string;
  competitors: string[];
  conversation: string;
  report: string;
  close: () => Promise<void>;
}

/** One request kind: the request of sample `i` on a side (each sample asks something else). */
interface Kind {
  name: string;
  target: number;
  /** Rounds of `samples` requests, the kind's p95 the median of the rounds' (searches: one round of SAMPLES cold texts). */
  rounds: number;
  samples: number;
  request: (side: Side, i: number) => Promise<void>;
}

async function inject(side: Side, method: 'GET' | 'POST', url: string, payload?: object): Promise<string> {
  const response = await side.app.inject({ method, url, headers: { authorization: `Bearer ${side.jwt}` }, ...(payload ? { payload } : {}) });
  if (response.statusCode !== 200 && response.statusCode !== 201) throw new Error(`${side.engine} ${url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  return response.body;
}

const listUrl = (side: Side, query: ListQuery) =>
  `/jwt_api/videos?${new URLSearchParams({ brand_id: side.brandId, user_id: side.userId, ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) })}`;

async function signIn(engine: Side['engine'], app: FastifyInstance, close: () => Promise<void>): Promise<Side> {
  const login = (await app.inject({ method: 'POST', url: '/jwt_api/login', payload: DEMO_ACCOUNTS.brandManager })).json() as {
    jwt: string; currentBrand: { _id: string }; currentUser: { _id: string };
  };
  const side: Side = { engine, app, jwt: login.jwt, brandId: login.currentBrand._id, userId: login.currentUser._id, competitors: [], conversation: '', report: '', close };
  const overview = JSON.parse(await inject(side, 'GET', '/jwt_api/home')) as HomeOverview;
  side.competitors = overview.brands.map((brand) => brand.id).filter((id) => id !== side.brandId);
  const gql = JSON.parse(await inject(side, 'POST', '/graphql', { query: ops.CREATE_CONVERSATION, variables: { brandId: side.brandId } })) as { data: { createConversation: { _id: string } } };
  side.conversation = gql.data.createConversation._id;
  const report = JSON.parse(await inject(side, 'POST', `/jwt_api/reports?brand_id=${side.brandId}&user_id=${side.userId}`, {
    brand_id: side.brandId, user_id: side.userId, type: 'custom', title: 'Bench: team server', duration: '1y',
    metrics: ['kpis', 'engagement', 'sentiment', 'top_products', 'demographics', 'benchmark', 'word_cloud', 'trending', 'creators', 'videos'],
  })) as { _id: string };
  side.report = report._id;
  return side;
}

function kinds(options: VideoListResponse['data']['filters']): Kind[] {
  const count = WARM_UP + SAMPLES;
  const lists = coldListQueries(options, count, SEED);
  const searches = coldSearchQueries(options, count, SEED);
  const search = (name: string, queries: ListQuery[]): Kind => ({
    name, target: TARGET_P95_MS, rounds: 1, samples: Math.min(SAMPLES, queries.length - WARM_UP), request: async (side, i) => void (await inject(side, 'GET', listUrl(side, queries[i] ?? {}))),
  });
  const home = (widget: string): Kind => ({
    name: `home ${widget || 'overview'}`,
    target: TARGET_P95_MS,
    rounds: ROUNDS,
    samples: ROUND_SAMPLES,
    request: async (side, i) => {
      const shown = i % 3 === 0 ? side.competitors[i % Math.max(1, side.competitors.length)] : undefined;
      const query = new URLSearchParams({ duration: DURATIONS[i % DURATIONS.length] ?? '1y', ...(shown ? { competitors_brands: shown } : {}) });
      await inject(side, 'GET', `/jwt_api/home${widget ? `/${widget}` : ''}?${query}`);
    },
  });
  return [
    search('list page', lists),
    search('search: one word', searches['one word']),
    search('search: two words', searches['two-word phrase']),
    search('search: a product or creator name', searches.name),
    ...['', ...HOME_WIDGETS].map(home),
    { name: 'report figures', target: TARGET_P95_MS, rounds: ROUNDS, samples: ROUND_SAMPLES, request: async (side) => void (await inject(side, 'GET', `/jwt_api/reports/${side.report}/figures?brand_id=${side.brandId}&user_id=${side.userId}`)) },
    {
      name: 'assistant answer',
      target: ASSISTANT_TARGET_MS,
      rounds: 1,
      samples: SAMPLES,
      request: async (side, i) => {
        const item = QUESTION_SET[i % QUESTION_SET.length];
        if (!item) return;
        const variables = { brandId: side.brandId, conversationId: side.conversation, duration: item.duration, userMessage: { content: item.question, role: 'user' } };
        const body = JSON.parse(await inject(side, 'POST', '/graphql', { query: ops.ASK_REELSCOPE, variables })) as { data?: { askReelscope: AssistantMessage }; errors?: unknown };
        if (!body.data) throw new Error(`${side.engine} assistant: ${JSON.stringify(body.errors)}`);
      },
    },
  ];
}

/** p50 and p95 of a bare round trip to the cluster. */
async function roundTrip(pool: PostgresPool): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < ROUND_TRIPS; i++) {
    const begun = performance.now();
    await pool.query('SELECT 1');
    times.push(performance.now() - begun);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** What a size's process tells the bench: its move, its kinds, one timed request, its round trips. */
type Reply =
  | { type: 'moved'; move: { seconds: number; rows: number } }
  | { type: 'ready'; kinds: Omit<Kind, 'request'>[] }
  | { type: 'timed'; times: number[]; statements: number }
  | { type: 'trip'; p50: number; p95: number }
  | { type: 'closed' }
  | { type: 'failed'; message: string };
/** What the bench asks a size's process. */
type Ask = { type: 'open' } | { type: 'block'; kind: number; samples: number[]; engine: Side['engine'] } | { type: 'roundTrip' } | { type: 'close' };

const SIZE_FLAG = '--team-server-size';

/**
 * In a size's own process: moves the cached workspace of `videos` videos into the cluster at `clusterUrl`, then, when
 * asked, opens it on both engines, signs in on each, warms up and answers the bench's requests one at a time, timing
 * each itself (the IPC hop is not in the figure).
 */
async function serveSize(videos: number, clusterUrl: string): Promise<void> {
  const send = (reply: Reply): void => void process.send?.(reply);
  const workspace = await benchWorkspaceOnBoth({ url: clusterUrl }, videos);
  const { dataDir, db, pool } = workspace;
  const sides: Side[] = [];
  let sizeKinds: Kind[] = [];
  const statements = countStatements(pool);
  const open = async (): Promise<void> => {
    const jwtSecret = randomBytes(64);
    const sqliteApp = await buildApp({ db, jwtSecret, dataDir });
    sides.push(await signIn('sqlite', sqliteApp, () => sqliteApp.close()));
    const postgresApp = await buildApp({ sql: createPostgresClient(pool), jwtSecret, dataDir });
    sides.push(await signIn('postgres', postgresApp, () => postgresApp.close()));
    // The first answer loads each index (a start's cost, coldStart.bench.ts's figure), then the kinds are measured.
    const first = sides[0] as Side;
    const options = (JSON.parse(await inject(first, 'GET', listUrl(first, {}))) as VideoListResponse).data.filters;
    await inject(sides[1] as Side, 'GET', listUrl(sides[1] as Side, {}));
    // Unmeasured requests warm the JIT as videoQueries.bench.ts's do: every sort and filter family of the list, and
    // phrases of three to five words, which run the code a product name's triples run. Without them the first samples
    // paid compilation (a start's cost, which coldStart.bench.ts measures): 8 ms for the first product name at 100k,
    // 15–25 ms for the first lists.
    const warmUps = [...warmUpQueries(options), ...coldSearchQueries(options, WARM_UP, SEED + 1)['phrase of 3-5 words']];
    for (const query of warmUps) for (const side of sides) await inject(side, 'GET', listUrl(side, query));
    sizeKinds = kinds(options);
    // The move and the loads leave garbage behind: collected now (node runs with --expose-gc), as videoQueries.bench.ts
    // does before measuring, so the one-time work is not paid inside the measured kinds.
    global.gc?.();
  };
  const answer = async (ask: Ask): Promise<Reply> => {
    switch (ask.type) {
      case 'open':
        await open();
        return { type: 'ready', kinds: sizeKinds.map(({ name, target, rounds, samples }) => ({ name, target, rounds, samples })) };
      case 'block': {
        const kind = sizeKinds[ask.kind];
        const side = sides.find((candidate) => candidate.engine === ask.engine);
        if (!kind || !side) throw new Error(`no kind ${ask.kind} on ${ask.engine}`);
        const before = statements.count();
        const times: number[] = [];
        for (const i of ask.samples) {
          const begun = performance.now();
          await kind.request(side, i);
          times.push(performance.now() - begun);
        }
        return { type: 'timed', times, statements: statements.count() - before };
      }
      case 'roundTrip':
        return { type: 'trip', ...(await roundTrip(pool)) };
      case 'close':
        for (const side of sides) await side.close();
        await workspace.close();
        return { type: 'closed' };
    }
  };
  process.on('message', (ask: Ask) => {
    answer(ask).then(
      // Once closed, the process ends as soon as the reply is out (a timer a library left must not keep it alive).
      (reply) => void process.send?.(reply, () => reply.type === 'closed' && process.exit(0)),
      (error: unknown) => send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    );
  });
  send({ type: 'moved', move: workspace.move });
}

const sizeAt = process.argv.indexOf(SIZE_FLAG);
if (sizeAt >= 0) await serveSize(Number(process.argv[sizeAt + 1]), process.argv[sizeAt + 2] ?? '');

/** A size's process seen from the bench: its videos, its move and kinds once known, and a call that awaits one reply. */
interface SizeProcess {
  videos: number;
  move: { seconds: number; rows: number };
  kinds: Omit<Kind, 'request'>[];
  call: <T extends Reply['type']>(ask: Ask, expect: T) => Promise<Extract<Reply, { type: T }>>;
  child: ChildProcess;
}

/** The next reply of a size's process, of type `expect`; rejects on a failure it reports or on its exit. */
function nextReply<T extends Reply['type']>(child: ChildProcess, videos: number, expect: T): Promise<Extract<Reply, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (reply: Reply): void => {
      cleanUp();
      if (reply.type === expect) resolve(reply as Extract<Reply, { type: T }>);
      else reject(new Error(`the ${videos} video process answered ${reply.type === 'failed' ? reply.message : reply.type}, not ${expect}`));
    };
    const onExit = (code: number | null): void => {
      cleanUp();
      reject(new Error(`the ${videos} video process exited (${code}) before answering ${expect}`));
    };
    const cleanUp = (): void => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

/** Starts the process of one size and waits until it has moved its workspace into the cluster. */
async function startSize(videos: number, clusterUrl: string): Promise<SizeProcess> {
  const child = fork(fileURLToPath(import.meta.url), [SIZE_FLAG, String(videos), clusterUrl], { execArgv: process.execArgv, stdio: 'inherit' });
  const moved = await nextReply(child, videos, 'moved');
  return {
    videos,
    move: moved.move,
    kinds: [],
    child,
    call: (ask, expect) => {
      const reply = nextReply(child, videos, expect);
      child.send(ask);
      return reply;
    },
  };
}

/**
 * Consecutive samples a side answers, back to back in its own process, before the next side's turn: its requests
 * follow one another as they did when one size was measured alone (and as under a team's steady use), the bench's
 * message to the process costs one hop per block rather than per request, and each block lasting a tenth of a second
 * to a second, a slower minute of the machine still lands on every side.
 */
const BLOCK = 40;
/**
 * Turns each side takes at least in a series: a kind of few samples (the 44 names) in blocks of 40 took two turns per
 * side, one slower half second then set one side's p95 alone (a name's growth 2.8 in one run of seven, 0.9–1.8 in the
 * others).
 */
const MIN_TURNS = 8;

/**
 * Sample indices from `first` to `last` (exclusive) in blocks: the warm-up samples one block, then BLOCK at a time,
 * or fewer, so that the measured samples take at least MIN_TURNS blocks.
 */
function blocksOf(first: number, last: number): number[][] {
  const size = Math.max(1, Math.min(BLOCK, Math.ceil((last - WARM_UP) / MIN_TURNS)));
  const blocks: number[][] = [];
  for (let start = first; start < last; ) {
    const end = start < WARM_UP ? WARM_UP : Math.min(last, start + size);
    blocks.push(Array.from({ length: end - start }, (_, j) => start + j));
    start = end;
  }
  return blocks;
}

/**
 * Every kind's p95 per size and engine. Each size runs in a process of its own (its heap and collections its own, as
 * a server's are), and the four sides (two sizes, two engines) take turns block by block (BLOCK), one side at a
 * time, each block begun by another side than the last: a slower minute of the machine lands on every side of every
 * ratio, the growth's two sizes included. Measured one size after the other, minutes apart, one size met a slower
 * minute alone: on this machine the same 10k home widget took 0.75 ms in one run and 1.5 ms half an hour later, and a
 * kind's growth moved between 1.5 and 2.3 from run to run.
 */
async function measureAll(sizes: readonly SizeProcess[]): Promise<Map<number, Map<string, Figures>>> {
  const bySize = new Map(sizes.map((size) => [size.videos, new Map<string, Figures>()]));
  const engines: Side['engine'][] = ['sqlite', 'postgres'];
  const turns = sizes.flatMap((size, s) => engines.map((engine) => ({ size, s, engine })));
  const kindCount = Math.min(...sizes.map((size) => size.kinds.length));
  for (let k = 0; k < kindCount; k++) {
    const kindOf = (size: SizeProcess): Omit<Kind, 'request'> => size.kinds[k] as Omit<Kind, 'request'>;
    const rounds = kindOf(sizes[0] as SizeProcess).rounds;
    const p95s = turns.map(() => [] as number[]);
    const sent = sizes.map(() => 0);
    for (let round = 0; round < rounds; round++) {
      const times = turns.map(() => [] as number[]);
      const last = WARM_UP + Math.max(...sizes.map((size) => kindOf(size).samples));
      const blocks = blocksOf(round === 0 ? 0 : WARM_UP, last);
      for (const [b, block] of blocks.entries()) {
        for (let t = 0; t < turns.length; t++) {
          const turn = (b + t) % turns.length;
          const { size, s, engine } = turns[turn] as (typeof turns)[number];
          const samples = block.filter((i) => i < WARM_UP + kindOf(size).samples);
          if (samples.length === 0) continue;
          const timed = await size.call({ type: 'block', kind: k, samples, engine }, 'timed');
          // The warm-up samples (round 0's first block) are sent, not counted.
          if ((samples[0] ?? 0) < WARM_UP) continue;
          times[turn]?.push(...timed.times);
          sent[s] = (sent[s] ?? 0) + timed.statements;
        }
      }
      times.forEach((series, turn) => p95s[turn]?.push(percentile(series, 95)));
    }
    sizes.forEach((size, s) => {
      const of = (engine: Side['engine']) => median(p95s[turns.findIndex((turn) => turn.size === size && turn.engine === engine)] ?? []);
      const kind = kindOf(size);
      bySize.get(size.videos)?.set(kind.name, { sqlite: of('sqlite'), postgres: of('postgres'), target: kind.target, statements: (sent[s] ?? 0) / (kind.rounds * kind.samples) });
    });
  }
  return bySize;
}

export async function run(): Promise<void> {
  const cluster = await startPgCluster();
  const sizes: SizeProcess[] = [];
  try {
    // Each size's process seeds its workspace if none is cached and reads it into the page cache (benchDataDir), then
    // moves it. One size after the other (they would share the two cores), and every size moved before any signs in:
    // the 100k move outlasts much of a token's 15 minutes on a busy machine.
    for (const videos of SIZES) sizes.push(await startSize(videos, cluster.url));
    for (const size of sizes) size.kinds = (await size.call({ type: 'open' }, 'ready')).kinds;
    const bySize = await measureAll(sizes);
    let trip = { p50: 0, p95: 0 };
    for (const size of sizes) {
      const { p50, p95 } = await size.call({ type: 'roundTrip' }, 'trip');
      trip = { p50, p95 };
      console.log(`  ${size.videos} videos: one PostgreSQL round trip (SELECT 1) p50 ${ms(p50)}, p95 ${ms(p95)}`);
    }
    console.log('\n  time to seed and to move (REELSCOPE_SEED=1 on PostgreSQL is the seed, then the move)');
    for (const { videos, move } of sizes) {
      const seed = recordedSeed(videos);
      const seeded = seed
        ? `seed ${seed.seconds.toFixed(1)} s (measured when the cached workspace was seeded, ${seed.seededAt}, schema ${seed.schema}; ${seed.source})`
        : 'seed time not recorded (the cached workspace predates seed-time.json: delete it to seed and measure again)';
      console.log(`  ${videos} videos: ${seeded}; move into PostgreSQL ${move.seconds.toFixed(1)} s, ${move.rows.toLocaleString('en-US')} rows (this run)`);
    }
    const smallest = bySize.get(Math.min(...SIZES));
    const largest = Math.max(...SIZES);
    console.log(`\n  p95 per request kind (home widgets and report figures: median of ${ROUNDS} rounds of ${ROUND_SAMPLES}; PostgreSQL beside SQLite; targets at ${largest} videos: ≤ target, ≤ ${TARGET_RATIO}× the smaller size, ≤ ${TARGET_RATIO}× SQLite)`);
    let misses = 0;
    let boundByTrips = 0;
    for (const [name, figures] of bySize.get(largest) ?? []) {
      const small = smallest?.get(name);
      const growth = small && largest !== Math.min(...SIZES) ? figures.postgres / small.postgres : 1;
      const versus = figures.postgres / figures.sqlite;
      const pass = figures.postgres <= figures.target && growth <= TARGET_RATIO && versus <= TARGET_RATIO;
      if (!pass) misses += 1;
      // Missing only the ratio, by no more than its statements' round trips: the hops, not the work.
      const tripBound = !pass && figures.postgres <= figures.target && growth <= TARGET_RATIO && figures.postgres - figures.sqlite <= figures.statements * trip.p95;
      if (tripBound) boundByTrips += 1;
      const sizes = [...bySize].map(([videos, of]) => `${videos}: sqlite ${ms(of.get(name)?.sqlite ?? NaN)}, postgres ${ms(of.get(name)?.postgres ?? NaN)} (${(of.get(name)?.statements ?? NaN).toFixed(1)} stmts)`).join(' | ');
      console.log(`  ${pass ? 'PASS' : 'MISS'} ${name.padEnd(36)} ${sizes} | postgres/sqlite ${versus.toFixed(2)}, growth ${growth.toFixed(2)} (target ${figures.target} ms)${tripBound ? ' [round-trip bound]' : ''}`);
    }
    console.log(`\n  ${misses === 0 ? 'every kind meets its targets' : `${misses} kind(s) miss a target`}`);
    if (boundByTrips > 0) {
      console.log(`  ${boundByTrips} of them miss only the ×${TARGET_RATIO}-SQLite ratio, by less than their statements' round trips (p95 ${ms(trip.p95)} each here):`);
      console.log('  an embedded SQLite answers those in-process, a database server cannot without the hops.');
    }
  } finally {
    for (const size of sizes) {
      if (size.child.exitCode !== null) continue;
      await size.call({ type: 'close' }, 'closed').catch(() => size.child.kill());
    }
    await cluster.stop();
  }
}
