import type Database from 'better-sqlite3';
import { ASK_INTRO_FLAG } from '../../shared/constants';

interface StageCounts {
  video_count: number;
  analysed_count: number;
  pending_count: number;
  processing_count: number;
}

/** Brand details, navbar figures and per-user flags (own brand's videos; trashed and removed ones still count). */
export function createOnboardingRepository(db: Database.Database) {
  const brand = db.prepare<[string], { id: string; name: string; picture: string | null }>('SELECT id, name, picture FROM brands WHERE id = ?');
  const updateBrand = db.prepare('UPDATE brands SET name = COALESCE(?, name), picture = COALESCE(?, picture) WHERE id = ?');
  const stages = db.prepare<[string], StageCounts>(
    `SELECT COUNT(*) AS video_count,
       COALESCE(SUM(analysis_stage = 'completed'), 0) AS analysed_count,
       COALESCE(SUM(analysis_stage = 'pending'), 0) AS pending_count,
       COALESCE(SUM(analysis_stage = 'processing'), 0) AS processing_count
     FROM videos WHERE brand_id = ?`,
  );
  const products = db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM products WHERE brand_id = ?');
  const first = db.prepare<[string], { _id: string; analysis_stage: 'pending' | 'processing' | 'completed' }>(
    'SELECT id AS _id, analysis_stage FROM videos WHERE brand_id = ? ORDER BY created_at, id LIMIT 1',
  );
  const flag = db.prepare<[string, string], { value: number }>('SELECT value FROM user_flags WHERE user_id = ? AND name = ?');
  const setFlag = db.prepare(
    'INSERT INTO user_flags (user_id, name, value, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (user_id, name) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at',
  );
  const byPlatform = db.prepare<[string], { platform: string; n: number }>('SELECT platform, COUNT(*) AS n FROM videos WHERE brand_id = ? GROUP BY platform ORDER BY platform');
  const uploads = db.prepare<[string], { n: number; last: string | null }>('SELECT COUNT(*) AS n, MAX(created_at) AS last FROM video_sources WHERE brand_id = ?');

  return {
    brand: (brandId: string) => brand.get(brandId) ?? null,
    updateBrand(brandId: string, name: string | null, picture: string | null): void {
      updateBrand.run(name, picture, brandId);
    },
    stageCounts: (brandId: string): StageCounts => stages.get(brandId) ?? { video_count: 0, analysed_count: 0, pending_count: 0, processing_count: 0 },
    productCount: (brandId: string): number => products.get(brandId)?.n ?? 0,
    firstVideo: (brandId: string) => first.get(brandId) ?? null,
    /** ask_reelscope_intro: true until the user says otherwise. */
    askIntro: (userId: string): boolean => (flag.get(userId, ASK_INTRO_FLAG)?.value ?? 1) === 1,
    setAskIntro(userId: string, value: boolean, at: string): void {
      setFlag.run(userId, ASK_INTRO_FLAG, value ? 1 : 0, at);
    },
    byPlatform: (brandId: string) => byPlatform.all(brandId),
    uploads: (brandId: string) => uploads.get(brandId) ?? { n: 0, last: null },
  };
}
export type OnboardingRepository = ReturnType<typeof createOnboardingRepository>;
