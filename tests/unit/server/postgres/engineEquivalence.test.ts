/**
 * Issue 27, "Done when": the same demo workspace on SQLite and on PostgreSQL answers the same. One seed (fixed scale,
 * creation day and clock) goes into a SQLite file; the move command's own code copies it into a throwaway PostgreSQL
 * database; two back ends (one per engine, the same JWT secret, data folder and clock) listen on loopback; then a
 * seeded pseudo-random stream of list, filter, sort, transcript-search, detail, home-widget, report, creator, product
 * and assistant requests goes to both, and every JSON answer must be identical.
 *
 * Normalised, because it is legitimately different: only the ids the two back ends generate for what this test
 * creates (reports, conversations, messages), mapped from one engine's to the other's. Numbers are compared exactly;
 * see `sameNumber` in support/answerDiff.ts for the one tolerance (a float's last bits) and where it is reported.
 *
 * EQUIVALENCE_SEED, EQUIVALENCE_REQUESTS and EQUIVALENCE_SCALE change the stream and the workspace for a longer look
 * (e.g. `EQUIVALENCE_SEED=9 EQUIVALENCE_REQUESTS=800 EQUIVALENCE_SCALE=0.4`); unset, every run sends the same requests.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../../src/server/app';
import { openDatabase } from '../../../../src/server/db/database';
import type { SqliteDatabase } from '../../../../src/server/db/database';
import { moveTables } from '../../../../src/server/db/move/moveTables';
import { openPostgresDatabase } from '../../../../src/server/db/postgres/database';
import type { PostgresPool } from '../../../../src/server/db/postgres/pool';
import { createPostgresClient } from '../../../../src/server/db/postgres/postgresClient';
import { seedDemoWorkspace } from '../../../../src/server/seed/index';
import * as ops from '../../../../src/shared/assistant/operations';
import { DATE_RANGES, PAGE_SIZES, PLATFORMS, VIDEO_SORTS, VIDEO_TABS, VIEW_THRESHOLDS, SUBSCRIBER_THRESHOLDS, PRODUCT_TABS, REPORT_REASONS, PRODUCT_SORTS, CREATOR_TABS, AGE_RANGES, GENDERS, ETHNICITIES } from '../../../../src/shared/constants';
import { DEMO_ACCOUNTS } from '../../../../src/shared/demoAccounts';
import { CREATOR_SORTS } from '../../../../src/shared/http/creators.schemas';
import { HOME_WIDGETS } from '../../../../src/shared/http/home.schemas';
import { REPORT_METRICS } from '../../../../src/shared/http/reports.schemas';
import { QUESTION_SET } from '../assistant/questionSet';
import { GeneratedIds, differences, prng } from './support/answerDiff';
import { usePgTestCluster } from './support/pgTestCluster';
import { workspaceVocabulary, type Vocabulary } from './support/workspaceVocabulary';

const NOW = '2026-11-22T10:00:00.000Z';
const SCALE = Number(process.env.EQUIVALENCE_SCALE ?? 0.1);
const REQUESTS = Number(process.env.EQUIVALENCE_REQUESTS ?? 240);

const pgCluster = usePgTestCluster();

interface Backend {
  name: 'sqlite' | 'postgres';
  app: FastifyInstance;
  url: string;
  jwt: string;
}

interface Answer {
  status: number;
  body: unknown;
}

let work: string;
let sqlite: SqliteDatabase;
let pool: PostgresPool;
let backends: [Backend, Backend];
let identity: { brand_id: string; user_id: string };

async function signIn(app: FastifyInstance, name: Backend['name']): Promise<Backend> {
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const response = await fetch(`${url}/jwt_api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_ACCOUNTS.brandManager) });
  const body = (await response.json()) as { jwt: string; currentUser: { _id: string }; currentBrand: { _id: string } };
  identity = { brand_id: body.currentBrand._id, user_id: body.currentUser._id };
  return { name, app, url, jwt: body.jwt };
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'reelscope-equivalence-'));
  sqlite = openDatabase(join(work, 'reelscope.sqlite'));
  await seedDemoWorkspace(sqlite, { mediaDir: join(work, 'media'), scale: SCALE, creatorScale: 0.1, createdAt: new Date(NOW) });
  const url = await pgCluster.createDatabase();
  pool = await openPostgresDatabase(url);
  await moveTables(sqlite, pool, url);
  backends = await startBackends();
}, 180_000);

const jwtSecret = randomBytes(64);

/**
 * A back end on each engine, signed in. The same secret, data folder (media secret) and clock: tokens, signed media
 * URLs and date windows agree. Each builds its list index from its own database (snapshot and change log).
 */
