import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach } from 'vitest';
import { LOOPBACK_STORES_ENV } from '../../../../../src/server/routes/metrics/storeAddress';

/** A request the stand-in store received: its Host header, token header and GraphQL variables. */
export interface StoreHit { host: string | undefined; token: string | undefined; body: string }

/** A storefront on 127.0.0.1 that counts every TCP connection made to it (a refused address must leave it at 0). */
export interface StandInStore {
  port: number;
  /** TCP connections accepted, whether or not a request followed (an https attempt on this plain port counts too). */
  connections(): number;
  hits: StoreHit[];
  close(): Promise<void>;
}

export async function startStandInStore(answer: (hit: StoreHit, request: IncomingMessage, response: ServerResponse) => void): Promise<StandInStore> {
  let connections = 0;
  const hits: StoreHit[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const hit = { host: request.headers.host, token: request.headers['x-shopify-storefront-access-token'] as string | undefined, body };
      hits.push(hit);
      answer(hit, request, response);
    });
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port, connections: () => connections, hits,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** Turns the test-only loopback-store setting on for the tests of the calling describe block (and off after each). */
export function allowLoopbackStores(): void {
  beforeEach(() => { process.env[LOOPBACK_STORES_ENV] = '1'; });
  afterEach(() => { delete process.env[LOOPBACK_STORES_ENV]; });
}

/** A storefront answer: one page of products as the GraphQL API shapes it. */
export function productPage(nodes: object[], hasNextPage = false, endCursor: string | null = null): string {
  return JSON.stringify({ data: { products: { edges: nodes.map((node, i) => ({ cursor: `cursor:${i + 1}`, node })), pageInfo: { hasNextPage, endCursor } } } });
}

/** One storefront product node; overrides replace any field. */
export function productNode(overrides: Record<string, unknown> = {}): object {
  return {
    id: 'gid://shopify/Product/1', title: 'Glow serum', onlineStoreUrl: 'https://shop.example/products/glow', featuredImage: { url: 'https://cdn.shop.example/a.jpg' },
    priceRange: { minVariantPrice: { amount: '19.00', currencyCode: 'EUR' } }, variants: { edges: [] }, ...overrides,
  };
}
