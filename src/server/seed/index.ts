import type Database from 'better-sqlite3';
import { seedAccounts, type SeededBrand } from './accounts';
import { seedCampaigns } from './campaigns';
import { SeedClock, seedAnchorOf } from './clock';
import { seedChat } from './chat';
import { seedCreators } from './creators';
import { seedLicensing } from './licensing';
import { seedMarks } from './marks';
import type { MediaStore } from '../media/mediaStore';
import { copyDemoMedia, copyDemoMediaTo, resolveMediaSourceDir } from './media';
import { Prng } from './prng';
import { seedProducts } from './products';
import { seedShowcase } from './showcase';
import { seedVideos } from './videos';
import { SEARCH_BUILD_SQL, SEARCH_TRIGGERS } from '../search/searchIndexSql';
import { saveSearchSnapshot } from '../search/searchSnapshot';
import { createSqliteClient } from '../db/sqliteClient';
import { rebuildTranscriptTerms } from '../search/transcriptIndex';

export { resolveMediaSourceDir } from './media';

/** Row counts per table written by the seed (table name → rows). */
export type SeedSummary = Record<string, number>;

/** Options of the demo seed. */
export interface SeedOptions {
  /** Folder the demo media files are copied into (the back end serves it under MEDIA_URL_PREFIX). */
  mediaDir: string;
  /** The store the demo media go to instead of `mediaDir` (the server's, which may be a bucket). */
  mediaStore?: MediaStore | null;
  /** Size multiplier: 1 gives ≥600 videos and ≥150 creators; 0.1 a tenth, 10 ten times. Default 1. */
  scale?: number;
  /** Creator multiplier when it should differ from `scale` (each creator adds 365 tracking rows). Default: scale. */
  creatorScale?: number;
  /** Where the bundled media live; found automatically in dev, pass it from a packaged app. */
  mediaSourceDir?: string;
  /** PRNG seed; the default gives the standard demo workspace. */
  seed?: number;
  /**
   * When the workspace is created (default: now). Its UTC day is the anchor every seeded date is an offset from, so
   * the newest videos are from the hours before it; stored in `demo_seed` (see readSeedAnchor).
   */
  createdAt?: Date;
}

export const DEFAULT_SEED = 20261101;
export const VIDEOS_PER_SCALE = 600;
export const CREATORS_PER_SCALE = 150;

/** Tables the summary reports, in seeding order. */
export const SEEDED_TABLES = [
  'users', 'brands', 'brand_members', 'product_categories', 'products', 'creators', 'creator_daily_trackings', 'videos',
  'transcript_lines', 'video_products', 'video_people', 'video_associations', 'notes', 'marks', 'campaigns', 'campaign_videos',
  'mail_campaigns', 'license_agreements', 'license_purchases', 'reports', 'widgets', 'widget_videos', 'playlists',
  'playlist_videos', 'chat_channels', 'chat_messages',
] as const;

// Own brands share 55% of videos and creators, their competitors 45%.
const OWN_SHARE = 0.55;

/**
 * Fills an empty, migrated database with the deterministic demo workspace and copies the demo media into
 * `options.mediaDir`. Two runs with the same options on the same day give identical rows (password hashes aside):
 * every value comes from one seeded PRNG and dates are offsets from the creation day. Throws if the database already
 * has users.
 */
export async function seedDemoWorkspace(db: Database.Database, options: SeedOptions): Promise<SeedSummary> {
  // The search indexes' triggers (migration 005) would log and index every row one by one; they are built once at the end.
  // The activity log's (migration 029) would log every seeded row, only to be emptied below: rows spread through the
  // whole file, whose deletion left holes that later writes fill (a blob written into holes lies scattered, and each
  // page of it read through the memory map brings its neighbours into the process too: the kernel's fault-around).
  const restore = [...SEARCH_TRIGGERS, ...activityTriggers(db)].map((name) => suspendTrigger(db, name));
  let summary: SeedSummary;
  try {
    summary = await seedRows(db, options);
  } finally {
    for (const again of restore.reverse()) again();
  }
  // A workspace migrated only part of the way (tests of older steps) has the indexes of its version.
  if (!tableExists(db, 'transcript_words') && tableExists(db, 'video_texts')) db.exec(SEARCH_BUILD_SQL);
  // The seeded workspace is where the team starts, not something a teammate did: nothing in the activity view.
  if (tableExists(db, 'brand_changes')) db.exec('DELETE FROM brand_changes');
  // The snapshot before the transcript terms: their build frees pages here and there, and a snapshot written into
  // those holes lies scattered through the file, which a start then reads page by page (see above).
  await saveSearchSnapshot(createSqliteClient(db));
  if (tableExists(db, 'transcript_words')) rebuildTranscriptTerms(db);
  return summary;
}

