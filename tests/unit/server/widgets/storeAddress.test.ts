import type { AddressInfo } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { describe, expect, it } from 'vitest';
import { checkedStoreAddress, isPublicAddress, STORE_UNREACHABLE, type ResolveHost } from '../../../../src/server/routes/metrics/storeAddress';
import { storefrontInventory } from '../../../../src/server/routes/metrics/storefrontInventory';
import { METRICS_KEY_HEADER } from '../../../../src/shared/http/widgets.schemas';
import { useVideoWorkspace } from '../videos/support/videoWorkspace';
import { allowLoopbackStores, productNode, productPage, startStandInStore } from './support/standInStore';
import { brandApiKey } from './support/brandApiKey';

// Issue 26 item 2: `store_url` made the back end POST anywhere a metrics key holder chose. Every request here goes to a
// stand-in store on 127.0.0.1 (or nowhere): addresses outside loopback are only ever checked, never connected to.
const workspace = useVideoWorkspace();

async function inventory(storeUrl: string, token = 'storefront-token') {
  const w = workspace.w;
  const key = await brandApiKey(w, w.brandId);
  const response = await w.app.inject({ method: 'GET', url: `/metrics/products/inventory?store_url=${encodeURIComponent(storeUrl)}&shop_token=${token}`, headers: { [METRICS_KEY_HEADER]: key } });
  return [response.statusCode, (response.json() as { message?: string }).message ?? response.body];
}
const UNREACHABLE = [502, STORE_UNREACHABLE];
const page = { first: 5, search: '' };
const refusal = (promise: Promise<unknown>) => promise.then(() => 'connected', (error: Error) => error.message);
const resolverOf = (answers: Record<string, string[]>) => {
  const asked: string[] = [];
  const resolve: ResolveHost = async (name) => {
    asked.push(name);
    return (answers[name] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolve, asked };
};

describe('store addresses without the test-only setting', () => {
  it('refuses loopback under every spelling before any connection is made, with the one unreachable answer', async () => {
    const store = await startStandInStore((_hit, _request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(productPage([productNode()])));
    try {
      const spellings = ['localhost', 'localhost.', '127.0.0.1', '127.1', '2130706433', '0x7f000001', '017700000001', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]',
        'user@127.0.0.1', 'user:secret@localhost', '0.0.0.0', '[::1]', '[::]'];
      const answers: Record<string, unknown[]> = {};
      for (const spelling of spellings) {
        for (const scheme of ['https://', 'http://', '']) answers[`${scheme}${spelling}:${store.port}`] = await inventory(`${scheme}${spelling}:${store.port}`);
      }
      expect(Object.entries(answers).filter(([, answer]) => JSON.stringify(answer) !== JSON.stringify(UNREACHABLE))).toEqual([]);
      expect(store.connections()).toBe(0);
    } finally {
      await store.close();
    }
  });

  it('takes only public addresses: private, loopback, link-local, CGNAT, ULA, multicast, unspecified and IPv4-mapped ones are refused', () => {
    const refused = ['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '100.127.255.255', '0.0.0.0', '224.0.0.1',
      '239.255.255.250', '255.255.255.255', '240.0.0.1', '192.0.2.1', '198.18.0.1', '::', '::1', '::ffff:127.0.0.1', '::ffff:169.254.169.254', '::ffff:10.0.0.1', '::ffff:7f00:1',
      'fc00::1', 'fd12:3456::1', 'fe80::1', 'fe80::1%eth0', 'ff02::1', '64:ff9b::a9fe:a9fe', '2001:db8::1', '2002:7f00:1::1', '::127.0.0.1', 'not-an-address'];
    const allowed = ['8.8.8.8', '1.1.1.1', '23.227.38.65', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8'];
    expect(refused.filter(isPublicAddress)).toEqual([]);
    expect(allowed.filter((address) => !isPublicAddress(address))).toEqual([]);
  });

  it('checks every address a name resolves to, before connecting: one private answer among public ones refuses the store', async () => {
    const { resolve, asked } = resolverOf({
      'mixed.example': ['23.227.38.65', '10.0.0.5'], 'metadata.example': ['169.254.169.254'], 'mapped.example': ['::ffff:127.0.0.1'],
      'nowhere.example': [], 'shop.example': ['23.227.38.65', '2606:4700:4700::1111'],
    });
    const check = (url: string, allowLoopback = false) => refusal(checkedStoreAddress(new URL(url), { allowLoopback, resolve }));
    for (const url of ['https://mixed.example', 'https://metadata.example', 'https://mapped.example', 'https://nowhere.example', 'https://169.254.169.254', 'https://[fd00::1]']) {
      expect(await check(url), url).toBe(STORE_UNREACHABLE);
    }
    // The setting lets loopback in, nothing else private.
    expect(await check('https://mixed.example', true)).toBe(STORE_UNREACHABLE);
    expect(await check('https://10.0.0.1', true)).toBe(STORE_UNREACHABLE);
    // A public store is https on its standard port: plain http and other ports are refused before any lookup.
    const before = asked.length;
    expect(await check('http://shop.example')).toBe(STORE_UNREACHABLE);
    expect(await check('https://shop.example:8443')).toBe(STORE_UNREACHABLE);
    expect(asked.length).toBe(before);
    await expect(checkedStoreAddress(new URL('https://shop.example/'), { allowLoopback: false, resolve })).resolves.toEqual({ address: '23.227.38.65', family: 4 });
    const failing: ResolveHost = () => Promise.reject(new Error('ENOTFOUND'));
    expect(await refusal(checkedStoreAddress(new URL('https://gone.example'), { allowLoopback: false, resolve: failing }))).toBe(STORE_UNREACHABLE);
  });
});

describe('store addresses with the test-only setting (REELSCOPE_TEST_ALLOW_LOOPBACK_STORES=1)', () => {
  allowLoopbackStores();

  it('connects to the very address the check resolved (one lookup, no second one to rebind) and names the store in the Host header', async () => {
    const store = await startStandInStore((_hit, _request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(productPage([productNode()])));
    try {
      const { resolve, asked } = resolverOf({ 'shop.example': ['127.0.0.1'] });
      const answer = await storefrontInventory(`http://shop.example:${store.port}`, 'storefront-token', page, { resolve });
      expect(answer.products.map((p) => p.title)).toEqual(['Glow serum']);
      expect(asked).toEqual(['shop.example']);
      expect(store.hits.map((hit) => [hit.host, hit.token])).toEqual([[`shop.example:${store.port}`, 'storefront-token']]);
    } finally {
      await store.close();
    }
  });

  it('over https, names the store in TLS (SNI) while the socket goes to the checked address; a certificate it cannot trust is the one answer', async () => {
    const names: string[] = [];
    const server = createTlsServer({ SNICallback: (name, done) => { names.push(name); done(new Error('This stand-in has no certificate.')); } });
    server.on('tlsClientError', () => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { resolve } = resolverOf({ 'shop.example': ['127.0.0.1'] });
      const port = (server.address() as AddressInfo).port;
      expect(await refusal(storefrontInventory(`https://shop.example:${port}`, 'storefront-token', page, { resolve }))).toBe(STORE_UNREACHABLE);
      expect(names).toEqual(['shop.example']);
    } finally {
      server.close();
    }
  });

  it('answers every unusable store with one status and one text: closed port, refused token, redirect (not followed), error page, not a product list, oversized, non-web links', async () => {
    const elsewhere = await startStandInStore((_hit, _request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(productPage([productNode()])));
    const answers: Record<string, [number, Record<string, string>, string]> = {
      wrong: [401, {}, '{"errors":[{"message":"Unauthorized"}]}'],
      redirect: [302, { location: `http://127.0.0.1:${elsewhere.port}/api/2025-01/graphql.json` }, ''],
      failing: [500, {}, 'Internal error'],
      junk: [200, { 'content-type': 'application/json' }, '{"data":{"shop":{}}}'],
      html: [200, { 'content-type': 'text/html' }, '<html>Welcome</html>'],
      huge: [200, { 'content-type': 'application/json' }, `{"data":"${'x'.repeat(5 * 1024 * 1024)}"}`],
      scriptLink: [200, { 'content-type': 'application/json' }, productPage([productNode({ onlineStoreUrl: 'javascript:alert(document.domain)' })])],
      dataLink: [200, { 'content-type': 'application/json' }, productPage([productNode({ onlineStoreUrl: 'data:text/html,<script>alert(1)</script>' })])],
      scriptImage: [200, { 'content-type': 'application/json' }, productPage([productNode({ featuredImage: { url: 'javascript:alert(1)' } })])],
    };
    const store = await startStandInStore((hit, _request, response) => {
      const [status, headers, body] = answers[hit.token ?? ''] ?? [200, { 'content-type': 'application/json' }, productPage([productNode()])];
      response.writeHead(status, headers).end(body);
    });
    const closed = await startStandInStore(() => undefined);
    await closed.close();
    try {
      const seen: Record<string, unknown> = { closed: await inventory(`http://127.0.0.1:${closed.port}`) };
      for (const token of Object.keys(answers)) seen[token] = await inventory(`http://127.0.0.1:${store.port}`, token);
      expect(Object.entries(seen).filter(([, answer]) => JSON.stringify(answer) !== JSON.stringify(UNREACHABLE))).toEqual([]);
      expect(elsewhere.connections()).toBe(0);
      // The same store with a good token is usable: the refusals above were the answers', not the setting's.
      expect((await inventory(`http://127.0.0.1:${store.port}`))[0]).toBe(200);
    } finally {
      await store.close();
      await elsewhere.close();
    }
  });
});
