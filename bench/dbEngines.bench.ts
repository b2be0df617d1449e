/**
 * Issue 27 trial: what a query builder (Kysely, one query text for both engines) costs against hand-written SQL, on
 * SQLite (better-sqlite3) and PostgreSQL (pg, a throwaway cluster from scripts/pg-cluster.sh), for three queries that
 * stand for the store layer: a note saved and the notes list read back (a write and a small indexed read), a videos
 * page fetched by its 50 ids (what every list and home widget does after the in-memory index picked the ids), and a
 * per-platform aggregate of a brand's videos since a date (the home kind). Three approaches: hand-written SQL on each
 * driver directly (today's synchronous better-sqlite3 calls), the same SQL through the asynchronous SqlClient both
 * engines answer, and Kysely. Prints each approach's mean time per call (median of ROUNDS spells, approaches taking
 * turns, each round started by another) and its ratio to hand-written SQL on each engine. The
 * answers of every approach are compared first: a fast wrong answer would not count.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { databaseUrl, startPgCluster } from '../scripts/pgCluster';
import { openDatabase } from '../src/server/db/database';
import type { SqliteDatabase } from '../src/server/db/database';
import { openPostgresDatabase } from '../src/server/db/postgres/database';
import type { PostgresPool } from '../src/server/db/postgres/pool';
import { median } from './benchStats';
import type { SqlClient } from '../src/server/db/sqlClient';
import { createSqliteClient } from '../src/server/db/sqliteClient';
import { createPostgresClient } from '../src/server/db/postgres/postgresClient';

const VIDEOS = 20_000;
const CREATORS = 200;
const PAGE = 50;
const ROUNDS = 5;
const NOW = '2026-01-01T00:00:00.000Z';
const PLATFORMS = ['youtube', 'tiktok', 'instagram'] as const;

/** The tables the trial touches, as Kysely sees them. */
interface Db {
  notes: { id: string; kind: string; target_id: string; brand_id: string; user_id: string; content: string; created_at: string; updated_at: string };
  videos: { id: string; brand_id: string; title: string; platform: string; thumbnail_url: string | null; creator_id: string | null; views: number; sentiment_positive: number; created_at: string };
  creators: { id: string; name: string };
}

type Row = Record<string, unknown>;
/** One query of the trial in one approach: call `i` of a run (each call asks something slightly different). */
type Call = (i: number) => Promise<Row[]> | Row[];

const videoId = (n: number) => `video-${String(n).padStart(6, '0')}`;
const brandOf = (n: number) => (n % 4 === 0 ? 'brand-b' : 'brand-a');
const dayOf = (n: number) => new Date(Date.UTC(2025, 0, 1) + (n % 365) * 86_400_000).toISOString();
/** A page of PAGE ids spread over the videos, different for each call. */
const pageIds = (i: number) => Array.from({ length: PAGE }, (_, k) => videoId((i * 7919 + k * 397) % VIDEOS));
const sinceDay = (i: number) => dayOf((i * 31) % 300);

function videoRow(n: number): unknown[] {
  return [videoId(n), brandOf(n), `Video ${n}`, PLATFORMS[n % 3], `https://v.example/${n}`, `https://t.example/${n}.jpg`, `creator-${n % CREATORS}`, (n * 7919) % 1_000_000, (n % 97) / 97, dayOf(n), NOW];
}
const VIDEO_COLUMNS = 'id, brand_id, title, platform, video_url, thumbnail_url, creator_id, views, sentiment_positive, created_at, updated_at';
const WORKSPACE_SQL = `
INSERT INTO users (id, email, password_hash, first_name, last_name, created_at) VALUES ('user-1', 'ana@example.com', 'x', 'Ana', 'Lee', '${NOW}');
INSERT INTO brands (id, name, created_at) VALUES ('brand-a', 'Glow', '${NOW}'), ('brand-b', 'Shine', '${NOW}');`;
const creatorValues = Array.from({ length: CREATORS }, (_, n) =>
  `('creator-${n}', 'brand-a', 'Creator ${n}', '@c${n}', 'youtube', 'US', 'en', ${n * 100}, 3, 'fan', '${NOW}')`).join(',\n');
const CREATORS_SQL = `INSERT INTO creators (id, brand_id, name, handle, platform, country, language, subscribers, video_count, creator_type, created_at) VALUES ${creatorValues};`;

