import { describe, expect, it } from 'vitest';
import { createAppManagerRepository } from '../../../../src/server/repositories/appManager/appManagerRepository';
import { useBothEngines } from './support/bothEngines';
import { answersAlike, BRAND_VIDEO_ROWS } from './support/brandVideoRows';

const both = useBothEngines(BRAND_VIDEO_ROWS);
const scope = (search = '', publishedOnly: 0 | 1 = 0) => ({ brand: 'b1', search, published_only: publishedOnly });

describe('the app manager repository answers alike on SQLite and PostgreSQL', () => {
  it('counts and pages the brand\'s untrashed videos by tab, published first, searched by title in any case', async () => {
    await answersAlike(both.engines(), async (sql, name) => {
      const appManager = createAppManagerRepository(sql);
      const counts = await appManager.counts(scope());
      expect(counts, name).toEqual({ brand: 2, shopper: 1, all: 3 });
      const all = await appManager.page('all', scope(), 10, 0);
      expect(all.map((row) => [row.id, row.by_brand, row.published]), name).toEqual([['v3', 1, 1], ['v2', 1, 1], ['v1', 0, 0]]);
      const shopper = await appManager.page('shopper', scope(), 10, 0);
      expect(shopper.map((row) => row.id), name).toEqual(['v1']);
      // The search folds ASCII case on both engines (instr on SQLite, strpos on PostgreSQL).
      const searched = await appManager.page('brand', scope('cream'), 10, 0);
      expect(searched.map((row) => row.id), name).toEqual(['v3']);
      const publishedOnly = await appManager.counts(scope('', 1));
      expect(publishedOnly, name).toEqual({ brand: 2, shopper: 0, all: 2 });
      return { counts, all, shopper, searched, publishedOnly, second: await appManager.page('all', scope(), 1, 1) };
    });
  });
});
