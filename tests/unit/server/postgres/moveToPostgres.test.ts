/**
 * Issue 27, "Seed and move": an embedded workspace (a real seeded SQLite file and its media folder) moved into a real
 * throwaway PostgreSQL database arrives whole — every table's rows, row by row, and every media file by its hash — a
 * target that is not empty is refused untouched, and a move killed half-way leaves the target empty.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../src/server/db/database';
import { DatabaseTooNewError } from '../../../../src/server/db/migrate';
import type { SqliteDatabase } from '../../../../src/server/db/database';
import { listFiles, sha256OfFile } from '../../../../src/server/db/move/copyMedia';
import { MoveTargetNotEmptyError } from '../../../../src/server/db/move/moveTables';
import { moveWorkspace } from '../../../../src/server/db/move/moveWorkspace';
import { seedPostgresDemoWorkspace } from '../../../../src/server/db/move/seedPostgres';
import { openPostgresDatabase } from '../../../../src/server/db/postgres/database';
import type { PostgresPool } from '../../../../src/server/db/postgres/pool';
import { seedDemoWorkspace } from '../../../../src/server/seed/index';
import { trigramFold } from '../../../../src/server/search/trigramFold';
import { catchUpTranscriptTerms } from '../../../../src/server/search/transcriptTermBuild';
import { createPostgresClient } from '../../../../src/server/db/postgres/postgresClient';
import { usePgTestCluster } from './support/pgTestCluster';

const pgCluster = usePgTestCluster();
const CLI = resolve(import.meta.dirname, '../../../../src/server/db/move/cli.ts');
const MIGRATION_FILLED = new Set(['schema_migrations', 'assistant_prompts']);

let work: string;
let dataDir: string;
beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'reelscope-move-'));
  dataDir = join(work, 'embedded');
  mkdirSync(dataDir);
  const db = openDatabase(join(dataDir, 'reelscope.sqlite'));
  await seedDemoWorkspace(db, { mediaDir: join(dataDir, 'media'), scale: 0.05, creatorScale: 0.1 });
  db.close();
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function pgTables(pool: PostgresPool): Promise<Map<string, string[]>> {
  const { rows } = await pool.query<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' ORDER BY 1, c.ordinal_position`,
  );
  const tables = new Map<string, string[]>();
  for (const row of rows) tables.set(row.table_name, [...(tables.get(row.table_name) ?? []), row.column_name]);
  return tables;
}

/** One value as text whatever engine or driver read it: numbers and bigints alike, Buffer and Uint8Array alike. */
function canonical(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint') return `n:${String(value)}`;
  if (value instanceof Uint8Array) return `b:${Buffer.from(value).toString('hex')}`;
  return `s:${JSON.stringify(value)}`;
}
const checksum = (row: Record<string, unknown>, columns: string[]) =>
  createHash('sha256').update(columns.map((column) => canonical(row[column])).join('\u0000')).digest('hex');

/** Per table (those both engines have), the sorted checksums of its rows over the columns both have. */
async function rowChecksums(sqlite: SqliteDatabase, pool: PostgresPool): Promise<{ sqlite: Map<string, string[]>; pg: Map<string, string[]> }> {
  const sqliteSums = new Map<string, string[]>();
  const pgSums = new Map<string, string[]>();
  for (const [table, pgColumns] of await pgTables(pool)) {
    if (table === 'schema_migrations') continue;
    const sqliteColumns = (sqlite.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[]).map((column) => column.name);
    const columns = pgColumns.filter((column) => sqliteColumns.includes(column) || column === 'rowid');
    const list = columns.map((column) => `"${column}"`).join(', ');
    const fromSqlite = sqlite.prepare(`SELECT ${list} FROM "${table}"`).all() as Record<string, unknown>[];
    const fromPg = (await pool.query<Record<string, unknown>>(`SELECT ${list} FROM "${table}"`)).rows;
    sqliteSums.set(table, fromSqlite.map((row) => checksum(row, columns)).sort());
    pgSums.set(table, fromPg.map((row) => checksum(row, columns)).sort());
  }
  return { sqlite: sqliteSums, pg: pgSums };
}

async function rowCounts(pool: PostgresPool): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of (await pgTables(pool)).keys()) {
    if (!MIGRATION_FILLED.has(table)) counts[table] = Number((await pool.query(`SELECT COUNT(*) AS n FROM "${table}"`)).rows[0].n);
  }
  return counts;
}