function seedSqlite(db: SqliteDatabase): void {
  const insert = db.prepare(`INSERT INTO videos (${VIDEO_COLUMNS}) VALUES (${VIDEO_COLUMNS.split(',').map(() => '?').join(', ')})`);
  db.transaction(() => {
    db.exec(WORKSPACE_SQL + CREATORS_SQL);
    for (let n = 0; n < VIDEOS; n++) insert.run(...videoRow(n));
  })();
}

async function seedPostgres(pool: PostgresPool): Promise<void> {
  await pool.query(WORKSPACE_SQL + CREATORS_SQL);
  const casts = ['text', 'text', 'text', 'text', 'text', 'text', 'text', 'bigint', 'float8', 'text', 'text'];
  for (let start = 0; start < VIDEOS; start += 5000) {
    const rows = Array.from({ length: Math.min(5000, VIDEOS - start) }, (_, k) => videoRow(start + k));
    const columns = casts.map((_, c) => rows.map((row) => row[c]));
    await pool.query(`INSERT INTO videos (${VIDEO_COLUMNS}) SELECT * FROM unnest(${casts.map((cast, c) => `$${c + 1}::${cast}[]`).join(', ')})`, columns);
  }
  await pool.query('ANALYZE');
}

const NOTES_LIST = `SELECT target_id, content, updated_at FROM notes WHERE brand_id = 'brand-a' AND kind = 'video' ORDER BY updated_at DESC, target_id LIMIT 20`;
const NOTE_UPSERT = (p: (n: number) => string) =>
  `INSERT INTO notes (id, kind, target_id, brand_id, user_id, content, created_at, updated_at) VALUES (${p(1)}, 'video', ${p(2)}, 'brand-a', 'user-1', ${p(3)}, ${p(4)}, ${p(5)})
   ON CONFLICT (kind, target_id, brand_id) DO UPDATE SET content = excluded.content, user_id = excluded.user_id, updated_at = excluded.updated_at`;
const PAGE_SELECT = 'SELECT v.id, v.title, v.platform, v.thumbnail_url, c.name AS creator_name, v.views, v.created_at FROM videos v LEFT JOIN creators c ON c.id = v.creator_id';
const AGGREGATE = (p: (n: number) => string) =>
  `SELECT platform, COUNT(*) AS videos, SUM(views) AS views, AVG(sentiment_positive) AS sentiment FROM videos WHERE brand_id = 'brand-a' AND created_at >= ${p(1)} GROUP BY platform ORDER BY platform`;
const noteAt = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
const noteArgs = (i: number) => [`note-${i}`, videoId(i % 500), `Note ${i}`, noteAt(i), noteAt(i)];
const byId = (rows: Row[]) => [...rows].sort((a, b) => String(a.id).localeCompare(String(b.id)));

/** The three queries, hand-written for better-sqlite3 (the synchronous calls of today's repositories). */
function sqliteHand(db: SqliteDatabase): Record<string, Call> {
  const upsert = db.prepare(NOTE_UPSERT(() => '?'));
  const list = db.prepare(NOTES_LIST);
  const page = db.prepare(`${PAGE_SELECT} WHERE v.id IN (SELECT value FROM json_each(?))`);
  const aggregate = db.prepare(AGGREGATE(() => '?'));
  return {
    notes: (i) => {
      upsert.run(...noteArgs(i));
      return list.all() as Row[];
    },
    page: (i) => byId(page.all(JSON.stringify(pageIds(i))) as Row[]),
    aggregate: (i) => aggregate.all(sinceDay(i)) as Row[],
  };
}

/**
 * The three queries through the store layer's SqlClient (src/server/db/sqlClient.ts): one text for both engines where
 * they read it alike, the page's id list as each engine takes a list (a JSON array on SQLite, an array on PostgreSQL).
 */
function sqlClientCalls(client: SqlClient): Record<string, Call> {
  const onPostgres = client.engine === 'postgres';
  const page = onPostgres ? `${PAGE_SELECT} WHERE v.id = ANY(?)` : `${PAGE_SELECT} WHERE v.id IN (SELECT value FROM json_each(?))`;
  return {
    notes: async (i) => {
      await client.run(NOTE_UPSERT(() => '?'), noteArgs(i));
      return client.all<Row>(NOTES_LIST);
    },
    page: async (i) => byId(await client.all<Row>(page, [onPostgres ? pageIds(i) : JSON.stringify(pageIds(i))])),
    aggregate: (i) => client.all<Row>(AGGREGATE(() => '?'), [sinceDay(i)]),
  };
}