async function startBackends(): Promise<[Backend, Backend]> {
  const shared = { jwtSecret, dataDir: work, now: () => new Date(NOW) };
  const onSqlite = await buildApp({ ...shared, db: sqlite });
  const onPostgres = await buildApp({ ...shared, sql: createPostgresClient(pool) });
  return [await signIn(onSqlite, 'sqlite'), await signIn(onPostgres, 'postgres')];
}

afterAll(async () => {
  for (const backend of backends ?? []) await backend.app.close();
  await pool?.end();
  sqlite?.close();
  rmSync(work, { recursive: true, force: true });
});

const random = prng(Number(process.env.EQUIVALENCE_SEED ?? 27));
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const some = <T>(items: readonly T[], most = 3): T[] => [...new Set(Array.from({ length: 1 + Math.floor(random() * most) }, () => pick(items)))];
const chance = (p: number) => random() < p;

function queryString(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...identity, ...query })) {
    if (value === undefined) continue;
    params.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return params.toString();
}

async function ask(backend: Backend, method: string, path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${backend.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${backend.jwt}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
}

/** Ids the back ends generated for what the test creates, and ids of the seeded workspace (never mapped). */
const seededIds = new Set<string>();
const generatedIds = new GeneratedIds(seededIds);
/** Numbers that differ only in a float's last bits, with where: reported, not failed (answerDiff.ts). */
const floatNearMisses: string[] = [];

const mismatches: string[] = [];
let compared = 0;
/** Answers by status, and transcript searches that found videos: the requests must mostly ask something answerable. */
const statuses = new Map<number, number>();
let transcriptHits = 0;
let transcriptSearches = 0;
const kinds = new Map<string, number>();

/** Records any difference between the two answers to one request (PostgreSQL's generated ids mapped first). */
function compare(kind: string, what: string, answers: [Answer, Answer], normalise: (body: unknown) => unknown = (body) => body): void {
  const found: string[] = [];
  if (answers[0].status !== answers[1].status) found.push(`status ${answers[0].status} vs ${answers[1].status}`);
  differences(normalise(answers[0].body), normalise(generatedIds.unmap(answers[1].body)), '$', found, floatNearMisses);
  if (found.length > 0) mismatches.push(`${what}\n    ${found.join('\n    ')}`);
  compared += 1;
  kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  statuses.set(answers[0].status, (statuses.get(answers[0].status) ?? 0) + 1);
  if (/search_in=transcript/.test(what)) transcriptSearches += 1;
  if (/search_in=transcript/.test(what) && ((answers[0].body as { data?: { count?: number } }).data?.count ?? 0) > 0) transcriptHits += 1;
}

/** Sends one request to both back ends and records any difference; answers both answers. */
async function both(kind: string, method: string, path: string, body?: unknown, normalise?: (body: unknown) => unknown): Promise<[Answer, Answer]> {
  const answers: [Answer, Answer] = [await ask(backends[0], method, path, body), await ask(backends[1], method, path, body)];
  compare(kind, `${method} ${decodeURIComponent(path)}${body ? ` ${JSON.stringify(body)}` : ''}`, answers, normalise);
  return answers;
}

function get(kind: string, path: string, query: Record<string, unknown> = {}): Promise<[Answer, Answer]> {
  return both(kind, 'GET', `${path}?${queryString(query)}`);
}

// ----- the requests -----

function dateQuery(): Record<string, string> {
  const date = pick(DATE_RANGES);
  if (date !== 'custom') return { date };
  const start = new Date(Date.parse(NOW) - Math.floor(random() * 400) * 86_400_000);
  const end = new Date(start.getTime() + Math.floor(random() * 200) * 86_400_000);
  return { date, start_date: start.toISOString().slice(0, 10), end_date: end.toISOString().slice(0, 10) };
}

function videoFilters(v: Vocabulary): Record<string, unknown> {
  const filters: Record<string, unknown> = {};
  const families: (() => void)[] = [
    () => (filters.platform = some(PLATFORMS, 2)),
    () => (filters.language = some(v.languages, 2)),
    () => (filters.category = some(v.categories, 2)),
    () => (filters.scene = some(v.scenes, 2)),
    () => (filters.pov = some(v.povs, 2)),
    () => (filters.audio_labels = some(v.audioLabels, 2)),
    () => (filters.influencer = some(v.creatorIds, 3)),
    () => (filters.product = some(v.productIds, 3)),
    () => (filters.brand = some(v.brandIds, 2)),
    () => (filters.views = { radio: pick(['gte', 'lte'] as const), value: pick(VIEW_THRESHOLDS) }),
    () => (filters.sponsored = { sponsorship: pick([true, false, null]), sponsored_by: [] }),
    () => (filters.note = { values: some(['has_note', 'no_note'] as const, 1), text: '' }),
    () => (filters.demographic = { age_range: some(AGE_RANGES, 2), gender: chance(0.5) ? some(GENDERS, 1) : [], ethnicity: chance(0.3) ? some(ETHNICITIES, 1) : [] }),
    () => (filters.brand_safety = { visual_content: [], foul_language: [] }),
  ];
  for (const family of some(families, 3)) family();
  return filters;
}

/** Words no seeded transcript says, written into a few transcripts during the test. */
const NEW_WORDS = ['zebraquasar', 'nebulous', 'Ölfarbe', '東京タワー', '夜景の街', 'ab'];

/** Text where two engines' rules part: LIKE's wildcards and escape, quotes, accents, case outside ASCII, ligatures. */
const TRICKY = ['%', '_', '50%', 'a_b', '\\', "it's", '"glow"', 'crème', 'CRÈME', 'Über', 'über', 'ÉTÉ', 'İstanbul', 'straße', 'STRASSE', 'ﬁ', 'ǅ', '😀', 'é', 'e\u0301'];

function searchTerm(v: Vocabulary): { search: string; search_in: 'title' | 'transcript' } {
  const kind = pick(['word', 'pair', 'product', 'nonLatin', 'short', 'title', 'missing', 'tricky', 'shouted'] as const);
  const search = {
    word: () => pick(v.words),
    pair: () => pick(v.pairs),
    product: () => pick(v.productNames.filter((name) => name.split(' ').length >= 3).concat(v.productNames).slice(0, 40)),
    nonLatin: () => pick(v.nonLatin.length > 0 ? v.nonLatin : v.words),
    short: () => pick(v.shortTerms),
    title: () => pick(v.titleParts),
    missing: () => 'zqxjv nothing',
    // LIKE's wildcards and escape, quotes, accents and case outside ASCII: where two engines' text rules part.
    tricky: () => pick(TRICKY),
    shouted: () => pick(v.words).toUpperCase(),
  }[kind]();
  return { search, search_in: kind === 'title' || chance(0.2) ? 'title' : 'transcript' };
}

function videoListQuery(v: Vocabulary): Record<string, unknown> {
  const query: Record<string, unknown> = {
    tab: chance(0.7) ? pick(['My Videos', 'Competition'] as const) : pick(VIDEO_TABS),
    sort: chance(0.3) ? 'created_at' : pick(VIDEO_SORTS),
    desc: chance(0.5),
    per_page: pick(PAGE_SIZES.slice(0, 3)),
    page: 1 + Math.floor(random() * 3),
  };
  // A search mostly alone, so it finds something; filters and windows mostly without one.
  const searched = chance(0.5);
  if (searched) Object.assign(query, searchTerm(v));
  if (chance(searched ? 0.2 : 0.6)) query.filters = videoFilters(v);
  if (chance(searched ? 0.2 : 0.6)) Object.assign(query, dateQuery());
  return query;
}

async function randomRequest(v: Vocabulary): Promise<void> {
  const roll = random();
  if (roll < 0.35) return void (await get('videos list', '/jwt_api/videos', videoListQuery(v)));
  if (roll < 0.42) return void (await get('video ids', '/jwt_api/videos/get_video_ids', videoListQuery(v)));
  if (roll < 0.52) {
    const id = pick(v.videoIds);
    const part = pick(['', '/transcript', '/sentiment', '/product_details', '/people', '/video_associations', '/demographics'] as const);
    const query = part === '/transcript' && chance(0.5) ? { search: searchTerm(v).search } : {};
    return void (await get('video detail', `/jwt_api/videos/${id}${part}`, query));
  }
  if (roll < 0.72) {
    const widget = chance(0.85) ? `/${pick(HOME_WIDGETS)}` : '';
    const query: Record<string, unknown> = { duration: pick(DATE_RANGES.filter((range) => range !== 'custom')) };
    if (chance(0.1)) Object.assign(query, { duration: 'custom', start_date: '2026-03-01', end_date: '2026-09-30' });
    if (chance(0.4)) query.competitors_brands = pick(v.competitorIds);
    if (chance(0.2)) query.platform = pick(PLATFORMS);
    return void (await get('home', `/jwt_api/home${widget}`, query));
  }
  if (roll < 0.80) {
    const ids = chance(0.25);
    return void (await get('creators', ids ? '/jwt_api/influencers/get_influencer_ids' : '/jwt_api/influencers', {
      trending: chance(0.2), validEmail: chance(0.2),
      ...(chance(0.3) ? { filters: { subscribers: { radio: pick(['gte', 'lte'] as const), value: pick(SUBSCRIBER_THRESHOLDS) }, videos: chance(0.5) ? { radio: 'gte', value: Math.floor(random() * 50) } : null } } : {}),
      tab: pick(CREATOR_TABS), sort: pick(CREATOR_SORTS), desc: chance(0.5), page: 1 + Math.floor(random() * 2), per_page: pick(PAGE_SIZES.slice(0, 2)),
      ...(chance(0.4) ? { search: chance(0.7) ? pick(v.titleParts).slice(0, 4) : searchTerm(v).search } : {}), ...(chance(0.3) ? dateQuery() : {}),
    }));
  }
  if (roll < 0.88) {
    return void (await get('products', '/jwt_api/products', {
      tab: pick(PRODUCT_TABS), sort: pick(PRODUCT_SORTS), page: 1, per_page: pick(PAGE_SIZES.slice(0, 2)),
      ...(chance(0.4) ? { search: chance(0.7) ? pick(v.productNames).split(' ')[0] : searchTerm(v).search } : {}),
      ...(chance(0.3) ? { filters: { category: some(v.categories, 1), brand: chance(0.5) ? some(v.brandIds, 1) : [], note: { values: [], text: chance(0.3) ? pick(v.words) : '' } } } : {}),
    }));
  }
  if (roll < 0.90) {
    const id = pick(v.creatorIds);
    const part = pick(['', '/videos', '/products', '/get_list_of_brands_associated_with_creator', '/demographics/', '/sentiment'] as const);
    return void (await get('creator detail', `/jwt_api/influencers/${id}${part}`));
  }
  if (roll < 0.91) {
    // SQL's LIKE on both engines: wildcards, escapes and case outside ASCII meet the product names and hashtags here.
    const q = chance(0.5) ? pick(TRICKY) : pick(v.productNames).slice(0, 1 + Math.floor(random() * 6));
    return void (await get('autocomplete', '/jwt_api/products/autocomplete_product_or_hashtag_list', { q: chance(0.2) ? `#${q}` : q }));
  }
  if (roll < 0.92) {
    const id = pick(v.productIds);
    const part = pick(['', '/videos', '/influencers'] as const);
    return void (await get('product detail', `/jwt_api/products/${id}${part}`));
  }
  if (roll < 0.94) {
    return void (await get('speech passages', '/jwt_api/reports/speech_reports', {
      duration: pick(['3m', '1y', 'all_dates'] as const), highlight: chance(0.7) ? highlight(v) : '', cluster: pick(['video', 'creator'] as const), page: 1,
    }));
  }
  return void (await get('report preview', '/jwt_api/reports/figures', { definition: reportDefinition(v) }));
}

/** One write on both back ends: marks, notes in any script, trash; the reads after it must still agree. */
async function randomWrite(v: Vocabulary): Promise<void> {
  const video_ids = some(v.videoIds, 3);
  const competitors = chance(0.5);
  const ofOneKind = some(competitors ? v.competitorVideoIds : v.ownVideoIds, 3);
  const write = pick([
    () => ['POST', '/jwt_api/videos/favorite_videos', { video_ids }],
    () => ['POST', '/jwt_api/videos/unfavorite_videos', { video_ids }],
    () => ['POST', '/jwt_api/videos/flag_videos', { video_ids, reason: pick(REPORT_REASONS) }],
    () => ['POST', '/jwt_api/videos/trash_videos', { videos: ofOneKind.map((video_id) => ({ video_id, manufacturer_ids: [] })), competitors }],
    () => ['POST', '/jwt_api/videos/untrash_videos', { video_ids: ofOneKind, competitors }],
    () => ['PUT', `/jwt_api/videos/${video_ids[0]}/video_note`, { content: chance(0.2) ? '' : `${pick(v.words)} ${pick(v.nonLatin.length > 0 ? v.nonLatin : v.words)} ✓` }],
    () => ['PUT', `/jwt_api/products/${pick(v.productIds)}/product_note`, { content: `${pick(v.words)} note` }],
    // Titles and creator names written through the API (a creator is found again by its name in any ASCII case).
    () => ['PUT', `/jwt_api/videos/${pick(v.ownVideoIds)}/update_video_title_and_creator_name`, {
      title: `${pick(v.words)} ${pick(TRICKY)} ${pick(v.nonLatin.length > 0 ? v.nonLatin : v.words)}`,
      ...(chance(0.5) ? { creator_name: pick(['Émile Été', 'ÉMILE ÉTÉ', 'émile été', 'Zoë Ünal', 'ZOË ÜNAL', 'zoe unal', 'Ana Lee', 'ANA LEE']) } : {}),
    }],
  ] as const)() as [string, string, Record<string, unknown>];
  const [method, path, body] = write;
  const answers: [Answer, Answer] = [await ask(backends[0], method, path, { ...identity, ...body }), await ask(backends[1], method, path, { ...identity, ...body })];
  generatedIds.learn(answers[0].body, answers[1].body);
  compare('write', `${method} ${path} ${JSON.stringify(body)}`, answers);
}

/** A speech report's highlight (at least 3 characters): a word, a pair, a word in another script, or tricky text. */
function highlight(v: Vocabulary): string {
  const text = pick([() => pick(v.words), () => pick(v.pairs), () => pick(v.nonLatin.length > 0 ? v.nonLatin : v.words), () => pick(TRICKY)])();
  return [...text].length >= 3 ? text : pick(v.words);
}

function reportDefinition(v: Vocabulary): Record<string, unknown> {
  const type = pick(['demographic', 'sentiment', 'engagement', 'speech', 'custom'] as const);
  return {
    type,
    title: `Equivalence ${type}`,
    duration: pick(['1m', '3m', '6m', '1y', 'all_dates'] as const),
    comparison: pick(['previous', 'none'] as const),
    filters: {
      platform: chance(0.3) ? some(PLATFORMS, 2) : [],
      category: chance(0.3) ? some(v.categories, 1) : [],
      product: chance(0.3) ? pick(v.productIds) : '',
      competitor_brands: chance(0.3) ? pick(v.competitorIds) : '',
    },
    metrics: type === 'custom' ? some(REPORT_METRICS, 4) : [],
    ...(type === 'speech' && chance(0.7) ? { highlight: highlight(v) } : {}),
  };
}

// ----- the test -----

describe('the same workspace on SQLite and PostgreSQL', () => {
  it('answers every list, filter, search, home, report, creator, product and assistant request identically', async () => {
    const v = workspaceVocabulary(sqlite, identity.brand_id);
    for (const table of ['videos', 'products', 'creators', 'brands', 'users', 'notes']) {
      for (const id of sqlite.prepare(`SELECT id FROM ${table}`).pluck().all() as string[]) seededIds.add(id);
    }
    expect(v.videoIds.length).toBeGreaterThan(20);

    // Report definitions saved through the API on both, then their figures read on both.
    const saved: string[] = [];
    for (let i = 0; i < 6; i++) {
      const body = { ...identity, ...reportDefinition(v) };
      const answers: [Answer, Answer] = [await ask(backends[0], 'POST', '/jwt_api/reports', body), await ask(backends[1], 'POST', '/jwt_api/reports', body)];
      const ids = answers.map((answer) => (answer.body as { _id: string })._id);
      generatedIds.set(ids[1] ?? '', ids[0] ?? '');
      saved.push(ids[0] ?? '');
      compare('report saved', `POST /jwt_api/reports ${JSON.stringify(body)}`, answers);
    }
    for (const sqliteId of saved) {
      const pgId = generatedIds.secondOf(sqliteId);
      // Each back end reads its own id.
      const answers: [Answer, Answer] = [
        await ask(backends[0], 'GET', `/jwt_api/reports/${sqliteId}/figures?${queryString({})}`),
        await ask(backends[1], 'GET', `/jwt_api/reports/${pgId}/figures?${queryString({})}`),
      ];
      expect(answers[0].status).toBe(200);
      compare('report figures', `GET /jwt_api/reports/${sqliteId}/figures`, answers);
    }
    // Saved in the same instant (the fixed clock), the reports tie on their change time and follow their generated
    // ids, which differ by engine: compared in the order of SQLite's ids.
    const byId = (body: unknown) => {
      const list = body as { reports: { _id: string }[] };
      return { ...list, reports: [...list.reports].sort((a, b) => a._id.localeCompare(b._id)) };
    };
    await both('reports list', 'GET', `/jwt_api/reports?${queryString({})}`, undefined, byId);

    // The assistant: one conversation on each, the question set's questions asked on both.
    const gql = (backend: Backend, query: string, variables: Record<string, unknown>) => ask(backend, 'POST', '/graphql', { query, variables });
    const conversations = await Promise.all(backends.map(async (backend) => {
      const created = (await gql(backend, ops.CREATE_CONVERSATION, { brandId: identity.brand_id })).body as { data: { createConversation: { _id: string } } };
      return created.data.createConversation._id;
    }));
    generatedIds.set(conversations[1] ?? '', conversations[0] ?? '');
    for (const item of QUESTION_SET.filter((_, index) => index % 2 === 0)) {
      const answers = await Promise.all(backends.map((backend, index) => gql(backend, ops.ASK_REELSCOPE, {
        brandId: identity.brand_id, conversationId: conversations[index], duration: item.duration, userMessage: { content: item.question, role: 'user' },
      })));
      // The answer's and the question's message ids are generated by each back end.
      const messages = answers.map((answer) => (answer.body as { data?: { askReelscope?: { _id: string; question_id: string } } }).data?.askReelscope);
      generatedIds.set(messages[1]?._id ?? '', messages[0]?._id ?? '');
      generatedIds.set(messages[1]?.question_id ?? '', messages[0]?.question_id ?? '');
      expect((answers[0]?.body as { errors?: unknown }).errors).toBeUndefined();
      compare('assistant', `askReelscope "${item.question}" (${item.duration})`, answers as [Answer, Answer]);
    }

    // The conversation as stored: its messages in order, and the conversation list.
    compare('assistant', 'getMessages', [await gql(backends[0], ops.GET_MESSAGES, { conversationId: conversations[0] }), await gql(backends[1], ops.GET_MESSAGES, { conversationId: conversations[1] })]);
    compare('assistant', 'getConversations', await Promise.all(backends.map((backend) => gql(backend, ops.GET_CONVERSATIONS, { brandId: identity.brand_id }))) as [Answer, Answer]);

    // Transcripts changed on both databases alike (as an analysis writes them): each engine's triggers queue the
    // videos and its term postings take them in incrementally; the searches below look for the new words too.
    for (const [index, id] of v.ownVideoIds.slice(0, 6).entries()) {
      const text = `${NEW_WORDS[index % NEW_WORDS.length]} ${NEW_WORDS[(index + 1) % NEW_WORDS.length]}`;
      sqlite.prepare('UPDATE transcript_lines SET content = ? WHERE video_id = ? AND line_no = 0').run(text, id);
      await pool.query('UPDATE transcript_lines SET content = $1 WHERE video_id = $2 AND line_no = 0', [text, id]);
    }
    for (const word of [...NEW_WORDS, `${NEW_WORDS[0]} ${NEW_WORDS[1]}`]) {
      const [found] = await get('videos list', '/jwt_api/videos', { search: word, search_in: 'transcript', per_page: 25 });
      // A search shorter than 3 characters matches titles and creators only, on both engines (docs/architecture.md).
      if ([...word].length >= 3) expect((found.body as { data: { count: number } }).data.count, word).toBeGreaterThan(0);
    }
    // Inside a word, in another case, without its accents: whatever the engines' folding makes of it, they agree.
    for (const word of ['quasar', 'ZEBRAQUASAR', 'ÖLFARBE', 'olfarbe', 'Olfarbe', 'タワー', 'nebulous olfarbe']) {
      await get('videos list', '/jwt_api/videos', { search: word, search_in: 'transcript', per_page: 25 });
    }
    v.words.push(...NEW_WORDS);
    v.pairs.push(`${NEW_WORDS[0]} ${NEW_WORDS[1]}`, `${NEW_WORDS[2]} ${NEW_WORDS[3]}`);
    v.nonLatin.push('東京タワー', '夜景の街');

    // Reads, then reads between writes: the lists, home and reports follow each engine's change log alike.
    for (let i = 0; i < REQUESTS; i++) {
      if (i >= REQUESTS / 2 && chance(0.25)) await randomWrite(v);
      await randomRequest(v);
    }

    // Started again on the same databases after the writes: each index is rebuilt from its engine's snapshot and
    // change log, and the two still agree.
    for (const backend of backends) await backend.app.close();
    backends = await startBackends();
    for (let i = 0; i < REQUESTS / 4; i++) await randomRequest(v);

    console.info(`compared ${compared} answers: ${[...kinds].map(([kind, n]) => `${kind} ${n}`).join(', ')}; statuses ${[...statuses].map(([status, n]) => `${status}: ${n}`).join(', ')}; ${transcriptHits} of ${transcriptSearches} transcript searches found videos`);
    if (floatNearMisses.length > 0) console.info(`floats equal but for their last bits:\n  ${floatNearMisses.join('\n  ')}`);
    expect(compared).toBeGreaterThanOrEqual(200);
    expect(mismatches, mismatches.slice(0, 15).join('\n')).toEqual([]);
  }, 600_000);
});
