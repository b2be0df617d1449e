import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetailResponse, ProductListResponse } from '../../../../src/shared/http/products.schemas';
import { PRODUCT_IMAGE_REFUSED } from '../../../../src/shared/rules/mediaUrl';
import { multipartBody } from '../uploads/support/multipart';
import { openVideoWorkspace, type VideoWorkspace } from '../videos/support/videoWorkspace';
import { firstValue } from '../support/testEngine';

let w: VideoWorkspace;
beforeAll(async () => {
  w = await openVideoWorkspace();
}, 120_000);
afterAll(async () => w.close());

async function count(tab: string): Promise<number> {
  return ((await w.get('/jwt_api/products', { tab })).json() as ProductListResponse).data.count;
}
const firstOf = async (tab: string): Promise<string> => ((await w.get('/jwt_api/products', { tab })).json() as ProductListResponse).products[0]?._id ?? '';

describe('trash, restore, permanent delete, favorites', () => {
  it('trash → restore puts the products back and the counts add up', async () => {
    const before = { my: await count('My Products'), comp: await count('Competitors'), trash: await count('Trash') };
    const own = await firstOf('My Products');
    const rival = await firstOf('Competitors');
    for (const id of [own, rival]) expect((await w.send('PUT', `/jwt_api/products/${id}/trash_product`)).json()).toEqual({ message: '1 product moved to trash', count: 1 });
    expect({ my: await count('My Products'), comp: await count('Competitors'), trash: await count('Trash') }).toEqual({ my: before.my - 1, comp: before.comp - 1, trash: before.trash + 2 });
    const restored = await w.send('POST', '/jwt_api/products/restore_products', { product_ids: [own, rival] });
    expect(restored.statusCode).toBe(200);
    const body = restored.json() as [string, { count: number; product_ids: string[] }];
    expect(Array.isArray(body)).toBe(true);
    expect(body[0]).toBe('2 products restored');
    expect(body[1].count).toBe(2);
    expect({ my: await count('My Products'), comp: await count('Competitors'), trash: await count('Trash') }).toEqual(before);
  });

  it('permanent delete answers [message, ...]: own products are gone, competitor products leave this brand\'s view only', async () => {
    const own = await firstOf('My Products');
    const rival = await firstOf('Competitors');
    const untrashed = (((await w.get('/jwt_api/products', { tab: 'My Products' })).json() as ProductListResponse).products[1]?._id) ?? '';
    await w.send('PUT', `/jwt_api/products/${own}/trash_product`);
    await w.send('PUT', `/jwt_api/products/${rival}/trash_product`);
    const trash = await count('Trash');
    const response = await w.send('POST', '/jwt_api/products/removed_on_dashboard', { product_ids: [own, rival, untrashed] });
    const body = response.json() as [string, { count: number }];
    expect(body[0]).toBe('2 products permanently deleted');
    expect(await count('Trash')).toBe(trash - 2);
    expect(await firstValue(w.sql, 'SELECT COUNT(*) FROM products WHERE id = ?', [own])).toBe(0);
    expect(await firstValue(w.sql, 'SELECT COUNT(*) FROM products WHERE id = ?', [rival])).toBe(1);
    expect((await w.get(`/jwt_api/products/${rival}`)).statusCode).toBe(404);
    expect((await w.get(`/jwt_api/products/${untrashed}`)).statusCode).toBe(200);
  });

  it('favorite and unfavorite', async () => {
    const id = await firstOf('Competitors');
    const favorites = await count('Favorites');
    await w.send('POST', '/jwt_api/products/unfavorite_products', { product_ids: [id] });
    const after = await count('Favorites');
    expect((await w.send('POST', '/jwt_api/products/favorite_products', { product_ids: [id] })).json()).toEqual({ message: '1 product added to favorites', count: 1 });
    expect(await count('Favorites')).toBe(after + 1);
    expect((await w.send('POST', '/jwt_api/products/unfavorite_products', { product_ids: [id] })).json()).toEqual({ message: '1 product removed from favorites', count: 1 });
    expect(await count('Favorites')).toBe(after);
    expect(after <= favorites).toBe(true);
  });
});

