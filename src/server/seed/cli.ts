/**
 * Seeds a demo workspace into a new SQLite file and prints the row counts and the time taken.
 * Usage: npx tsx src/server/seed/cli.ts [--scale 10] [--creator-scale 1] [--out /tmp/x.sqlite] [--media /tmp/x-media]
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { migrateDatabase } from '../db/migrate';
import { MIGRATIONS } from '../db/migrations/index';
import { seedDemoWorkspace } from './index';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    out: { type: 'string', default: join(process.cwd(), '.data', 'seed.sqlite') },
    media: { type: 'string' },
    'creator-scale': { type: 'string' },
  },
});
const out = values.out;
const scale = Number(values.scale);
if (!Number.isFinite(scale) || scale <= 0) throw new Error(`--scale must be a positive number, got ${values.scale}`);
mkdirSync(dirname(out), { recursive: true });
for (const suffix of ['', '-wal', '-shm']) if (existsSync(out + suffix)) rmSync(out + suffix);

const started = performance.now();
const db = new Database(out);
db.pragma('journal_mode = WAL');
db.pragma('foreign_keys = ON');
migrateDatabase(db, MIGRATIONS);
const creatorScale = values['creator-scale'] === undefined ? undefined : Number(values['creator-scale']);
const summary = await seedDemoWorkspace(db, { mediaDir: values.media ?? join(dirname(out), 'media'), scale, creatorScale });
db.pragma('wal_checkpoint(TRUNCATE)');
db.close();
const seconds = (performance.now() - started) / 1000;

for (const [table, rows] of Object.entries(summary)) console.log(`${table.padEnd(26)} ${rows}`);
console.log(`seeded scale ${scale} into ${out} in ${seconds.toFixed(1)} s`);