/** The move command as a person runs it, in a process of its own. */
function startMove(url: string, mediaTo: string) {
  return spawn(process.execPath, ['--import', 'tsx', CLI, '--data-dir', dataDir, '--to', url, '--media-to', mediaTo], {
    cwd: resolve(import.meta.dirname, '../../../..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** How many entries a GIN index still holds in its pending list (which every search through it reads whole). */
async function pendingEntries(pool: PostgresPool, index: string): Promise<string | undefined> {
  await pool.query('CREATE EXTENSION IF NOT EXISTS pgstattuple');
  return (await pool.query<{ pending_tuples: string }>('SELECT pending_tuples::text FROM pgstatginindex($1::regclass)', [index])).rows[0]?.pending_tuples;
}

const TRIGRAM_INDEXES = ['transcript_words_folded_trgm', 'transcript_pairs_folded_trgm', 'transcript_triples_folded_trgm'];

async function withTarget<T>(work: (url: string, pool: PostgresPool) => Promise<T>): Promise<T> {
  const url = await pgCluster.createDatabase();
  const pool = await openPostgresDatabase(url);
  try {
    return await work(url, pool);
  } finally {
    await pool.end();
  }
}

describe('moving an embedded workspace into PostgreSQL', () => {
  it('moves every row of every table and every media file unchanged, and PostgreSQL numbers on past them', async () => {
    await withTarget(async (url, pool) => {
      const mediaTo = join(work, 'moved-media');
      const summary = await moveWorkspace({ dataDir, url, mediaTo });

      const sqlite = openDatabase(join(dataDir, 'reelscope.sqlite'));
      try {
        const sums = await rowChecksums(sqlite, pool);
        for (const [table, sqliteRows] of sums.sqlite) {
          expect(sums.pg.get(table)?.length, `rows of ${table}`).toBe(sqliteRows.length);
          expect(sums.pg.get(table), `rows of ${table}`).toEqual(sqliteRows);
        }
        expect(sums.sqlite.get('videos')?.length).toBeGreaterThan(0);
        expect(sums.sqlite.get('transcript_lines')?.length).toBeGreaterThan(0);
        expect(summary.skipped).toContain('transcript_fts');
        // The terms arrive searchable, each with its folded text: the first search does not rebuild every term.
        for (const table of ['transcript_words', 'transcript_pairs', 'transcript_triples']) {
          const terms = (await pool.query<{ term: string; folded: string | null }>(`SELECT term, folded FROM ${table}`)).rows;
          expect(terms.length, table).toBeGreaterThan(0);
          expect(terms.filter((row) => row.folded !== trigramFold(row.term)), table).toEqual([]);
        }
        // ... and the trigram indexes hold them merged, not in their pending lists: a search (and the planner pricing
        // it) reads a pending list whole, so until autovacuum came by every search scanned all the terms.
        for (const index of TRIGRAM_INDEXES) expect(await pendingEntries(pool, index), index).toBe('0');
        // The next video gets a rowid past the moved ones, as SQLite would have given it.
        const maxRowid = sqlite.prepare('SELECT MAX(rowid) FROM videos').pluck().get() as number;
        const next = await pool.query<{ n: number }>("SELECT nextval(pg_get_serial_sequence('videos', 'rowid')) AS n");
        expect(next.rows[0]?.n).toBe(maxRowid + 1);
      } finally {
        sqlite.close();
      }

      const files = listFiles(join(dataDir, 'media'));
      expect(files.length).toBeGreaterThan(0);
      expect(listFiles(mediaTo)).toEqual(files);
      for (const file of files) expect(await sha256OfFile(join(mediaTo, file)), file).toBe(await sha256OfFile(join(dataDir, 'media', file)));
      expect(summary.media.files).toBe(files.length);
    });
  }, 120_000);

  it('leaves the trigram indexes merged after the terms are rebuilt on PostgreSQL, as after the move', async () => {
    await withTarget(async (url, pool) => {
      await moveWorkspace({ dataDir, url, mediaTo: join(work, 'rebuilt-media') });
      // A term without its folded text makes the next catch-up rebuild every term (as after a move by an older version).
      await pool.query('UPDATE transcript_words SET folded = NULL WHERE id = (SELECT MIN(id) FROM transcript_words)');
      expect(await catchUpTranscriptTerms(createPostgresClient(pool))).toBe(true);
      for (const index of TRIGRAM_INDEXES) expect(await pendingEntries(pool, index), index).toBe('0');
    });
  }, 120_000);

  it('refuses a target that already holds a workspace and leaves it as it was', async () => {
    await withTarget(async (url, pool) => {
      await pool.query(
        "INSERT INTO users (id, email, password_hash, first_name, last_name, created_at) VALUES ('u1', 'ana@example.com', 'x', 'Ana', 'Lee', '2026-01-01T00:00:00.000Z')",
      );
      const before = await rowCounts(pool);
      const mediaTo = join(work, 'refused-media');
      const move = moveWorkspace({ dataDir, url, mediaTo });
      await expect(move).rejects.toThrow(MoveTargetNotEmptyError);
      await expect(move).rejects.toThrow(/already holds a workspace \(table users has rows\): move into an empty database\.$/);
      expect(await rowCounts(pool)).toEqual(before);
      expect(listFiles(mediaTo)).toEqual([]);
    });
  }, 60_000);

  it('refuses a data folder written by a newer Reelscope, as a start does, and writes nothing', async () => {
    await withTarget(async (url, pool) => {
      const newer = join(work, 'newer');
      mkdirSync(newer);
      const db = openDatabase(join(newer, 'reelscope.sqlite'));
      db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'future', '2027-01-01T00:00:00.000Z')").run();
      db.close();
      const before = await rowCounts(pool);
      await expect(moveWorkspace({ dataDir: newer, url, mediaTo: join(work, 'newer-media') })).rejects.toThrow(DatabaseTooNewError);
      expect(await rowCounts(pool)).toEqual(before);
    });
  }, 60_000);

  it('leaves the target empty when the move is killed half-way, and a second run then moves everything', async () => {
    await withTarget(async (url, pool) => {
      const empty = await rowCounts(pool);
      // Hold the move at a table it copies late (chat messages follow their channels and users), so it is surely
      // still copying when it is killed: the lock stops its INSERT, not the tables before.
      const blocker = new pg.Client({ connectionString: url });
      await blocker.connect();
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE chat_messages IN SHARE MODE');
      const child = startMove(url, join(work, 'killed-media'));
      const exited = new Promise<NodeJS.Signals | null>((done) => child.once('exit', (_code, signal) => done(signal)));
      const lines = createInterface({ input: child.stdout });
      const firstRows = await new Promise<string>((done) => lines.on('line', (line) => / rows$/.test(line) && done(line)));
      expect(firstRows).toMatch(/^\w+: \d+ of \d+ rows$/);
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');
      await blocker.query('COMMIT');
      await blocker.end();
      // Nothing of the killed move is visible; its session rolls back once its server process sees the closed socket
      // (until then, reading a table it altered waits for that).
      expect(await rowCounts(pool)).toEqual(empty);
      expect(Object.values(empty).every((rows) => rows === 0)).toBe(true);

      const again = startMove(url, join(work, 'killed-media'));
      let output = '';
      again.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      expect(await new Promise((done) => again.once('exit', done))).toBe(0);
      const counts = await rowCounts(pool);
      const files = listFiles(join(dataDir, 'media'));
      // It says what it moved: rows per table, the media files, the tables left behind.
      expect(output).toMatch(new RegExp(`^videos +${counts.videos} rows$`, 'm'));
      expect(output).toMatch(new RegExp(`^transcript_lines +${counts.transcript_lines} rows$`, 'm'));
      expect(output).toMatch(new RegExp(`^media: ${files.length} files, \\d+ bytes \\(SHA-256 checked\\)$`, 'm'));
      expect(output).toMatch(/^not moved \(.*\): .*transcript_fts.*$/m);
      expect(output).toMatch(/^moved in \d+\.\d s$/m);
      expect(counts.videos).toBe(30);
    });
  }, 120_000);
});

describe('REELSCOPE_SEED=1 on PostgreSQL', () => {
  it('seeds the demo workspace into an empty database, and leaves a seeded one alone', async () => {
    await withTarget(async (url, pool) => {
      const mediaDir = join(work, 'seeded-media');
      const summary = await seedPostgresDemoWorkspace(pool, url, { mediaDir, scale: 0.05, creatorScale: 0.1 });
      const counts = await rowCounts(pool);
      expect(counts.videos).toBe(summary?.moved.find((table) => table.table === 'videos')?.rows);
      expect(counts.videos).toBe(30);
      expect(counts.users).toBeGreaterThan(0);
      expect(listFiles(mediaDir).length).toBeGreaterThan(0);
      expect(await seedPostgresDemoWorkspace(pool, url, { mediaDir, scale: 0.05 })).toBeNull();
      expect(await rowCounts(pool)).toEqual(counts);
    });
  }, 120_000);
});
