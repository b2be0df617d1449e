import { spawnSync } from 'node:child_process';
import { closeSync, cpSync, existsSync, mkdirSync, openSync, readFileSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/database';
import { DEMO_ACCOUNTS } from '../src/shared/demoAccounts';
import { migrateDatabase } from '../src/server/db/migrate';
import { MIGRATIONS } from '../src/server/db/migrations/index';
import { saveSearchSnapshot, SNAPSHOT_FORMAT } from '../src/server/search/searchSnapshot';
import { createSqliteClient } from '../src/server/db/sqliteClient';
import { rebuildTranscriptTerms } from '../src/server/search/transcriptIndex';
import { seedDemoWorkspace, VIDEOS_PER_SCALE } from '../src/server/seed/index';

/** Schema version in the cache key, so a new migration reseeds. */
const SCHEMA = MIGRATIONS.at(-1)?.version ?? 0;
/** Version of what the seed says (2: varied speech, every transcript line distinct); a new one never reuses an older cache. */
const CONTENT = 2;
/**
 * The key also names the list index's snapshot format: a workspace whose snapshot a start would replace measures a
 * first load and a snapshot rewritten into the file's free pages, not the start a newcomer's fresh seed gives.
 */
const cacheDir = (schema: number, videos: number): string => join(tmpdir(), `reelscope-bench-c${CONTENT}-s${schema}-f${SNAPSHOT_FORMAT}-${videos}`);

/**
 * A data folder with a seeded demo workspace of about `videos` videos (≥40 transcript lines each, creatorScale 1),
 * cached in the OS temp folder by size and schema version so reruns skip seeding; the seed's time is kept beside it
 * (`recordedSeed`), so a bench on the cached workspace can still print it. A cached file is read into the page cache
 * first (`readIntoPageCache`), so every bench meets it as a fresh seed leaves it.
 */
export async function benchDataDir(videos: number): Promise<string> {
  const dir = cacheDir(SCHEMA, videos);
  const file = join(dir, 'reelscope.sqlite');
  if (existsSync(file)) {
    console.log(`  using cached ${videos} video workspace: ${dir}`);
    readIntoPageCache(file);
    return dir;
  }
  rmSync(dir, { recursive: true, force: true });
  if (await upgradeOlder(videos, dir)) return dir;
  // Seeding runs in a child process, so the memory it leaves behind is not counted in the bench's own figures.
  const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), SEED_FLAG, String(videos)], { stdio: 'inherit' });
  if (child.status !== 0) throw new Error(`seeding ${videos} videos failed (exit ${child.status ?? child.signal})`);
  return dir;
}

/** Beside a cached workspace: how long its seed took, measured when it was seeded (an upgrade copies it along). */
const SEED_RECORD = 'seed-time.json';

/** In the seeding child: seeds the workspace of `videos` videos into its cache folder. */
async function seedInto(videos: number): Promise<void> {
  const dir = cacheDir(SCHEMA, videos);
  const file = join(dir, 'reelscope.sqlite');
  mkdirSync(dir, { recursive: true });
  const partial = join(dir, 'seeding.sqlite');
  const started = performance.now();
  console.log(`  seeding ${videos} videos into ${dir} (one time; several minutes per 100k on 2 cores)...`);
  const db = new Database(partial);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = OFF');
  migrateDatabase(db, MIGRATIONS);
  await seedDemoWorkspace(db, { mediaDir: join(dir, 'media'), scale: videos / VIDEOS_PER_SCALE, creatorScale: 1 });
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  renameSync(partial, file);
  const seconds = (performance.now() - started) / 1000;
  const record: SeedRecord = { videos, seconds, seededAt: new Date().toISOString(), schema: SCHEMA, source: 'measured by benchWorkspace.ts as it seeded' };
  writeFileSync(join(dir, SEED_RECORD), `${JSON.stringify(record, null, 2)}\n`);
  console.log(`  seeded in ${seconds.toFixed(1)} s`);
}

