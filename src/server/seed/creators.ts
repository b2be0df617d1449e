import type Database from 'better-sqlite3';
import { CREATOR_TYPES } from '../../shared/constants';
import type { SeededBrand } from './accounts';
import { VOCABULARY } from './catalog';
import { type SeedClock } from './clock';
import { makeDemographics } from './demographics';
import { COUNTRIES, FIRST_NAMES, LAST_NAMES } from './people';
import type { Prng } from './prng';

/** What the video seeder needs to know about a creator. */
export interface SeededCreator {
  id: string;
  name: string;
  handle: string;
  platform: string;
  language: string;
}

export const TRACKING_DAYS = 365;
const CREATOR_PLATFORMS = ['Youtube', 'Tiktok', 'Instagram'] as const;

/** Creators per brand: its share of `total`, rounded up so every brand has some and the total is reached. */
export function creatorsPerBrand(total: number, weight: number): number {
  return Math.max(1, Math.ceil(total * weight));
}

/**
 * Inserts creators scoped to each brand with a year of daily tracking rows each. The first creator of the first
 * own brand is the vip_influencer demo user's channel. Video counts and latest dates are set after the videos exist.
 */
export function seedCreators(
  db: Database.Database,
  rng: Prng,
  brands: readonly { brand: SeededBrand; weight: number }[],
  total: number,
  vipUser: { id: string; name: string },
  clock: SeedClock,
): Map<string, SeededCreator[]> {
  const insertCreator = db.prepare(
    `INSERT INTO creators (id, brand_id, user_id, name, handle, platform, email, country, language, subscribers, video_count,
       creator_type, verified, picture, categories, latest_platform_video_published_at, demographics, sentiment_positive,
       sentiment_negative, average_views_per_video, average_engagement_index, influencer_performance_index, created_at)
     VALUES (@id, @brand_id, @user_id, @name, @handle, @platform, @email, @country, @language, @subscribers, 0, @creator_type,
       @verified, NULL, @categories, NULL, @demographics, @sentiment_positive, @sentiment_negative, @average_views_per_video,
       @average_engagement_index, @influencer_performance_index, @created_at)`,
  );
  const insertTracking = db.prepare(
    `INSERT INTO creator_daily_trackings (creator_id, date, comment_count, likes, sentiment_score, total_engagement, view_count,
       youtube_dislike_count, video_count) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const byBrand = new Map<string, SeededCreator[]>();
  let serial = 0;

  for (const { brand, weight } of brands) {
    const vocabulary = VOCABULARY[brand.catalog.domain];
    const list: SeededCreator[] = [];
    const count = creatorsPerBrand(total, weight);
    // One transaction per brand keeps the journal small while still batching thousands of rows.
    db.transaction(() => {
      for (let i = 0; i < count; i++) {
        serial += 1;
        const isVip = serial === 1;
        const name = isVip ? vipUser.name : `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
        const slug = name.normalize('NFKD').replace(/[^A-Za-z]/g, '').toLowerCase();
        const place = rng.pick(COUNTRIES);
        const platform = rng.pick(CREATOR_PLATFORMS);
        const subscribers = Math.round(Math.pow(10, rng.float(3, 6.7)));
        const positive = Math.round(rng.float(0.35, 0.85) * 1000) / 1000;
        const avgViews = Math.round(subscribers * rng.float(0.05, 0.6));
        const engagement = Math.round(rng.float(1, 12) * 100) / 100;
        const creator: SeededCreator = { id: rng.hexId(), name, handle: `@${slug}${serial}`, platform, language: place.language };
        insertCreator.run({
          id: creator.id,
          brand_id: brand.id,
          user_id: isVip ? vipUser.id : null,
          name,
          handle: creator.handle,
          platform,
          email: rng.chance(0.8) ? `${slug}${serial}@example.com` : null,
          country: place.country,
          language: place.language,
          subscribers,
          creator_type: rng.pick(CREATOR_TYPES),
          verified: rng.chance(0.25) ? 1 : 0,
          categories: JSON.stringify(rng.sample(vocabulary.creatorCategories, rng.int(1, 3))),
          demographics: JSON.stringify(makeDemographics(rng, brand.catalog.domain)),
          sentiment_positive: positive,
          sentiment_negative: Math.round(rng.float(0.02, 1 - positive) * 1000) / 1000,
          average_views_per_video: avgViews,
          average_engagement_index: engagement,
          influencer_performance_index: Math.round(rng.float(10, 100) * 10) / 10,
          created_at: clock.daysAgo(rng.int(400, 900)),
        });
        writeTrackings(insertTracking, rng, creator.id, subscribers, positive, clock);
        list.push(creator);
      }
    })();
    byBrand.set(brand.id, list);
  }
  return byBrand;
}

/** A year of daily statistics: a random walk around the creator's reach, oldest day first. */
function writeTrackings(insert: Database.Statement, rng: Prng, creatorId: string, subscribers: number, positive: number, clock: SeedClock): void {
  let level = subscribers * rng.float(0.01, 0.08);
  let videos = rng.int(20, 400);
  for (let day = TRACKING_DAYS - 1; day >= 0; day--) {
    level = Math.max(10, level * rng.float(0.9, 1.11));
    if (rng.chance(0.12)) videos += 1;
    const views = Math.round(level);
    const likes = Math.round(views * rng.float(0.02, 0.09));
    const comments = Math.round(likes * rng.float(0.03, 0.12));
    const dislikes = Math.round(likes * rng.float(0.005, 0.04));
    const score = Math.round(Math.min(1, Math.max(0, positive + rng.float(-0.15, 0.15))) * 1000) / 1000;
    insert.run(creatorId, clock.dateDaysAgo(day), comments, likes, score, likes + comments, views, dislikes, videos);
  }
}