/** Every seeded row (see seedDemoWorkspace). */
async function seedRows(db: Database.Database, options: SeedOptions): Promise<SeedSummary> {
  const scale = options.scale ?? 1;
  if (!(scale > 0)) throw new Error(`Seed scale must be positive, got ${scale}`);
  const existing = db.prepare('SELECT COUNT(*) FROM users').pluck().get() as number;
  if (existing > 0) throw new Error('The database already has users; the demo workspace is only seeded into an empty one.');
  const seed = options.seed ?? DEFAULT_SEED;
  const mediaSource = resolveMediaSourceDir(options.mediaSourceDir);
  if (options.mediaStore) await copyDemoMediaTo(mediaSource, options.mediaStore);
  else copyDemoMedia(mediaSource, options.mediaDir);
  const createdAt = options.createdAt ?? new Date();
  const clock = new SeedClock(seedAnchorOf(createdAt));
  // A workspace migrated only part of the way (tests of older steps) has no place for it.
  if (tableExists(db, 'demo_seed')) db.prepare('INSERT INTO demo_seed (only_row, anchor_day) VALUES (1, ?)').run(clock.anchorDay);

  const accounts = await seedAccounts(db, Prng.derive(seed, 'accounts'), clock);
  const { ownBrands, competitorBrands } = accounts;
  const allBrands = [...ownBrands, ...competitorBrands];
  const weightOf = (brand: SeededBrand): number =>
    brand.competitorOf === null ? OWN_SHARE / ownBrands.length : (1 - OWN_SHARE) / competitorBrands.length;

  const products = seedProducts(db, Prng.derive(seed, 'products'), allBrands, clock);
  const vipName = db.prepare("SELECT first_name || ' ' || last_name FROM users WHERE id = ?").pluck().get(accounts.vipId) as string;
  const creators = seedCreators(
    db,
    Prng.derive(seed, 'creators'),
    allBrands.map((brand) => ({ brand, weight: weightOf(brand) })),
    Math.round(CREATORS_PER_SCALE * (options.creatorScale ?? scale)),
    { id: accounts.vipId, name: vipName },
    clock,
  );

  const rivalsOf = (brand: SeededBrand): string[] => {
    const rivals = brand.competitorOf === null
      ? competitorBrands.filter((rival) => rival.competitorOf === brand.id)
      : ownBrands.filter((own) => own.id === brand.competitorOf);
    return rivals.flatMap((rival) => rival.catalog.products.map((product) => product.name));
  };
  const restoreFtsTrigger = suspendTrigger(db, 'transcript_lines_ai');
  try {
    seedVideos(
      db,
      Prng.derive(seed, 'videos'),
      allBrands.map((brand) => ({
        brand,
        weight: weightOf(brand),
        products: products.get(brand.id) ?? [],
        creators: creators.get(brand.id) ?? [],
        rivalProducts: rivalsOf(brand),
      })),
      Math.max(1, Math.round(VIDEOS_PER_SCALE * scale)),
      clock,
    );
    // One bulk index build is several times faster than indexing line by line through the trigger.
    db.exec("INSERT INTO transcript_fts(transcript_fts) VALUES ('rebuild')");
  } finally {
    restoreFtsTrigger();
  }
  // Creator statistics that follow from the videos.
  db.exec(`UPDATE creators SET
    video_count = (SELECT COUNT(*) FROM videos v WHERE v.creator_id = creators.id),
    average_views_per_video = COALESCE((SELECT ROUND(CAST(SUM(v.views) AS REAL) / COUNT(*)) FROM videos v WHERE v.creator_id = creators.id), 0),
    average_engagement_index = COALESCE((SELECT ROUND(100.0 * SUM(v.likes + v.comments) / NULLIF(SUM(v.views), 0), 2) FROM videos v WHERE v.creator_id = creators.id), 0),
    latest_platform_video_published_at = COALESCE((SELECT MAX(published_at) FROM videos v WHERE v.creator_id = creators.id), created_at)`);

  seedMarks(db, Prng.derive(seed, 'marks'), accounts, clock);
  seedCampaigns(db, Prng.derive(seed, 'campaigns'), accounts, clock);
  seedLicensing(db, Prng.derive(seed, 'licensing'), accounts, clock);
  seedShowcase(db, Prng.derive(seed, 'showcase'), accounts, clock);
  seedChat(db, Prng.derive(seed, 'chat'), accounts, clock);

  const summary: SeedSummary = {};
  for (const table of SEEDED_TABLES) summary[table] = db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number;
  return summary;
}

function tableExists(db: Database.Database, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").pluck().get(name) !== undefined;
}

/** The day the demo workspace was seeded (its anchor, 00:00 UTC), or null when it was not. */
export function readSeedAnchor(db: Database.Database): Date | null {
  if (!tableExists(db, 'demo_seed')) return null;
  const day = db.prepare('SELECT anchor_day FROM demo_seed WHERE only_row = 1').pluck().get() as string | undefined;
  return day === undefined ? null : new Date(`${day}T00:00:00.000Z`);
}

/** Drops a trigger and returns a function that recreates it from its recorded SQL. */
/** The triggers that log changes into the activity view's `brand_changes` (none before migration 029). */
function activityTriggers(db: Database.Database): string[] {
  return db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name <> 'brand_changes' AND sql LIKE '%INSERT INTO brand_changes%'").pluck().all() as string[];
}

function suspendTrigger(db: Database.Database, name: string): () => void {
  const sql = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?").pluck().get(name) as string | undefined;
  if (!sql) return () => undefined;
  db.exec(`DROP TRIGGER ${name}`);
  return () => db.exec(sql);
}
