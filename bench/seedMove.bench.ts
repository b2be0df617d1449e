/**
 * Issue 27, "Seed and move": how long the demo seed takes into the embedded SQLite file, and how long the move of that
 * workspace into PostgreSQL (a throwaway cluster from scripts/pg-cluster.sh, fsync off) takes, in rows per second;
 * then REELSCOPE_SEED=1 on PostgreSQL (seed into a temporary file, then the same move). At SCALE (a size the shared
 * machine does in a few minutes, 10k videos; the 100k is not run by default).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { databaseUrl, startPgCluster } from '../scripts/pgCluster';
import { openDatabase } from '../src/server/db/database';
import { moveWorkspace } from '../src/server/db/move/moveWorkspace';
import { seedPostgresDemoWorkspace } from '../src/server/db/move/seedPostgres';
import { openPostgresDatabase } from '../src/server/db/postgres/database';
import { seedDemoWorkspace, VIDEOS_PER_SCALE } from '../src/server/seed/index';

/** 10k videos by default; REELSCOPE_BENCH_MOVE_VIDEOS picks another size. */
const VIDEOS = Number(process.env.REELSCOPE_BENCH_MOVE_VIDEOS ?? 10_000);
const SCALE = VIDEOS / VIDEOS_PER_SCALE;
const CREATOR_SCALE = 1;

const perSecond = (rows: number, seconds: number) => `${Math.round(rows / seconds).toLocaleString('en-US')} rows/s`;

export async function run(): Promise<void> {
  const cluster = await startPgCluster();
  const dir = mkdtempSync(join(tmpdir(), 'reelscope-seed-move-'));
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    for (const name of ['moved', 'seeded']) await admin.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`);
    await admin.end();
    const videos = Math.round(VIDEOS_PER_SCALE * SCALE);
    console.log(`  ${videos} videos (seed scale ${SCALE.toFixed(2)}, creator scale ${CREATOR_SCALE})`);

    const dataDir = join(dir, 'embedded');
    mkdirSync(dataDir);
    let started = performance.now();
    const sqlite = openDatabase(join(dataDir, 'reelscope.sqlite'));
    const seeded = await seedDemoWorkspace(sqlite, { mediaDir: join(dataDir, 'media'), scale: SCALE, creatorScale: CREATOR_SCALE });
    sqlite.close();
    const seedSeconds = (performance.now() - started) / 1000;
    const seededRows = Object.values(seeded).reduce((sum, rows) => sum + rows, 0);
    console.log(`  seed into SQLite: ${seedSeconds.toFixed(1)} s, ${seededRows} rows in the seeded tables (${perSecond(seededRows, seedSeconds)})`);

    const moved = await moveWorkspace({ dataDir, url: databaseUrl(cluster.url, 'moved'), mediaTo: join(dir, 'team-media') });
    const movedRows = moved.moved.reduce((sum, table) => sum + table.rows, 0);
    console.log(`  move into PostgreSQL: ${moved.seconds.toFixed(1)} s, ${movedRows} rows in ${moved.moved.length} tables (${perSecond(movedRows, moved.seconds)}), ` +
      `${moved.media.files} media files (${(moved.media.bytes / 1e6).toFixed(1)} MB)`);
    for (const table of [...moved.moved].sort((a, b) => b.rows - a.rows).slice(0, 5)) console.log(`    ${table.table.padEnd(26)} ${table.rows} rows`);

    const pool = await openPostgresDatabase(databaseUrl(cluster.url, 'seeded'), { max: 2 });
    try {
      started = performance.now();
      const summary = await seedPostgresDemoWorkspace(pool, databaseUrl(cluster.url, 'seeded'), {
        mediaDir: join(dir, 'seeded-media'), scale: SCALE, creatorScale: CREATOR_SCALE,
      });
      const seconds = (performance.now() - started) / 1000;
      const rows = (summary?.moved ?? []).reduce((sum, table) => sum + table.rows, 0);
      console.log(`  REELSCOPE_SEED=1 on PostgreSQL (seed + move): ${seconds.toFixed(1)} s, ${rows} rows (${perSecond(rows, seconds)})`);
    } finally {
      await pool.end();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await cluster.stop();
  }
}