/** The three queries hand-written for pg. */
function postgresHand(pool: PostgresPool): Record<string, Call> {
  const dollar = (n: number) => `$${n}`;
  return {
    notes: async (i) => {
      await pool.query(NOTE_UPSERT(dollar), noteArgs(i));
      return (await pool.query<Row>(NOTES_LIST)).rows;
    },
    page: async (i) => byId((await pool.query<Row>(`${PAGE_SELECT} WHERE v.id = ANY($1)`, [pageIds(i)])).rows),
    aggregate: async (i) => (await pool.query<Row>(AGGREGATE(dollar), [sinceDay(i)])).rows,
  };
}

/** The three queries written once with Kysely; the dialect decides the SQL each engine gets. */
function kyselyCalls(db: Kysely<Db>): Record<string, Call> {
  return {
    notes: async (i) => {
      const [id, target, content, at] = noteArgs(i) as [string, string, string, string];
      await db
        .insertInto('notes')
        .values({ id, kind: 'video', target_id: target, brand_id: 'brand-a', user_id: 'user-1', content, created_at: at, updated_at: at })
        .onConflict((conflict) =>
          conflict.columns(['kind', 'target_id', 'brand_id']).doUpdateSet((eb) => ({
            content: eb.ref('excluded.content'),
            user_id: eb.ref('excluded.user_id'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
      return db
        .selectFrom('notes')
        .select(['target_id', 'content', 'updated_at'])
        .where('brand_id', '=', 'brand-a')
        .where('kind', '=', 'video')
        .orderBy('updated_at', 'desc')
        .orderBy('target_id')
        .limit(20)
        .execute();
    },
    page: async (i) =>
      byId(
        await db
          .selectFrom('videos as v')
          .leftJoin('creators as c', 'c.id', 'v.creator_id')
          .select(['v.id', 'v.title', 'v.platform', 'v.thumbnail_url', 'c.name as creator_name', 'v.views', 'v.created_at'])
          .where('v.id', 'in', pageIds(i))
          .execute(),
      ),
    aggregate: (i) =>
      db
        .selectFrom('videos')
        .select((eb) => ['platform', eb.fn.countAll<number>().as('videos'), eb.fn.sum<number>('views').as('views'), eb.fn.avg<number>('sentiment_positive').as('sentiment')])
        .where('brand_id', '=', 'brand-a')
        .where('created_at', '>=', sinceDay(i))
        .groupBy('platform')
        .orderBy('platform')
        .execute(),
  };
}

const QUERIES = { notes: { calls: 400, label: 'note saved + notes list' }, page: { calls: 400, label: `videos page by ${PAGE} ids` }, aggregate: { calls: 40, label: 'home aggregate' } } as const;
type QueryName = keyof typeof QUERIES;

/** Mean µs per call of each approach: ROUNDS spells of `calls` calls, approaches taking turns; the median spell. */
async function measure(approaches: Record<string, Record<string, Call>>, query: QueryName): Promise<Record<string, number>> {
  const spells: Record<string, number[]> = Object.fromEntries(Object.keys(approaches).map((name) => [name, []]));
  let i = 1000;
  const order = Object.entries(approaches);
  for (let round = 0; round < ROUNDS; round++) {
    // Each round starts with another approach, so none always runs first (after the others' writes and garbage).
    for (const [name, calls] of [...order.slice(round % order.length), ...order.slice(0, round % order.length)]) {
      const call = calls[query] as Call;
      const started = performance.now();
      for (let k = 0; k < QUERIES[query].calls; k++) await call(i++);
      spells[name]?.push(((performance.now() - started) * 1000) / QUERIES[query].calls);
    }
  }
  return Object.fromEntries(Object.entries(spells).map(([name, samples]) => [name, median(samples)]));
}

/** Equal, numbers within `tolerance` of each other (relative). */
function closeTo(a: unknown, b: unknown, tolerance: number): boolean {
  if (typeof a === 'number' && typeof b === 'number') return a === b || Math.abs(a - b) <= tolerance * Math.max(Math.abs(a), Math.abs(b));
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, k) => closeTo(item, b[k], tolerance));
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = Object.keys(a);
    return isDeepStrictEqual(keys, Object.keys(b)) && keys.every((key) => closeTo((a as Row)[key], (b as Row)[key], tolerance));
  }
  return isDeepStrictEqual(a, b);
}

/**
 * Every approach answers exactly alike on one engine, and the engines alike; the one allowed difference between
 * engines is AVG's last bits (SQLite sums floating point with compensation, PostgreSQL does not), which is reported.
 */
async function checkAnswers(engines: Record<string, Record<string, Record<string, Call>>>): Promise<void> {
  for (const query of Object.keys(QUERIES) as QueryName[]) {
    const byEngine: Row[][] = [];
    for (const [engine, approaches] of Object.entries(engines)) {
      const answers = await Promise.all(Object.values(approaches).map(async (calls) => JSON.parse(JSON.stringify(await (calls[query] as Call)(7))) as Row[]));
      if (!answers.every((answer) => isDeepStrictEqual(answer, answers[0]))) throw new Error(`${query}: the approaches answer differently on ${engine}`);
      byEngine.push(answers[0] as Row[]);
    }
    const [sqlite, postgres] = byEngine;
    if (isDeepStrictEqual(sqlite, postgres)) continue;
    if (!closeTo(sqlite, postgres, 1e-12)) throw new Error(`${query}: SQLite and PostgreSQL answer differently`);
    console.log(`  ${query}: SQLite and PostgreSQL agree up to the last bits of a floating-point AVG (relative 1e-12)`);
  }
}

export async function run(): Promise<void> {
  const cluster = await startPgCluster();
  const dir = mkdtempSync(join(tmpdir(), 'reelscope-db-engines-'));
  const closers: (() => Promise<unknown> | unknown)[] = [() => cluster.stop(), () => rmSync(dir, { recursive: true, force: true })];
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query("CREATE DATABASE bench TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'");
    await admin.end();
    const pool = await openPostgresDatabase(databaseUrl(cluster.url, 'bench'), { max: 4 });
    closers.unshift(() => pool.end());
    const sqlite = openDatabase(join(dir, 'reelscope.sqlite'));
    closers.unshift(() => sqlite.close());
    let started = performance.now();
    seedSqlite(sqlite);
    console.log(`  ${VIDEOS} videos seeded into SQLite in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    started = performance.now();
    await seedPostgres(pool);
    console.log(`  ${VIDEOS} videos seeded into PostgreSQL in ${((performance.now() - started) / 1000).toFixed(1)} s (fsync off)`);

    const kyselySqlite = new Kysely<Db>({ dialect: new SqliteDialect({ database: sqlite }) });
    const kyselyPg = new Kysely<Db>({ dialect: new PostgresDialect({ pool }) });
    // Kysely's end() would end the pool too: the pool is closed once, above.
    const hand = sqliteHand(sqlite);
    const engines = {
      SQLite: { hand, SqlClient: sqlClientCalls(createSqliteClient(sqlite)), Kysely: kyselyCalls(kyselySqlite) },
      PostgreSQL: { hand: postgresHand(pool), SqlClient: sqlClientCalls(createPostgresClient(pool)), Kysely: kyselyCalls(kyselyPg) },
    };
    await checkAnswers(engines);
    // Warm both engines' caches and the JIT before timing.
    for (const approaches of Object.values(engines)) for (const query of Object.keys(QUERIES) as QueryName[]) await measureWarm(approaches, query);
    await sql`SELECT 1`.execute(kyselyPg);

    console.log('  mean µs per call (median of 5 spells); SqlClient and Kysely ÷ hand-written');
    for (const [engine, approaches] of Object.entries(engines)) {
      for (const query of Object.keys(QUERIES) as QueryName[]) {
        const figures = await measure(approaches, query);
        const cells = Object.entries(figures).map(([name, us]) => `${name} ${us.toFixed(1)}`).join(' · ');
        const ratio = (name: string) => `${name} ÷ hand ${((figures[name] ?? 0) / (figures.hand ?? 1)).toFixed(2)}×`;
        console.log(`  ${engine.padEnd(10)} ${QUERIES[query].label.padEnd(24)} ${cells} · ${ratio('SqlClient')} · ${ratio('Kysely')}`);
      }
    }
  } finally {
    for (const close of closers) await close();
  }
}

async function measureWarm(approaches: Record<string, Record<string, Call>>, query: QueryName): Promise<void> {
  for (const calls of Object.values(approaches)) for (let k = 0; k < 50; k++) await (calls[query] as Call)(k);
}
