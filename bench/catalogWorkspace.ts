import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { CREATOR_TYPES } from '../src/shared/constants';
import { migrateDatabase } from '../src/server/db/migrate';
import { MIGRATIONS } from '../src/server/db/migrations/index';
import { readSeedAnchor, seedDemoWorkspace } from '../src/server/seed/index';
import { SeedClock } from '../src/server/seed/clock';
import { COUNTRIES, FIRST_NAMES, LAST_NAMES } from '../src/server/seed/people';
import { Prng } from '../src/server/seed/prng';

const SCHEMA = MIGRATIONS.at(-1)?.version ?? 0;

/**
 * A data folder with the demo workspace (scale 0.1) topped up by direct inserts to `creators` creators and `products`
 * products spread over the demo manager's brand, its competitors and the other brands (like the seed's shares; no
 * daily trackings or video links for the added rows, whose list columns are set directly). Cached in the OS temp
 * folder by size and schema version.
 */
export async function catalogDataDir(creators: number, products: number): Promise<string> {
  const dir = join(tmpdir(), `reelscope-catalog-bench-s${SCHEMA}-${creators}-${products}`);
  const file = join(dir, 'reelscope.sqlite');
  if (existsSync(file)) {
    console.log(`  using cached workspace: ${dir}`);
    return dir;
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const started = performance.now();
  console.log(`  building ${creators} creators / ${products} products into ${dir} (one time)...`);
  const partial = join(dir, 'building.sqlite');
  const db = new Database(partial);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = OFF');
  migrateDatabase(db, MIGRATIONS);
  await seedDemoWorkspace(db, { mediaDir: join(dir, 'media'), scale: 0.1, creatorScale: 0.1 });
  topUp(db, creators, products);
  db.exec('ANALYZE');
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  renameSync(partial, file);
  console.log(`  built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return dir;
}

function topUp(db: Database.Database, creators: number, products: number): void {
  const rng = new Prng(20261123);
  // The added rows are dated from the day the workspace was seeded, as the seed's own.
  const clock = new SeedClock(readSeedAnchor(db) ?? new Date());
  const brands = db.prepare('SELECT id FROM brands ORDER BY created_at, id').pluck().all() as string[];
  const categories = db.prepare('SELECT name FROM product_categories').pluck().all() as string[];
  const insertCreator = db.prepare(`INSERT INTO creators (id, brand_id, name, handle, platform, email, country, language, subscribers, video_count, creator_type,
    verified, categories, latest_platform_video_published_at, demographics, sentiment_positive, sentiment_negative, created_at)
    VALUES (?, ?, ?, ?, 'Youtube', ?, ?, ?, ?, ?, ?, ?, '[]', ?, '{}', ?, ?, ?)`);
  const insertProduct = db.prepare(`INSERT INTO products (id, brand_id, name, category, description, price, pictures, created_at, updated_at, sentiment_positive, video_reviews, latest_video_at)
    VALUES (?, ?, ?, ?, '', ?, '[]', ?, ?, ?, ?, ?)`);
  const have = db.prepare('SELECT (SELECT COUNT(*) FROM creators) AS c, (SELECT COUNT(*) FROM products) AS p').get() as { c: number; p: number };
  db.transaction(() => {
    for (let i = have.c; i < creators; i++) {
      const place = rng.pick(COUNTRIES);
      const name = `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
      const email = rng.chance(0.8) ? `bench${i}@example.com` : rng.chance(0.5) ? `bench${i}-at-example` : null;
      const positive = rng.float(0.35, 0.85);
      insertCreator.run(rng.hexId(), rng.pick(brands), name, `@bench${i}`, email, place.country, place.language, Math.round(Math.pow(10, rng.float(3, 6.7))), rng.int(0, 400),
        rng.pick(CREATOR_TYPES), rng.chance(0.25) ? 1 : 0, clock.daysAgo(rng.float(0, 700)), positive, rng.float(0.02, 1 - positive), clock.daysAgo(rng.int(400, 900)));
    }
    for (let i = have.p; i < products; i++) {
      const created = clock.daysAgo(rng.int(1, 900));
      insertProduct.run(rng.hexId(), rng.pick(brands), `Bench product ${i}`, rng.pick(categories), rng.int(5, 200), created, created, rng.float(0.2, 0.9), rng.int(0, 300), rng.chance(0.9) ? clock.daysAgo(rng.float(0, 400)) : null);
    }
  })();
}
