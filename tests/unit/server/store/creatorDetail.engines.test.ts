import { describe, expect, it } from 'vitest';
import { createCreatorDetailRepository } from '../../../../src/server/repositories/creators/creatorDetailRepository';
import { useBothEngines } from './support/bothEngines';
import { CATALOG_ROWS, sameOnBoth } from './support/catalogRows';

const both = useBothEngines(CATALOG_ROWS);

describe('the creator detail repository answers alike on SQLite and PostgreSQL', () => {
  it('rows with the figures of their videos (count, views per video, engagement index) and the brand\'s note flag', async () => {
    const rows = await sameOnBoth(both.engines(), async ({ sql }) =>
      (await createCreatorDetailRepository(sql).rows('b1', ['c1', 'c2', 'c5', 'c8', 'missing'])).sort((a, b) => a.id.localeCompare(b.id)));
    expect(rows.map((row) => [row.id, row.video_count, row.average_views_per_video, row.average_engagement_index, row.has_note, row.brand_name])).toEqual([
      // c1: 4000 views over 3 videos = 1333.3 → 1333; (37 + 5 + 120 + 31) per 100 of 4000 views = 4.825 → 4.83.
      ['c1', 3, 1333, 4.83, 1, 'Glow'],
      // c2: 3001 / 2 = 1500.5 → 1501 (half away from zero, as SQLite rounds; PostgreSQL's round of a double would say 1500).
      ['c2', 2, 1501, 0.77, 0, 'Glow'],
      ['c5', 2, 50000, 4.84, 0, 'Dewbloom'],
      ['c8', 0, 0, 0, 0, 'Aurora'],
    ]);
  });

  it('videos (trending, recent with the undated last, sponsored), thumbnails, products, brands, trackings, totals and user', async () => {
    const answer = await sameOnBoth(both.engines(), async ({ sql }) => {
      const detail = createCreatorDetailRepository(sql);
      const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
      return {
        trending: ids(await detail.videos('c1', 'trending', '2026-11-10T00:00:00.000Z', 12)),
        recent: ids(await detail.videos('c1', 'recent', '', 12)),
        sponsored: await detail.videos('c1', 'sponsored', '', 12),
        thumbnails: await detail.thumbnails('c1'),
        products: await detail.products('c1'),
        brands: await detail.brands('c5'),
        trackings: await detail.trackings('c1', '2026-11-19', '2026-11-30'),
        lastTracked: [await detail.lastTracked('c1'), await detail.lastTracked('c8')],
        totals: [await detail.totals('c1'), await detail.totals('c8')],
        user: [await detail.user('u1'), await detail.user('nobody')],
      };
    });
    expect(answer.trending).toEqual(['v1']);
    expect(answer.recent).toEqual(['v1', 'v2', 'v3']);
    expect(answer.sponsored.map((video) => [video.id, video.sponsored_by, video.creator_name])).toEqual([['v1', 'Glow', 'Maya Stone']]);
    expect(answer.thumbnails).toHaveLength(3);
    expect(answer.products.map((product) => [product.id, product.videos])).toEqual([['p1', 3], ['p5', 1], ['p3', 1]]);
    expect(answer.brands).toEqual([{ id: 'b2', name: 'Dewbloom', videos: 2 }, { id: 'b3', name: 'Aurora', videos: 1 }]);
    expect(answer.trackings.map((row) => row.date)).toEqual(['2026-11-19', '2026-11-20']);
    expect(answer.lastTracked).toEqual(['2026-11-20', null]);
    expect(answer.totals).toEqual([{ views: 4000, likes: 157, comments: 36 }, { views: null, likes: null, comments: null }]);
    expect(answer.user[1]).toBeNull();
  });

  it('edits change only the given fields of the brand\'s own creator', async () => {
    const after = await sameOnBoth(both.engines(), async ({ sql }) => {
      const detail = createCreatorDetailRepository(sql);
      await detail.update('c2', 'b1', { name: 'Léa M.', email: null, categories: ['fashion'], verified: true });
      await detail.update('c5', 'b1', { name: 'Not ours' });
      await detail.update('c1', 'b1', { country: 'CA' });
      return (await detail.rows('b1', ['c1', 'c2', 'c5'])).sort((a, b) => a.id.localeCompare(b.id))
        .map((row) => [row.name, row.email, row.country, row.categories, row.verified]);
    });
    expect(after).toEqual([
      ['Maya Stone', 'maya@example.com', 'CA', '["beauty","skin"]', 1],
      ['Léa M.', null, 'FR', '["fashion"]', 1],
      ['Maya Dew', 'dew@example.com', 'DE', '["beauty","skin"]', 1],
    ]);
  });
});
