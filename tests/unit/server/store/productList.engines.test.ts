import { describe, expect, it } from 'vitest';
import { PRODUCT_SORTS, PRODUCT_TABS } from '../../../../src/shared/constants';
import { ProductListQuerySchema, type ProductListQueryInput } from '../../../../src/shared/http/products.schemas';
import { createProductListRepository } from '../../../../src/server/repositories/products/productListRepository';
import { useBothEngines, type EngineUnderTest } from './support/bothEngines';
import { B1_SCOPE, CATALOG_ROWS, sameOnBoth } from './support/catalogRows';

const both = useBothEngines(CATALOG_ROWS);
const NOW = new Date('2026-11-26T12:00:00.000Z');

/** Each filter family on its own, and a few together. */
const FILTERS: ProductListQueryInput[] = [
  {},
  { filters: JSON.stringify({ note: { values: ['has_note'] } }) },
  { filters: JSON.stringify({ note: { values: ['no_note'] } }) },
  { filters: JSON.stringify({ note: { values: [], text: 'spring' } }) },
  { filters: JSON.stringify({ note: { values: [], text: '50%' } }) },
  { filters: JSON.stringify({ category: ['Skincare', 'Makeup'] }) },
  { filters: JSON.stringify({ influencer: ['c1', 'c5'] }) },
  { filters: JSON.stringify({ brand: ['b2'] }) },
  { trending: 'true' },
  { search: 'GLOW' },
  { search: '50%' },
  { trending: 'true', search: 'dew', filters: JSON.stringify({ category: ['Skincare'], influencer: ['c5'] }) },
];

async function listing(engine: EngineUnderTest, input: ProductListQueryInput) {
  const list = createProductListRepository(engine.sql);
  const query = ProductListQuerySchema.parse({ brand_id: 'b1', per_page: 10, ...input });
  const since = await list.trendingSince(B1_SCOPE, NOW);
  return {
    since,
    count: await list.count(B1_SCOPE, query, since),
    page: await list.page(B1_SCOPE, query, since),
    second: await list.page(B1_SCOPE, { ...query, per_page: 10, page: 2 }, since),
    ids: await list.ids(B1_SCOPE, query, since),
  };
}

describe('the products list answers alike on SQLite and PostgreSQL', () => {
  it('count, page and ids for each tab, sort, direction and filter family (the merged walks of several competitors too)', async () => {
    let compared = 0;
    for (const tab of PRODUCT_TABS) {
      for (const sort of PRODUCT_SORTS) {
        for (const desc of ['true', 'false'] as const) {
          for (const filters of FILTERS) {
            const input = { tab, sort, desc, ...filters };
            const answer = await sameOnBoth(both.engines(), (engine) => listing(engine, input), JSON.stringify(input));
            expect(answer.ids.map((row) => row.product_id).slice(0, answer.page.length)).toEqual(answer.page.map((item) => item._id));
            expect(answer.ids).toHaveLength(answer.count);
            compared += answer.count;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(150);
  });

  it('searches names in any ASCII case and notes for a literal %; flags favorites, trash and notes', async () => {
    const glow = await sameOnBoth(both.engines(), (engine) => listing(engine, { search: 'gLoW', sort: 'new_products' }));
    expect(glow.page.map((item) => [item._id, item.is_favorite, item.has_note, item.is_competitor])).toEqual([['p2', true, false, false], ['p1', false, true, false]]);
    const promo = await sameOnBoth(both.engines(), (engine) => listing(engine, { tab: 'Competitors', filters: JSON.stringify({ note: { values: [], text: '50%' } }) }));
    expect(promo.page.map((item) => item._id)).toEqual(['p5']);
    const trash = await sameOnBoth(both.engines(), (engine) => listing(engine, { tab: 'Trash', sort: 'new_products', desc: 'false' }));
    expect(trash.page.map((item) => [item._id, item.is_trashed])).toEqual([['p4', true], ['p6', true]]);
  });

  it('the filter options of each tab, and again after a change', async () => {
    for (const tab of PRODUCT_TABS) {
      const options = await sameOnBoth(both.engines(), (engine) => createProductListRepository(engine.sql).options(B1_SCOPE, { tab }), tab);
      if (tab === 'My Products') {
        expect(options.note).toEqual([{ value: 'has_note', label: 'Has note', count: 1 }, { value: 'no_note', label: 'No note', count: 2 }]);
        expect(options.category).toEqual([{ value: 'Skincare', label: 'Skincare', count: 2 }, { value: 'Makeup', label: 'Makeup', count: 1 }]);
        expect(options.influencer).toEqual([
          { value: 'c1', label: 'Maya Stone', count: 2 }, { value: 'c2', label: 'Léa Martin', count: 2 }, { value: 'c3', label: 'ZOE 100% real', count: 1 },
        ]);
      }
    }
    const after = await sameOnBoth(both.engines(), async (engine) => {
      const list = createProductListRepository(engine.sql);
      await list.options(B1_SCOPE, { tab: 'My Products' });
      await engine.sql.run("UPDATE products SET category = 'Makeup' WHERE id = 'p2'");
      return list.options(B1_SCOPE, { tab: 'My Products' });
    });
    expect(after.category).toEqual([{ value: 'Makeup', label: 'Makeup', count: 2 }, { value: 'Skincare', label: 'Skincare', count: 1 }]);
  });
});
