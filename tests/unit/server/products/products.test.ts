import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inList } from '../../../../src/server/db/sqlClient';
import { PRODUCT_SORTS, PRODUCT_TABS } from '../../../../src/shared/constants';
import type { ProductDetailResponse, ProductFiltersInput, ProductListResponse } from '../../../../src/shared/http/products.schemas';
import { openVideoWorkspace, type VideoWorkspace } from '../videos/support/videoWorkspace';
import { ENGINE, firstValue, firstValues } from '../support/testEngine';

let w: VideoWorkspace;
beforeAll(async () => {
  w = await openVideoWorkspace();
}, 120_000);
afterAll(async () => w.close());

async function list(query: Record<string, unknown> = {}): Promise<ProductListResponse> {
  const response = await w.get('/jwt_api/products', { per_page: 100, ...query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const ids = (body: ProductListResponse): string[] => body.products.map((p) => p._id);
const TRASHED = "SELECT target_id FROM marks WHERE mark = 'trash' AND kind = 'product' AND brand_id = @b";
/** Products matching `where`, in which each `@b` stands for the acting brand's id. */
const sqlCount = async (where: string): Promise<number | undefined> =>
  firstValue<number>(w.sql, `SELECT COUNT(*) FROM products p WHERE ${where.replaceAll('@b', '?')}`, where.split('@b').slice(1).map(() => w.brandId));

describe('GET /products tabs', () => {
  it('My Products holds the own brand\'s untrashed products; the tabs add up to every visible product', async () => {
    const counts: Record<string, number> = {};
    for (const tab of PRODUCT_TABS) counts[tab] = (await list({ tab })).data.count;
    expect(counts['My Products']).toBe(await sqlCount(`p.brand_id = @b AND p.id NOT IN (${TRASHED})`));
    const scope = [w.brandId, ...w.competitorIds];
    const all = await firstValue(w.sql, `SELECT COUNT(*) FROM products WHERE brand_id IN (${scope.map(() => '?').join(',')})`, scope);
    expect((counts['My Products'] ?? 0) + (counts.Competitors ?? 0) + (counts.Trash ?? 0)).toBe(all);
    for (const tab of PRODUCT_TABS) expect(counts[tab], tab).toBeGreaterThan(0);
  });

  it('each tab holds only its products', async () => {
    expect((await list()).products.every((p) => p.brand_id === w.brandId && !p.is_trashed)).toBe(true);
    expect((await list({ tab: 'Competitors' })).products.every((p) => p.is_competitor && !p.is_trashed)).toBe(true);
    expect((await list({ tab: 'Favorites' })).products.every((p) => p.is_favorite && !p.is_trashed)).toBe(true);
    expect((await list({ tab: 'Trash' })).products.every((p) => p.is_trashed)).toBe(true);
  });

  it('another user\'s brand and a competitor as acting brand answer 404', async () => {
    const stranger = await firstValue<string>(w.sql, "SELECT b.id FROM brands b JOIN users u ON u.email = 'pending@reelscope.app' JOIN brand_members m ON m.user_id = u.id AND m.brand_id = b.id");
    expect((await w.get('/jwt_api/products', { brand_id: stranger })).statusCode).toBe(404);
    expect((await w.get('/jwt_api/products', { brand_id: w.competitorIds[0] })).statusCode).toBe(404);
    const foreign = await firstValue<string>(w.sql, 'SELECT id FROM products WHERE brand_id = ?', [w.otherBrandId]);
    expect((await w.get(`/jwt_api/products/${foreign}`)).statusCode).toBe(404);
    expect((await w.send('PUT', `/jwt_api/products/${foreign}/trash_product`)).statusCode).toBe(404);
    expect((await w.send('POST', '/jwt_api/products/restore_products', { product_ids: [foreign] })).statusCode).toBe(404);
  });
});

describe('GET /products filters, sorts and paging', () => {
  it('each filter option count equals the list count with that filter', async () => {
    for (const tab of ['My Products', 'Competitors'] as const) {
      const { filters } = (await list({ tab })).data;
      const checks: [keyof typeof filters, (value: string) => ProductFiltersInput][] = [
        ['category', (value) => ({ category: [value] })],
        ['brand', (value) => ({ brand: [value] })],
        ['influencer', (value) => ({ influencer: [value] })],
        ['note', (value) => ({ note: { values: [value as 'has_note'] } })],
      ];
      for (const [family, filter] of checks) {
        expect(filters[family].length, `${tab} ${family}`).toBeGreaterThan(0);
        for (const option of filters[family].slice(0, 3)) {
          const body = await list({ tab, filters: filter(option.value) });
          expect(body.data.count, `${tab} ${family}=${option.value}`).toBe(option.count);
        }
      }
    }
  });

  it('note text, trending, influencer and search narrow to what SQL says', async () => {
    expect((await list({ filters: { note: { text: 'licensing' } } })).data.count).toBe(
      // lower(): SQLite's LIKE ignores ASCII case, PostgreSQL's does not.
      await sqlCount(`p.brand_id = @b AND p.id NOT IN (${TRASHED}) AND EXISTS (SELECT 1 FROM notes n WHERE n.kind = 'product' AND n.target_id = p.id AND n.brand_id = @b AND lower(n.content) LIKE '%licensing%')`),
    );
    const trending = await list({ trending: true });
    expect(trending.data.count).toBeGreaterThan(0);
    expect(trending.data.count).toBeLessThan((await list()).data.count + 1);
    expect(trending.products.every((p) => p.trending)).toBe(true);
    const first = (await list()).products[0];
    const found = await list({ search: first?.name.slice(0, 5).toUpperCase() });
    expect(ids(found)).toContain(first?._id);
  });

  it('every sort orders the page as it says, and paging walks the same order', async () => {
    for (const sort of PRODUCT_SORTS) {
      const all = (await list({ tab: 'Competitors', sort })).products;
      const key = (p: (typeof all)[number]): number | string => (sort.endsWith('sentiment') ? p.sentiment : sort === 'new_products' ? p.created_at : p.video_reviews);
      const ordered = [...all].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a._id < b._id ? -1 : 1));
      if (sort !== 'lowest_sentiment') ordered.reverse();
      expect(all.map(key), sort).toEqual(ordered.map(key));
      const pageSize = 10;
      const pages = [...(await list({ tab: 'Competitors', sort, per_page: pageSize })).products, ...(await list({ tab: 'Competitors', sort, per_page: pageSize, page: 2 })).products];
      expect(pages.map((p) => p._id), sort).toEqual(all.slice(0, pages.length).map((p) => p._id));
      // The exact order, ties included, as one SQL ORDER BY over the competitors' products has it (the page merges
      // each competitor's walk), in both directions.
      for (const desc of [true, false]) {
        const listed = (await list({ tab: 'Competitors', sort, desc, per_page: 100 })).products.map((p) => p._id);
        const column = sort.endsWith('sentiment') ? 'sentiment_positive' : sort === 'new_products' ? 'created_at' : 'video_reviews';
        const dir = sort === 'highest_sentiment' ? 'DESC' : sort === 'lowest_sentiment' ? 'ASC' : desc ? 'DESC' : 'ASC';
        const among = inList(w.sql, 'id', listed);
        const expected = await firstValues(w.sql, `SELECT id FROM products WHERE ${among.sql} ORDER BY ${column} ${dir}, id ${dir}`, [among.param]);
        expect(listed, `${sort} ${desc}`).toEqual(expected);
        const third = (await list({ tab: 'Competitors', sort, desc, per_page: 10, page: 3 })).products.map((p) => p._id);
        expect(third).toEqual(listed.slice(20, 30));
      }
    }
    const asc = (await list({ sort: 'new_products', desc: false })).products.map((p) => p.created_at);
    expect(asc).toEqual([...asc].sort());
    const body = await list({ per_page: 10 });
    expect(body.data.totalPages).toBe(Math.ceil(body.data.count / 10));
    expect((await w.get('/jwt_api/products', { per_page: 7 })).statusCode).toBe(400);
  });

  it('get_product_ids answers every match in list order', async () => {
    const body = await list({ tab: 'Competitors' });
    const response = await w.get('/jwt_api/products/get_product_ids', { tab: 'Competitors' });
    const all = response.json() as { count: number; products: { product_id: string; manufacturer_ids: string[]; is_favorite: boolean }[] };
    expect(all.count).toBe(body.data.count);
    expect(all.products.slice(0, body.products.length).map((p) => p.product_id)).toEqual(ids(body));
    // Favorite or unfavorite "select all" keeps only what changes: the ids carry the acting brand's favorite mark.
    expect(all.products.slice(0, body.products.length).map((p) => p.is_favorite)).toEqual(body.products.map((p) => p.is_favorite));
  });

  // SQLite's query planner itself (EXPLAIN QUERY PLAN): PostgreSQL plans differently and has no such text.
  it.skipIf(ENGINE === 'postgres')('the page query walks an index in sort order (EXPLAIN QUERY PLAN)', async () => {
    const { createProductListRepository } = await import('../../../../src/server/repositories/products/productListRepository');
    const repo = createProductListRepository(w.sql);
    const scope = { brandId: w.brandId, competitorIds: w.competitorIds };
    const base = { tab: 'My Products', desc: true, trending: false, search: '', page: 1, per_page: 10 } as const;
    expect((await repo.explainPage(scope, { ...base, sort: 'highest_sentiment' }, '')).join('\n')).toContain('products_brand_sentiment');
    expect((await repo.explainPage(scope, { ...base, sort: 'highest_video_reviews' }, '')).join('\n')).toContain('products_brand_reviews');
    expect((await repo.explainPage(scope, { ...base, sort: 'new_products' }, '')).join('\n')).toMatch(/products_brand_(new|created)/);
  });
});

describe('product detail', () => {
  it('has pictures, videos, influencers and the brand\'s product names; videos and influencers page', async () => {
    const product = (await list({ sort: 'highest_video_reviews' })).products[0];
    const detail = (await w.get(`/jwt_api/products/${product?._id}`)).json() as ProductDetailResponse;
    expect(detail.product._id).toBe(product?._id);
    expect(detail.pictures.length).toBeGreaterThan(0);
    expect(detail.videos.recent.length).toBeGreaterThan(0);
    expect(detail.influencers.popular.length).toBeGreaterThan(0);
    expect(detail.names.map((n) => n._id)).toContain(product?._id);
    const videos = (await w.get(`/jwt_api/products/${product?._id}/videos`, { per_page: 10 })).json() as { videos: unknown[]; count: number };
    expect(videos.count).toBe(product?.video_reviews);
    const influencers = (await w.get(`/jwt_api/products/${product?._id}/influencers`)).json() as { influencers: { subscribers: number }[]; count: number };
    expect(influencers.count).toBeGreaterThan(0);
    const subs = influencers.influencers.map((i) => i.subscribers);
    expect(subs).toEqual([...subs].sort((a, b) => b - a));
  });

  it('categories and autocomplete', async () => {
    const categories = (await w.get('/jwt_api/products/categories')).json() as { categories: { name: string }[] };
    expect(categories.categories.length).toBeGreaterThan(0);
    const name = (await list()).products[0]?.name ?? '';
    const found = (await w.get('/jwt_api/products/autocomplete_product_or_hashtag_list', { q: name.slice(1, 6) })).json() as { results: { type: string; value: string }[] };
    expect(found.results.some((r) => r.type === 'product' && r.value === name)).toBe(true);
  });
});
