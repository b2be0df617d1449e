import type { SqlClient } from '../db/sqlClient';
import { ASK_INTRO_FLAG } from '../../shared/constants';

interface StageCounts {
  video_count: number;
  analysed_count: number;
  pending_count: number;
  processing_count: number;
}

type Stage = 'pending' | 'processing' | 'completed';
const NO_STAGES: StageCounts = { video_count: 0, analysed_count: 0, pending_count: 0, processing_count: 0 };
// CASE, not SQLite's sum of a comparison: PostgreSQL does not add booleans; this text reads the same on both.
const countOf = (stage: Stage) => `COALESCE(SUM(CASE WHEN analysis_stage = '${stage}' THEN 1 ELSE 0 END), 0)`;

/** Brand details, navbar figures and per-user flags (own brand's videos; trashed and removed ones still count). */
export function createOnboardingRepository(sql: SqlClient) {
  return {
    brand: async (brandId: string) => (await sql.get<{ id: string; name: string; picture: string | null }>('SELECT id, name, picture FROM brands WHERE id = ?', [brandId])) ?? null,
    async updateBrand(brandId: string, name: string | null, picture: string | null): Promise<void> {
      await sql.run('UPDATE brands SET name = COALESCE(?, name), picture = COALESCE(?, picture) WHERE id = ?', [name, picture, brandId]);
    },
    async stageCounts(brandId: string): Promise<StageCounts> {
      const row = await sql.get<StageCounts>(
        `SELECT COUNT(*) AS video_count, ${countOf('completed')} AS analysed_count, ${countOf('pending')} AS pending_count,
           ${countOf('processing')} AS processing_count
         FROM videos WHERE brand_id = ?`,
        [brandId],
      );
      return row ?? NO_STAGES;
    },
    productCount: async (brandId: string): Promise<number> => (await sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM products WHERE brand_id = ?', [brandId]))?.n ?? 0,
    firstVideo: async (brandId: string) =>
      (await sql.get<{ _id: string; analysis_stage: Stage }>('SELECT id AS _id, analysis_stage FROM videos WHERE brand_id = ? ORDER BY created_at, id LIMIT 1', [brandId])) ?? null,
    /** ask_reelscope_intro: true until the user says otherwise. */
    async askIntro(userId: string): Promise<boolean> {
      const row = await sql.get<{ value: number }>('SELECT value FROM user_flags WHERE user_id = ? AND name = ?', [userId, ASK_INTRO_FLAG]);
      return (row?.value ?? 1) === 1;
    },
    async setAskIntro(userId: string, value: boolean, at: string): Promise<void> {
      await sql.run(
        'INSERT INTO user_flags (user_id, name, value, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (user_id, name) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at',
        [userId, ASK_INTRO_FLAG, value ? 1 : 0, at],
      );
    },
    byPlatform: (brandId: string) =>
      sql.all<{ platform: string; n: number }>('SELECT platform, COUNT(*) AS n FROM videos WHERE brand_id = ? GROUP BY platform ORDER BY platform', [brandId]),
    uploads: async (brandId: string) =>
      (await sql.get<{ n: number; last: string | null }>('SELECT COUNT(*) AS n, MAX(created_at) AS last FROM video_sources WHERE brand_id = ?', [brandId])) ?? { n: 0, last: null },
  };
}
export type OnboardingRepository = ReturnType<typeof createOnboardingRepository>;
