import { describe, expect, it } from 'vitest';
import { createProductDetailRepository } from '../../../../src/server/repositories/products/productDetailRepository';
import { likeContains } from '../../../../src/server/repositories/videos/videoScope';
import { useBothEngines } from './support/bothEngines';
import { B1_SCOPE, CATALOG_ROWS, sameOnBoth } from './support/catalogRows';

const both = useBothEngines(CATALOG_ROWS);

describe('the product detail repository answers alike on SQLite and PostgreSQL', () => {
  it('finds visible products with the brand\'s view; lists videos (undated last), influencers, counts, names, categories', async () => {
    const answer = await sameOnBoth(both.engines(), async ({ sql }) => {
      const detail = createProductDetailRepository(sql);
      const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
      return {
        found: await detail.find(B1_SCOPE, 'p1'),
        competitor: (await detail.find(B1_SCOPE, 'p5'))?.is_favorite,
        hidden: await detail.find({ brandId: 'b2', competitorIds: [] }, 'p1'),
        recent: ids(await detail.videos('p1', 'recent', '', 10)),
        views: ids(await detail.videos('p1', 'views', '2026-11-01T00:00:00.000Z', 10)),
        paged: ids(await detail.videos('p1', 'recent', '', 2, 2)),
        videoCount: await detail.videoCount('p1'),
        trending: await detail.influencers('p5', 'trending', 10),
        popular: ids(await detail.influencers('p5', 'popular', 10)),
        influencerCount: await detail.influencerCount('p5'),
        names: await detail.names('b1'),
        categories: await detail.categories(),
      };
    });
    expect(answer.found).toMatchObject({ id: 'p1', brand_name: 'Glow', video_reviews: 4, sentiment_positive: 0.5, is_favorite: 0, is_trashed: 0, has_note: 1 });
    expect(answer.competitor).toBe(1);
    expect(answer.hidden).toBeNull();
    expect(answer.recent).toEqual(['v1', 'v2', 'v4', 'v3']);
    expect(answer.views).toEqual(['v2', 'v1']);
    expect(answer.paged).toEqual(['v4', 'v3']);
    expect(answer.videoCount).toBe(4);
    expect(answer.trending.map((row) => [row.id, row.videos, row.latest_video_at])).toEqual([['c5', 2, '2026-11-22T10:00:00.000Z'], ['c1', 1, '2026-11-20T10:00:00.000Z']]);
    expect(answer.popular).toEqual(['c5', 'c1']);
    expect(answer.influencerCount).toBe(2);
    expect(answer.names.map((row) => row.name)).toEqual(['Glow Serum', 'Lip Tint 50%', 'Sun Shield', 'glow cream']);
    expect(answer.categories.map((row) => row.name)).toEqual(['Makeup', 'Skincare', 'Suncare']);
  });

  it('a name is taken in any ASCII case; create and update add the category once; autocomplete finds products and hashtags', async () => {
    const answer = await sameOnBoth(both.engines(), async ({ sql }) => {
      const detail = createProductDetailRepository(sql);
      const taken = [await detail.nameTaken('b1', 'GLOW SERUM'), await detail.nameTaken('b1', 'glow serum', 'p1'), await detail.nameTaken('b2', 'Glow Serum')];
      const id = await detail.create('b1', { name: 'Night Oil', category: 'Bodycare', description: 'Oil', price: 24, pictures: ['a.jpg'] }, '2026-11-26T00:00:00.000Z');
      await detail.update('p2', 'b1', { name: 'Glow Cream', category: 'Bodycare', description: 'Rich', price: 30, pictures: [] }, '2026-11-26T01:00:00.000Z');
      const created = await detail.find(B1_SCOPE, id);
      const updated = await detail.find(B1_SCOPE, 'p2');
      return {
        taken,
        created: created && [created.name, created.category, created.pictures, created.price],
        updated: updated && [updated.name, updated.description, updated.pictures, updated.updated_at],
        categories: (await detail.categories()).map((row) => row.name),
        autocomplete: await detail.autocomplete(['b1', 'b2'], likeContains('glow')),
        percent: await detail.autocomplete(['b1', 'b2', 'b3'], likeContains('50%')),
      };
    });
    expect(answer.taken).toEqual([true, false, false]);
    expect(answer.created).toEqual(['Night Oil', 'Bodycare', '["a.jpg"]', 24]);
    expect(answer.updated).toEqual(['Glow Cream', 'Rich', '[]', '2026-11-26T01:00:00.000Z']);
    expect(answer.categories).toEqual(['Bodycare', 'Makeup', 'Skincare', 'Suncare']);
    expect(answer.autocomplete).toEqual({ products: [{ id: 'p2', name: 'Glow Cream' }, { id: 'p1', name: 'Glow Serum' }], tags: ['#GlowSpring', '#dewglow'] });
    expect(answer.percent.products.map((row) => row.id)).toEqual(['p3']);
  });
});
