import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSOCIATIONS_LIMIT, type VideoAssociation } from '../../../../src/server/repositories/videos/videoAssociations';
import { openVideoWorkspace, type VideoWorkspace } from './support/videoWorkspace';
import { firstValue, firstValues, namedParams } from '../support/testEngine';

// Issue 26 item 17: Video detail → Associations said nothing was related while the same creator had made another
// video of the same product and some 25 videos reviewed it. Checked against the seed with SQL written apart.
let w: VideoWorkspace;
beforeAll(async () => {
  w = await openVideoWorkspace(0.3);
}, 120_000);
afterAll(async () => w.close());

async function associationsOf(id: string): Promise<VideoAssociation[]> {
  const response = await w.get(`/jwt_api/videos/${id}/video_associations`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { associations: VideoAssociation[] }).associations;
}

const VISIBLE = `(v.brand_id = @brand OR v.brand_id IN (SELECT id FROM brands WHERE competitor_of = @brand))
  AND v.id NOT IN (SELECT video_id FROM video_removals WHERE brand_id = @brand)`;

describe('video associations', () => {
  it('lists the same creator\'s video of the same product first, then every review of the product', async () => {
    // An own video whose creator made another video naming one of its products.
    const pair = await w.sql.get<{ id: string; other: string }>(`SELECT a.video_id AS id, b.video_id AS other FROM video_products a
      JOIN video_products b ON b.product_id = a.product_id AND b.video_id != a.video_id
      JOIN videos va ON va.id = a.video_id JOIN videos vb ON vb.id = b.video_id
      WHERE va.brand_id = ? AND va.creator_id IS NOT NULL AND vb.creator_id = va.creator_id ORDER BY a.video_id LIMIT 1`, [w.brandId]);
    expect(pair, 'the seed has a creator with two videos of one product').toBeDefined();
    const { id, other } = pair!;
    const found = await associationsOf(id);
    expect(found[0]).toMatchObject({ video_id: other, kind: 'same_creator_and_product' });

    const reviews = await firstValues<string>(w.sql, ...namedParams(`SELECT DISTINCT v.id FROM video_products vp JOIN videos v ON v.id = vp.video_id
      WHERE vp.product_id IN (SELECT product_id FROM video_products WHERE video_id = @id) AND v.id != @id AND ${VISIBLE}`, { id, brand: w.brandId }));
    const sameCreator = await firstValues<string>(w.sql, ...namedParams(`SELECT v.id FROM videos v WHERE v.creator_id = (SELECT creator_id FROM videos WHERE id = @id) AND v.id != @id AND ${VISIBLE}`, { id, brand: w.brandId }));
    expect(reviews.length).toBeGreaterThan(10);
    const expected = new Set([...reviews, ...sameCreator]);
    expect(found.length).toBe(Math.min(expected.size + found.filter((row) => !expected.has(row.video_id)).length, ASSOCIATIONS_LIMIT));
    for (const row of found.filter((entry) => entry.kind.startsWith('same_'))) expect(expected.has(row.video_id), row.video_id).toBe(true);
    if (expected.size <= ASSOCIATIONS_LIMIT) for (const review of reviews) expect(found.map((row) => row.video_id)).toContain(review);
    // Closest first; every kind says what it is.
    expect(found.map((row) => row.score)).toEqual([...found.map((row) => row.score)].sort((a, b) => b - a));
    for (const row of found) {
      if (row.kind === 'same_product') expect(reviews).toContain(row.video_id);
      if (row.kind.startsWith('same_creator')) expect(sameCreator).toContain(row.video_id);
    }
  });

  it('never claims a same creator or product that is not so, and shows no video the brand cannot see', async () => {
    const ids = await firstValues<string>(w.sql, 'SELECT id FROM videos WHERE brand_id = ? ORDER BY id LIMIT 25', [w.brandId]);
    const creatorOf = (id: string) => firstValue<string | null>(w.sql, 'SELECT creator_id FROM videos WHERE id = ?', [id]);
    const brandOf = (id: string) => firstValue<string>(w.sql, 'SELECT brand_id FROM videos WHERE id = ?', [id]);
    const shared = (id: string, other: string) =>
      firstValue<number>(w.sql, 'SELECT COUNT(*) FROM video_products a JOIN video_products b ON b.product_id = a.product_id WHERE a.video_id = ? AND b.video_id = ?', [id, other]);
    const visible = new Set([w.brandId, ...w.competitorIds]);
    let listed = 0;
    for (const id of ids) {
      for (const row of await associationsOf(id)) {
        listed += 1;
        expect(row.video_id).not.toBe(id);
        expect(visible.has((await brandOf(row.video_id)) ?? '')).toBe(true);
        if (row.kind.startsWith('same_creator')) expect(await creatorOf(row.video_id)).toBe(await creatorOf(id));
        if (row.kind === 'same_product' || row.kind === 'same_creator_and_product') expect(await shared(id, row.video_id)).toBeGreaterThan(0);
      }
    }
    expect(listed).toBeGreaterThan(ids.length);
  });
});