describe('notes, create and edit', () => {
  it('a note round trips and drives the note filter', async () => {
    const id = await firstOf('Competitors');
    expect((await w.send('PUT', `/jwt_api/products/${id}/product_note`, { content: 'Ask about =SUM pricing' })).statusCode).toBe(200);
    const note = (await w.get(`/jwt_api/products/${id}/product_note`)).json() as { note: { content: string } | null };
    expect(note.note?.content).toBe('Ask about =SUM pricing');
    const filtered = (await w.get('/jwt_api/products', { tab: 'Competitors', filters: { note: { text: '=sum pricing' } } })).json() as ProductListResponse;
    expect(filtered.products.map((p) => p._id)).toEqual([id]);
    await w.send('PUT', `/jwt_api/products/${id}/product_note`, { content: '' });
    expect(((await w.get(`/jwt_api/products/${id}/product_note`)).json() as { note: unknown }).note).toBeNull();
  });

  it('POST /products takes JSON, then PUT edits it; duplicate names answer 409', async () => {
    const created = await w.send('POST', '/jwt_api/products', { name: 'Test Serum 9000', category: 'Brand New Category', description: 'd', price: 12.5 });
    expect(created.statusCode, created.body).toBe(200);
    const detail = created.json() as ProductDetailResponse;
    expect(detail.product).toMatchObject({ name: 'Test Serum 9000', brand_id: w.brandId, price: 12.5 });
    expect(((await w.get('/jwt_api/products/categories')).json() as { categories: { name: string }[] }).categories.map((c) => c.name)).toContain('Brand New Category');
    expect((await w.send('POST', '/jwt_api/products', { name: 'test serum 9000', category: 'x' })).statusCode).toBe(409);
    const updated = await w.send('PUT', `/jwt_api/products/${detail.product._id}`, { price: 20 });
    expect((updated.json() as ProductDetailResponse).product.price).toBe(20);
    expect((await w.send('POST', '/jwt_api/products', { name: '' })).statusCode).toBe(400);
  });

  it('refuses a picture a page must not load (javascript:, data:, //host) with 400, on create and on update', async () => {
    for (const picture of ['javascript:alert(1)', 'data:image/png;base64,AAAA', '//evil.example/x.png']) {
      const created = await w.send('POST', '/jwt_api/products', { name: 'Risky', category: 'Serums', pictures: [picture] });
      expect(created.statusCode, picture).toBe(400);
      expect(created.json().message).toContain(PRODUCT_IMAGE_REFUSED);
    }
    const ok = await w.send('POST', '/jwt_api/products', { name: 'Safe', category: 'Serums', pictures: ['https://cdn.example/safe.png'] });
    expect(ok.statusCode, ok.body).toBe(200);
    const id = (ok.json() as ProductDetailResponse).product._id;
    expect((await w.send('PUT', `/jwt_api/products/${id}`, { pictures: ['javascript:alert(1)'] })).statusCode).toBe(400);
  });

  it('POST /products multipart stores the pictures in the media folder', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4f10000000049454e44ae426082', 'hex');
    const { payload, headers } = multipartBody({ brand_id: w.brandId, name: 'Pictured Product', category: 'Serums', price: '9.99' }, [{ field: 'pictures', name: 'a.png', type: 'image/png', data: png }]);
    const response = await w.app.inject({ method: 'POST', url: '/jwt_api/products', payload, headers: { ...headers, authorization: `Bearer ${w.jwt}` } });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json() as ProductDetailResponse;
    expect(detail.product.price).toBe(9.99);
    const picture = detail.pictures[0] ?? '';
    expect(picture).toMatch(/^\/media\/products\/[0-9a-f]+\.png$/);
    expect(readFileSync(join(w.dataDir, picture.replace(/^\//, ''))).equals(png)).toBe(true);
    const wrong = multipartBody({ brand_id: w.brandId, name: 'Bad', category: 'Serums' }, [{ field: 'pictures', name: 'a.png', type: 'text/plain', data: png }]);
    expect((await w.app.inject({ method: 'POST', url: '/jwt_api/products', payload: wrong.payload, headers: { ...wrong.headers, authorization: `Bearer ${w.jwt}` } })).statusCode).toBe(415);
  });
});
