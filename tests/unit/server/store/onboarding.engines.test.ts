import { describe, expect, it } from 'vitest';
import { createOnboardingRepository } from '../../../../src/server/repositories/onboardingRepository';
import { BASE_ROWS, useBothEngines } from './support/bothEngines';

const video = (id: string, stage: string, platform: string, createdAt: string) =>
  `INSERT INTO videos (id, brand_id, title, platform, video_url, analysis_stage, created_at, updated_at)
   VALUES ('${id}', 'b1', 'Video ${id}', '${platform}', 'https://v.example/${id}', '${stage}', '${createdAt}', '${createdAt}');`;

const both = useBothEngines(`${BASE_ROWS}
${video('v2', 'completed', 'youtube', '2026-11-02T00:00:00.000Z')}
${video('v1', 'pending', 'tiktok', '2026-11-01T00:00:00.000Z')}
${video('v3', 'completed', 'youtube', '2026-11-03T00:00:00.000Z')}
${video('v4', 'processing', 'instagram', '2026-11-04T00:00:00.000Z')}
INSERT INTO products (id, brand_id, name, category, description, price, created_at, updated_at)
  VALUES ('p1', 'b1', 'Serum', 'skin', 'A serum', 20, '2026-11-01', '2026-11-01');
INSERT INTO video_sources (video_id, brand_id, user_id, source, external_ref, created_at)
  VALUES ('v1', 'b1', 'u1', 'upload', 'f1', '2026-11-01T00:00:00.000Z'), ('v4', 'b1', 'u1', 'upload', 'f4', '2026-11-04T00:00:00.000Z');`);

describe('the onboarding repository answers alike on SQLite and PostgreSQL', () => {
  it("counts a brand's videos by stage and platform, its products and uploads, and finds its first video", async () => {
    const answers = [];
    for (const { name, sql } of both.engines()) {
      const onboarding = createOnboardingRepository(sql);
      const figures = {
        stages: await onboarding.stageCounts('b1'),
        emptyStages: await onboarding.stageCounts('b2'),
        products: await onboarding.productCount('b1'),
        first: await onboarding.firstVideo('b1'),
        none: await onboarding.firstVideo('b2'),
        byPlatform: await onboarding.byPlatform('b1'),
        uploads: await onboarding.uploads('b1'),
        noUploads: await onboarding.uploads('b2'),
      };
      expect(figures, name).toEqual({
        stages: { video_count: 4, analysed_count: 2, pending_count: 1, processing_count: 1 },
        emptyStages: { video_count: 0, analysed_count: 0, pending_count: 0, processing_count: 0 },
        products: 1,
        first: { _id: 'v1', analysis_stage: 'pending' },
        none: null,
        byPlatform: [{ platform: 'instagram', n: 1 }, { platform: 'tiktok', n: 1 }, { platform: 'youtube', n: 2 }],
        uploads: { n: 2, last: '2026-11-04T00:00:00.000Z' },
        noUploads: { n: 0, last: null },
      });
      answers.push(figures);
    }
    expect(answers[1]).toEqual(answers[0]);
  });

  it("renames a brand and sets its logo, keeping what is not sent, and keeps the assistant-intro flag per user", async () => {
    for (const { name, sql } of both.engines()) {
      const onboarding = createOnboardingRepository(sql);
      await onboarding.updateBrand('b1', null, '/media/brands/logo.png');
      await onboarding.updateBrand('b1', 'Glow Labs', null);
      expect(await onboarding.brand('b1'), name).toEqual({ id: 'b1', name: 'Glow Labs', picture: '/media/brands/logo.png' });
      expect(await onboarding.brand('gone'), name).toBeNull();
      expect(await onboarding.askIntro('u1'), name).toBe(true);
      await onboarding.setAskIntro('u1', false, '2026-11-05T00:00:00.000Z');
      expect(await onboarding.askIntro('u1'), name).toBe(false);
      await onboarding.setAskIntro('u1', true, '2026-11-06T00:00:00.000Z');
      expect(await onboarding.askIntro('u1'), name).toBe(true);
    }
  });
});
