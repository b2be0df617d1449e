import { describe, expect, it } from 'vitest';
import { createShopperFeedRepository } from '../../../../src/server/repositories/gateway/shopperFeedRepository';
import { useBothEngines } from './support/bothEngines';
import { answersAlike, BRAND_VIDEO_ROWS } from './support/brandVideoRows';

const both = useBothEngines(BRAND_VIDEO_ROWS);

describe('the shopper feed repository answers alike on SQLite and PostgreSQL', () => {
  it('pages the brand\'s published videos newest first with their products by name, and a version that counts them', async () => {
    await answersAlike(both.engines(), async (sql, name) => {
      const feed = createShopperFeedRepository(sql);
      const version = await feed.version('b1');
      expect(version, name).toEqual({ total: 2, newest: '2026-11-22T08:00:00.000Z', edited: '2026-11-26T10:00:00.000Z' });
      const first = await feed.page('b1', 1, 0);
      const second = await feed.page('b1', 1, 1);
      expect([...first, ...second].map((row) => row.id), name).toEqual(['v3', 'v2']);
      const products = await feed.productsOf('v2');
      expect(products, name).toEqual([{ _id: 'p2', name: 'Cream', price: 12.5 }, { _id: 'p1', name: 'Serum', price: 20 }]);
      return { version, first, second, products, none: await feed.version('b2') };
    });
  });
});
