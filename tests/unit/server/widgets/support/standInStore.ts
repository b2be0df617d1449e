import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach } from 'vitest';
import { LOOPBACK_STORES_ENV } from '../../../../../src/server/routes/metrics/storeAddress';

/** A request the stand-in store received: its Host header, token header and GraphQL variables. */
export interface StoreHit { host: string | undefined; token: string | undefined; body: string }

/** A storefront on loopback that counts every TCP connection made to it (a refused address must leave it at 0). */
export interface StandInStore {
  port: number;
  /** TCP connections accepted, whether or not a request followed (an https attempt on this plain port counts too). */
  connections(): number;
  hits: StoreHit[];
  close(): Promise<void>;
}

/**
 * Listens on 127.0.0.1 and, where the machine has IPv6, on [::1] at the same port, so a loopback spelling that reaches
 * either is counted.
 */
export async function startStandInStore(answer: (hit: StoreHit, request: IncomingMessage, response: ServerResponse) => void): Promise<StandInStore> {
  let connections = 0;
  const hits: StoreHit[] = [];
  const serve = () => {
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
    return server;
  };
  const listen = (server: Server, port: number, host: string) => new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, host, () => resolve(true));
  });
  const v4 = serve();
  await listen(v4, 0, '127.0.0.1');
  const port = (v4.address() as AddressInfo).port;
  const v6 = serve();
  const servers = (await listen(v6, port, '::1')) ? [v4, v6] : [v4];
  return {
    port, connections: () => connections, hits,
    close: async () => {
      await Promise.all(servers.map((server) => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); })));
    },
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