export interface SeedRecord {
  videos: number;
  /** Wall-clock seconds the seed of the cached workspace took, on the machine as busy as it was then. */
  seconds: number;
  seededAt: string;
  /** The schema version it was seeded at (an upgrade to a later one copies the record along). */
  schema: number;
  /** Where the figure comes from. */
  source: string;
}

/** The seed time kept beside the cached workspace of `videos` videos, or null when it was seeded before it was kept. */
export function recordedSeed(videos: number): SeedRecord | null {
  const file = join(cacheDir(SCHEMA, videos), SEED_RECORD);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as SeedRecord) : null;
}

const SEED_FLAG = '--seed-bench-workspace';
const seedAt = process.argv.indexOf(SEED_FLAG);
if (seedAt >= 0) {
  await seedInto(Number(process.argv[seedAt + 1]));
  process.exit(0);
}

/**
 * A cached workspace of an older schema version becomes this version's by applying the newer migrations to a copy
 * (the seed's rows do not depend on the schema steps after it; indexes built later hold the same entries): much faster
 * than seeding again. False when there is none.
 */
async function upgradeOlder(videos: number, dir: string): Promise<boolean> {
  for (let version = SCHEMA - 1; version > 0; version--) {
    const older = cacheDir(version, videos);
    if (!existsSync(join(older, 'reelscope.sqlite'))) continue;
    const started = performance.now();
    console.log(`  upgrading the cached ${videos} video workspace of schema ${version} to ${SCHEMA} (copy + migrate)...`);
    const partial = `${dir}.partial`;
    rmSync(partial, { recursive: true, force: true });
    cpSync(older, partial, { recursive: true });
    const db = new Database(join(partial, 'reelscope.sqlite'));
    db.pragma('journal_mode = WAL');
    migrateDatabase(db, MIGRATIONS);
    // As a seed leaves it: the transcript postings a migration marked pending built, and the list index saved, so the
    // bench measures a start, not a first load or an index build after an upgrade.
    rebuildTranscriptTerms(db);
    await saveSearchSnapshot(createSqliteClient(db));
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    renameSync(partial, dir);
    console.log(`  upgraded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return true;
  }
  return false;
}

/** A cached workspace opened in this process: its database, the app on it, the demo manager's token, and a closer. */
export interface OpenedWorkspace {
  db: Database.Database;
  app: FastifyInstance;
  jwt: string;
  close: () => Promise<void>;
}

/**
 * Reads a file once from start to end, so its pages sit in the OS page cache as a fresh seed (which has just written
 * them) leaves them. A cached workspace is otherwise met in whatever state the benches before it left the cache in: on
 * this machine the kernel reclaims idle pages (DAMON), and a run after benches that wrote gigabytes met a 3 GB file
 * mostly on disk, its figures then measuring the disk's random reads rather than the requests.
 */
const readIn = new Set<string>();
function readIntoPageCache(file: string): void {
  // Once per process: benches ask for a workspace more than once (before seeding anything, then to open it).
  if (readIn.has(file)) return;
  readIn.add(file);
  const chunk = Buffer.allocUnsafe(16 * 1024 * 1024);
  const fd = openSync(file, 'r');
  try {
    while (readSync(fd, chunk, 0, chunk.length, null) > 0);
  } finally {
    closeSync(fd);
  }
}

/** Opens the cached workspace of `videos` videos (seeding it once) and signs the demo brand manager in. */
export async function openBenchApp(videos: number): Promise<OpenedWorkspace> {
  const dataDir = await benchDataDir(videos);
  const db = openDatabase(join(dataDir, 'reelscope.sqlite'));
  const app = await buildApp({ db, jwtSecret: randomBytes(64), dataDir });
  const close = async (): Promise<void> => {
    await app.close();
    db.close();
  };
  try {
    const login = await app.inject({ method: 'POST', url: '/jwt_api/login', payload: DEMO_ACCOUNTS.brandManager });
    const { jwt } = login.json() as { jwt: string };
    return { db, app, jwt, close };
  } catch (error) {
    await close();
    throw error;
  }
}
