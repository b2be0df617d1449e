import axios from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { trashProducts } from '../../src/renderer/features/products/products.api';
import type { LoopbackServer } from './support/loopbackServer';
import { startLoopbackServer } from './support/loopbackServer';

let server: LoopbackServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const who = { brand_id: 'b1', user_id: 'u1' };
const ids = Array.from({ length: 20 }, (_, i) => `p${i}`);

describe('trashing many products (one call each, as the API defines it)', () => {
  it('trashes every product, a few calls at a time, and answers how many went', async () => {
    let inFlight = 0;
    let most = 0;
    server = await startLoopbackServer(() => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      setTimeout(() => (inFlight -= 1), 15);
      return { status: 200, body: { message: 'ok', count: 1 }, delayMs: 15 };
    });
    const main = axios.create({ baseURL: server.origin });
    expect(await trashProducts(main, who, ids)).toBe(20);
    expect(new Set(server.requests.map((request) => request.path))).toEqual(new Set(ids.map((id) => `/products/${id}/trash_product`)));
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(4);
  });

  it('stops at the first failure and says how many had gone to the trash before it', async () => {
    server = await startLoopbackServer((request) =>
      request.path === '/products/p5/trash_product' ? { status: 404, body: { message: 'Product not found' } } : { status: 200, body: { message: 'ok', count: 1 } },
    );
    const main = axios.create({ baseURL: server.origin });
    const failure = await trashProducts(main, who, ids).then(
      () => null,
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    expect(failure).toMatch(/^Product not found \((\d+) of 20 products were moved to the trash before it\)$/);
    expect(server.requests.length).toBeLessThan(20);
  });
});
