import { beforeAll, describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { STOREFRONT_API_VERSION } from '../../../../src/server/routes/metrics/storefrontInventory';
import type { LightMyRequestResponse } from 'fastify';
import type { EmbedWidget, Playlist, Widget } from '../../../../src/shared/http/widgets.schemas';
import { METRICS_KEY_HEADER, PRODUCT_IMAGE_REFUSED } from '../../../../src/shared/http/widgets.schemas';
import { MIN_VIDEOS_FOR_CAROUSEL, WIDGET_DEFAULTS } from '../../../../src/shared/constants';
import { API_KEY_MISSING, API_KEY_WRONG } from '../../../../src/server/routes/metrics/index';
import { STORE_UNREACHABLE } from '../../../../src/server/routes/metrics/storeAddress';
import { useVideoWorkspace } from '../videos/support/videoWorkspace';
import { allowLoopbackStores, productNode, productPage, startStandInStore } from './support/standInStore';
import { brandApiKey } from './support/brandApiKey';
import { createTestUser, send, signIn } from '../support/testServer';
import { firstValue, firstValues } from '../support/testEngine';

const workspace = useVideoWorkspace();
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const keyOf = (brandId: string): Promise<string> => brandApiKey(workspace.w, brandId);
function call(key: string | null, method: Method, url: string, payload?: object): Promise<LightMyRequestResponse> {
  return workspace.w.app.inject({ method, url: `/metrics${url}`, headers: key === null ? {} : { [METRICS_KEY_HEADER]: key }, ...(payload ? { payload } : {}) });
}
// Per brand (own and first competitor), its videos with a media file and its products, read once (no test changes them).
const seeded = new Map<string, { playable: string[]; products: string[] }>();
beforeAll(async () => {
  for (const brandId of [workspace.w.brandId, workspace.w.competitorIds[0] ?? '']) {
    seeded.set(brandId, {
      playable: await firstValues<string>(workspace.w.sql, 'SELECT id FROM videos WHERE brand_id = ? AND media_file IS NOT NULL ORDER BY id', [brandId]),
      products: await firstValues<string>(workspace.w.sql, 'SELECT id FROM products WHERE brand_id = ? ORDER BY name, id', [brandId]),
    });
  }
});
const playable = (brandId: string, count = 6) => seeded.get(brandId)?.playable.slice(0, count) ?? [];
const productIds = (brandId: string) => seeded.get(brandId)?.products ?? [];

function widgetBody(videoIds: string[], extra: Record<string, unknown> = {}) {
  const [product] = productIds(workspace.w.brandId);
  return {
    title: 'Spring glow carousel',
    videos: videoIds.map((video_id, i) => ({ video_id, settings: { products: i === 0 ? [{ id: product, url: 'shop.example/glow-serum', variants: ['30 ml', '50 ml'] }] : [] } })),
    ...extra,
  };
}
async function newWidget(key: string, extra: Record<string, unknown> = {}): Promise<Widget> {
  const response = await call(key, 'POST', '/widget', widgetBody(playable(workspace.w.brandId), extra));
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { widget: Widget }).widget;
}

describe('metrics API key', () => {
  const bearer = () => ({ authorization: `Bearer ${workspace.w.jwt}` });
  const keyRoute = (method: 'GET' | 'POST', path: string, brandId = workspace.w.brandId) =>
    workspace.w.app.inject({ method, url: `/jwt_api/brands/${brandId}${path}`, headers: bearer() });

  it('is required, kept only as its hash, shown once when issued, and a rotation stops the old key at once', async () => {
    expect((await call(null, 'GET', '/widgets/')).json()).toMatchObject({ statusCode: 401, message: API_KEY_MISSING });
    expect((await call('rsk_not-a-key', 'GET', '/widgets/')).json()).toMatchObject({ statusCode: 401, message: API_KEY_WRONG });
    const { api_key: key } = (await keyRoute('POST', '/api_key/rotate')).json() as { api_key: string };
    expect((await call(key, 'GET', '/widgets/')).statusCode).toBe(200);
    // Afterwards only a hint is answered, and nothing at rest holds the key itself.
    const shown = (await keyRoute('GET', '/api_key')).json() as { hint: string; created_at: string };
    expect(shown.hint).toBe(`${key.slice(0, 8)}…${key.slice(-4)}`);
    expect(JSON.stringify(shown)).not.toContain(key);
    expect(JSON.stringify(await workspace.w.sql.all('SELECT * FROM brand_api_keys'))).not.toContain(key.slice(8, -4));
    const rotated = (await keyRoute('POST', '/api_key/rotate')).json() as { api_key: string; hint: string };
    expect(rotated.api_key).not.toBe(key);
    expect((await call(key, 'GET', '/widgets/')).json()).toMatchObject({ statusCode: 401, message: API_KEY_WRONG });
    expect((await call(rotated.api_key, 'GET', '/widgets/')).statusCode).toBe(200);
    expect(((await keyRoute('GET', '/api_key')).json() as { hint: string }).hint).toBe(rotated.hint);
    // A brand the user is not a member of has no key to show or rotate.
    const foreign = workspace.w.competitorIds[0]!;
    expect((await keyRoute('GET', '/api_key', foreign)).statusCode).toBe(404);
    expect((await keyRoute('POST', '/api_key/rotate', foreign)).statusCode).toBe(404);
  });

  it("the app's own key opens its brand's widget API without the brand key, and a tampered one does not", async () => {
    const { app_key: appKey } = (await keyRoute('POST', '/app_key')).json() as { app_key: string };
    expect((await call(appKey, 'GET', '/widgets/')).statusCode).toBe(200);
    const tampered = appKey.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    expect((await call(tampered, 'GET', '/widgets/')).json()).toMatchObject({ statusCode: 401, message: API_KEY_WRONG });
    expect((await keyRoute('POST', '/app_key', workspace.w.competitorIds[0]!)).statusCode).toBe(404);
  });

  it("the app's own key ends with the sign-in it was issued in, at once (not 15 minutes later)", async () => {
    const { app, sql, brandId } = workspace.w;
    const colleague = await createTestUser(sql, { email: 'app-key-session@reelscope.test' });
    await sql.run('INSERT INTO brand_members (user_id, brand_id) VALUES (?, ?)', [colleague.id, brandId]);
    const session = await signIn(app, colleague);
    const issued = await app.inject({ method: 'POST', url: `/jwt_api/brands/${brandId}/app_key`, headers: { authorization: `Bearer ${session.jwt}` } });
    const { app_key: appKey } = issued.json() as { app_key: string };
    expect((await call(appKey, 'GET', '/widgets/')).statusCode).toBe(200);
    expect((await send(app, 'POST', '/jwt_api/logout', { refresh_token: session.refresh_token })).statusCode).toBe(200);
    expect((await call(appKey, 'GET', '/widgets/')).json()).toMatchObject({ statusCode: 401, message: API_KEY_WRONG });
  });
});

describe('widgets', () => {
  it('creates a widget with the defaults of §9 and tagged products, then reads, lists, updates and deletes it by either path', async () => {
    const key = await keyOf(workspace.w.brandId);
    const widget = await newWidget(key, { call_to_action: { button_copy: 'Shop the look', button_URL: 'shop.example/spring' } });
    expect(widget).toMatchObject({
      activeRatio: WIDGET_DEFAULTS.aspect, colors: { primary: WIDGET_DEFAULTS.color }, menu_options: [...WIDGET_DEFAULTS.menuOptions],
      device_options: [...WIDGET_DEFAULTS.deviceOptions], call_to_action: { button_copy: 'Shop the look', button_URL: 'http://shop.example/spring' },
    });
    expect(widget.videos.map((v) => v.video_id)).toEqual(playable(workspace.w.brandId));
    const tag = widget.videos[0]!.settings.products[0]!;
    const product = (await workspace.w.sql.get<{ name: string; price: number }>('SELECT name, price FROM products WHERE id = ?', [tag.id])) ?? { name: '', price: NaN };
    expect(tag).toMatchObject({ source: 'brand', title: product.name, price: product.price, url: 'http://shop.example/glow-serum', variants: ['30 ml', '50 ml'] });

    expect((await call(key, 'GET', `/widget/${widget._id}`)).json().widget.title).toBe('Spring glow carousel');
    expect((await call(key, 'GET', `/widget?id=${widget._id}`)).json().widget._id).toBe(widget._id);
    expect(((await call(key, 'GET', '/widgets/')).json() as { widgets: Widget[] }).widgets.map((w) => w._id)).toContain(widget._id);

    const reordered = [...playable(workspace.w.brandId)].reverse();
    const byPath = (await call(key, 'PUT', `/widget/${widget._id}`, widgetBody(reordered, { title: 'Renamed', activeRatio: 'Square' }))).json().widget as Widget;
    expect([byPath.title, byPath.activeRatio, byPath.videos.map((v) => v.video_id)]).toEqual(['Renamed', 'Square', reordered]);
    const byBody = (await call(key, 'PUT', '/widget', { _id: widget._id, ...widgetBody(reordered, { title: 'Again' }) })).json().widget as Widget;
    expect(byBody.title).toBe('Again');

    expect((await call(key, 'DELETE', `/widget/${widget._id}`)).json()).toEqual({ deleted: widget._id });
    expect((await call(key, 'GET', `/widget/${widget._id}`)).statusCode).toBe(404);
    const second = await newWidget(key);
    expect((await call(key, 'DELETE', `/widget?id=${second._id}`)).statusCode).toBe(200);
    expect((await call(key, 'DELETE', `/widget?id=${second._id}`)).statusCode).toBe(404);
  });

  it('refuses, with the field named, fewer than 5 videos, an unplayable or foreign video, a missing product, a javascript: link', async () => {
    const key = await keyOf(workspace.w.brandId);
    const ids = playable(workspace.w.brandId);
    const refusal = async (body: object) => {
      const response = await call(key, 'POST', '/widget', body);
      expect(response.statusCode).toBe(400);
      return (response.json() as { message: string }).message;
    };
    expect(await refusal(widgetBody(ids.slice(0, MIN_VIDEOS_FOR_CAROUSEL - 1)))).toContain(`A carousel needs at least ${MIN_VIDEOS_FOR_CAROUSEL} videos.`);
    const youtube = (await firstValue<string>(workspace.w.sql, 'SELECT id FROM videos WHERE brand_id = ? AND media_file IS NULL ORDER BY id LIMIT 1', [workspace.w.brandId])) ?? '';
    expect(await refusal(widgetBody([youtube, ...ids.slice(1)]))).toMatch(/^videos\.0\.video_id: ".+" cannot play in a widget/);
    const foreign = playable(workspace.w.competitorIds[0]!, 1)[0] ?? ((await firstValue<string>(workspace.w.sql, 'SELECT id FROM videos WHERE brand_id = ? ORDER BY id LIMIT 1', [workspace.w.competitorIds[0] ?? ''])) ?? '');
    expect(await refusal(widgetBody([foreign, ...ids.slice(1)]))).toBe(`videos.0.video_id: ${foreign} is not one of the brand's videos.`);
    const missing = widgetBody(ids);
    missing.videos[1]!.settings.products = [{ id: 'no-such-product', url: '', variants: [] }];
    expect(await refusal(missing)).toBe("videos.1.settings.products.0: product no-such-product does not exist in the brand's products.");
    expect(await refusal(widgetBody(ids, { call_to_action: { button_copy: 'Go', button_URL: 'javascript:alert(1)' } }))).toContain('javascript:, data: and other schemes are refused');
    expect(await refusal(widgetBody([...ids.slice(0, 5), ids[0]!]))).toContain('A video appears once in a carousel.');
  });

  it("keeps brands apart: another brand's key finds none of this brand's widgets", async () => {
    const key = await keyOf(workspace.w.brandId);
    const widget = await newWidget(key);
    const other = await keyOf(workspace.w.otherBrandId);
    expect(((await call(other, 'GET', '/widgets/')).json() as { widgets: Widget[] }).widgets.map((w) => w._id)).not.toContain(widget._id);
    for (const [method, url, body] of [['GET', `/widget/${widget._id}`], ['PUT', `/widget/${widget._id}`, widgetBody(playable(workspace.w.brandId))], ['DELETE', `/widget/${widget._id}`],
      ['POST', `/widget/${widget._id}/token/generate`]] as [Method, string, object?][]) {
      expect((await call(other, method, url, body)).statusCode, `${method} ${url}`).toBe(method === 'PUT' ? 400 : 404);
    }
    expect((await call(key, 'GET', `/widget/${widget._id}`)).statusCode).toBe(200);
  });
});

describe('demo widgets', () => {
  it('read back as seeded: playable videos, tagged products, an attached playlist, and analytics whose days add up to the totals', async () => {
    const key = await keyOf(workspace.w.brandId);
    const widgets = ((await call(key, 'GET', '/widgets/')).json() as { widgets: Widget[] }).widgets.filter((w) => ['Homepage carousel', 'Product page reviews'].includes(w.title));
    expect(widgets).toHaveLength(2);
    const home = widgets.find((w) => w.title === 'Homepage carousel')!;
    expect(home).toMatchObject({ activeRatio: 'Portrait', buy_now_button: { enabled: true, label: 'Buy now' } });
    expect(home.videos.length).toBeGreaterThanOrEqual(MIN_VIDEOS_FOR_CAROUSEL);
    expect(home.videos.some((v) => v.settings.products.length > 0)).toBe(true);
    expect(home.playlist_ids).toHaveLength(1);
    const playableIds = new Set(playable(workspace.w.brandId, 1000));
    expect(home.videos.every((v) => playableIds.has(v.video_id))).toBe(true);

    const metrics = (await call(key, 'GET', `/api/metrics?widget_id=${home._id}&duration=all_dates`)).json() as { totals: Record<string, number>; series: Record<string, number>[]; per_video: Record<string, number>[] };
    expect(metrics.totals.impressions).toBeGreaterThan(500);
    for (const field of ['impressions', 'views', 'product_clicks', 'cta_clicks', 'watch_seconds']) {
      expect(metrics.series.reduce((sum, point) => sum + point[field]!, 0), field).toBeCloseTo(metrics.totals[field]!, -1);
    }
    expect(metrics.per_video.reduce((sum, row) => sum + row.views!, 0)).toBe(metrics.totals.views);
    expect(metrics.totals.views).toBeLessThan(metrics.totals.impressions!);
    expect(metrics.totals.engagement_rate).toBeCloseTo(metrics.totals.viewers! / metrics.totals.impressions!, 10);
  });
});

describe('playlists', () => {
  it('are created, renamed, reordered and attached to widgets; foreign videos and widgets are refused', async () => {
    const key = await keyOf(workspace.w.brandId);
    const widget = await newWidget(key);
    const ids = playable(workspace.w.brandId, 3);
    const created = (await call(key, 'POST', '/playlist', { title: 'Morning routine', video_ids: ids })).json().playlist as Playlist;
    expect(created).toMatchObject({ title: 'Morning routine', video_ids: ids, widget_ids: [] });
    const updated = (await call(key, 'PUT', '/playlist', { _id: created._id, title: 'Evening routine', video_ids: [...ids].reverse(), widget_ids: [widget._id] })).json().playlist as Playlist;
    expect(updated).toMatchObject({ title: 'Evening routine', video_ids: [...ids].reverse(), widget_ids: [widget._id] });
    expect((await call(key, 'GET', `/widget/${widget._id}`)).json().widget.playlist_ids).toEqual([created._id]);
    expect(((await call(key, 'GET', '/playlists')).json() as { playlists: Playlist[] }).playlists.map((p) => p._id)).toContain(created._id);
    const foreignVideo = (await firstValue<string>(workspace.w.sql, 'SELECT id FROM videos WHERE brand_id = ? ORDER BY id LIMIT 1', [workspace.w.competitorIds[0] ?? ''])) ?? '';
    expect((await call(key, 'POST', '/playlist', { title: 'x', video_ids: [foreignVideo] })).json().message).toBe(`video_ids.0: ${foreignVideo} is not one of the brand's videos.`);
    expect((await call(key, 'POST', '/playlist', { title: 'x', widget_ids: ['nope'] })).json().message).toBe("widget_ids.0: nope is not one of the brand's widgets.");
    expect((await call(key, 'POST', '/playlist', { title: '' })).statusCode).toBe(400);
    const other = await keyOf(workspace.w.otherBrandId);
    expect((await call(other, 'PUT', '/playlist', { _id: created._id, title: 'stolen' })).statusCode).toBe(404);
    expect((await call(key, 'DELETE', `/playlist/${created._id}`)).statusCode).toBe(200);
    expect((await call(key, 'GET', `/widget/${widget._id}`)).json().widget.playlist_ids).toEqual([]);
  });
});

describe('shop inventory', () => {
  it("pages through the brand's products with first and after, without a repeat or a gap, and searches them", async () => {
    const key = await keyOf(workspace.w.brandId);
    const seen: string[] = [];
    let after: string | null = null;
    for (let guard = 0; guard < 100; guard++) {
      const page = (await call(key, 'GET', `/products/inventory?first=7${after ? `&after=${after}` : ''}`)).json() as { products: { id: string }[]; page_info: { has_next_page: boolean; end_cursor: string | null } };
      seen.push(...page.products.map((p) => p.id));
      if (!page.page_info.has_next_page) break;
      after = page.page_info.end_cursor;
    }
    expect(seen).toEqual(productIds(workspace.w.brandId));
    const name = (await firstValue<string>(workspace.w.sql, 'SELECT name FROM products WHERE brand_id = ? ORDER BY name LIMIT 1', [workspace.w.brandId])) ?? '';
    const searched = (await call(key, 'GET', `/products/inventory?search=${encodeURIComponent(name.slice(0, 6).toUpperCase())}`)).json() as { products: { title: string }[] };
    expect(searched.products.length).toBeGreaterThan(0);
    expect(searched.products.every((p) => p.title.toLowerCase().includes(name.slice(0, 6).toLowerCase()))).toBe(true);
    expect((await call(key, 'GET', '/products/inventory?after=garbage')).json().message).toBe('after: not a cursor this list gave out.');
    // A NUL would end SQLite's LIKE pattern early and match as if the text stopped there (issue 26, item 4).
    const nul = await call(key, 'GET', `/products/inventory?search=${encodeURIComponent(`${name.slice(0, 3)}\u0000zzz`)}`);
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toContain('search: Remove the NUL character');
    expect((await call(key, 'GET', '/products/inventory?store_url=shop.example')).statusCode).toBe(400);
    const word = await call(key, 'GET', '/products/inventory?store_url=all_dates&shop_token=x');
    expect([word.statusCode, word.json().message]).toEqual([400, "store_url: enter the store's address, e.g. https://my-shop.example."]);
  });
});

describe('shop inventory from a connected store', () => {
  // The public store cannot be reached from these machines: this test stands a storefront GraphQL server in on loopback
  // (allowed only by the test-only setting) that answers the products query as a store does, and checks the adapter's
  // request and paging against it.
  allowLoopbackStores();

  it('queries the storefront GraphQL API with the token, pages with its cursors, and answers a refused token or a gone store with the one 502', async () => {
    const catalog = Array.from({ length: 5 }, (_, i) => ({ id: `gid://shopify/Product/${i + 1}`, title: `Glow serum ${i + 1}`, price: `${19 + i}.00` }));
    const store = await startStandInStore((hit, request, response) => {
      const { variables } = JSON.parse(hit.body) as { variables: { first: number; after: string | null } };
      if (request.url !== `/api/${STOREFRONT_API_VERSION}/graphql.json` || hit.token !== 'storefront-token') {
        response.writeHead(401).end('{"errors":[{"message":"Unauthorized"}]}');
        return;
      }
      const start = variables.after ? Number(variables.after.slice(7)) : 0;
      const page = catalog.slice(start, start + variables.first);
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { products: {
        edges: page.map((p, i) => ({ cursor: `cursor:${start + i + 1}`, node: productNode({ id: p.id, title: p.title, onlineStoreUrl: `https://shop.example/products/${p.id.slice(-1)}`,
          priceRange: { minVariantPrice: { amount: p.price, currencyCode: 'EUR' } }, variants: { edges: [{ node: { title: 'Small' } }, { node: { title: 'Large' } }] } }) })),
        pageInfo: { hasNextPage: start + page.length < catalog.length, endCursor: page.length ? `cursor:${start + page.length}` : null },
      } } }));
    });
    const storeUrl = `http://127.0.0.1:${store.port}`;
    const key = await keyOf(workspace.w.brandId);
    try {
      const url = (extra: string) => `/products/inventory?first=3&store_url=${encodeURIComponent(storeUrl)}&shop_token=storefront-token${extra}`;
      const first = (await call(key, 'GET', url('&search=glow'))).json();
      expect(first.products.map((p: { title: string }) => p.title)).toEqual(['Glow serum 1', 'Glow serum 2', 'Glow serum 3']);
      expect(first.products[0]).toEqual({ source: 'store', id: 'gid://shopify/Product/1', title: 'Glow serum 1', price: 19, currency: 'EUR',
        image_url: 'https://cdn.shop.example/a.jpg', url: 'https://shop.example/products/1', variants: ['Small', 'Large'] });
      const second = (await call(key, 'GET', url(`&after=${first.page_info.end_cursor}`))).json();
      expect([second.products.map((p: { title: string }) => p.title), second.page_info.has_next_page]).toEqual([['Glow serum 4', 'Glow serum 5'], false]);
      expect(JSON.parse(store.hits[0]!.body).variables).toEqual({ first: 3, after: null, query: 'title:*glow*' });
      const refused = await call(key, 'GET', `/products/inventory?store_url=${encodeURIComponent(storeUrl)}&shop_token=wrong`);
      expect([refused.statusCode, refused.json().message]).toEqual([502, STORE_UNREACHABLE]);
    } finally {
      await store.close();
    }
    const gone = await call(key, 'GET', `/products/inventory?store_url=${encodeURIComponent(storeUrl)}&shop_token=storefront-token`);
    expect([gone.statusCode, gone.json().message]).toEqual([502, STORE_UNREACHABLE]);
  });

  it('answers a store product whose link is not a web address with the documented 502, not a server error', async () => {
    const links = ['javascript:alert(document.cookie)', 'data:text/html,<b>x</b>', 'file:///etc/passwd', 'shop'];
    const store = await startStandInStore((hit, _request, response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(productPage([productNode({ onlineStoreUrl: links[Number(hit.token)] })])));
    try {
      const key = await keyOf(workspace.w.brandId);
      const answers = await Promise.all(links.map(async (_link, i) => {
        const response = await call(key, 'GET', `/products/inventory?store_url=${encodeURIComponent(`http://127.0.0.1:${store.port}`)}&shop_token=${i}`);
        return [response.statusCode, response.json().message];
      }));
      expect(answers).toEqual(links.map(() => [502, STORE_UNREACHABLE]));
    } finally {
      await store.close();
    }
  });
});

describe('store product images', () => {
  const withStoreTag = (image_url: string | null) => {
    const body = widgetBody(playable(workspace.w.brandId));
    (body.videos[0]!.settings.products as object[]) = [{ source: 'store', id: 'gid://shopify/Product/9', title: 'Glow serum', image_url, url: 'https://shop.example/products/glow' }];
    return body;
  };
  const save = async (image_url: string | null) => {
    const response = await call(await keyOf(workspace.w.brandId), 'POST', '/widget', withStoreTag(image_url));
    return [response.statusCode, response.statusCode === 200 ? (response.json() as { widget: Widget }).widget : (response.json() as { message: string }).message] as const;
  };

  it('keeps only https images, refusing any other scheme with the field named', async () => {
    for (const image of ['javascript:alert(document.domain)', 'JAVASCRIPT:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', 'vbscript:x', '//evil.example/a.png']) {
      expect(await save(image), image).toEqual([400, `body.videos.0.settings.products.0.image_url: ${PRODUCT_IMAGE_REFUSED}`]);
    }
    for (const image of ['http://cdn.shop.example/a.jpg', '/media/products/product-01.jpg']) {
      expect(await save(image), image).toEqual([400, "videos.0.settings.products.0.image_url: a store product's image is an https address (https://…)."]);
    }
    const [status, widget] = await save('https://cdn.shop.example/a.jpg');
    expect(status).toBe(200);
    expect((widget as Widget).videos[0]!.settings.products[0]!.image_url).toBe('https://cdn.shop.example/a.jpg');
  });

  it('reads back a javascript: image saved before the check as no image, in the widget and in what the embed receives', async () => {
    const key = await keyOf(workspace.w.brandId);
    const [, saved] = await save('https://cdn.shop.example/a.jpg');
    const widget = saved as Widget;
    const settings = JSON.stringify({ products: [{ ...widget.videos[0]!.settings.products[0]!, image_url: 'javascript:alert(document.domain)' }] });
    await workspace.w.sql.run('UPDATE widget_videos SET settings = ? WHERE widget_id = ? AND video_id = ?', [settings, widget._id, widget.videos[0]!.video_id]);
    const read = await call(key, 'GET', `/widget/${widget._id}`);
    expect([read.statusCode, (read.json() as { widget: Widget }).widget.videos[0]!.settings.products[0]!.image_url]).toEqual([200, null]);
    const { token } = (await call(key, 'POST', `/widget/${widget._id}/token/generate`)).json() as { token: string };
    const embed = await workspace.w.app.inject({ method: 'GET', url: `/metrics/embed/widgets/${widget._id}?token=${token}`, headers: { origin: 'http://shop.example' } });
    expect([embed.statusCode, embed.body.includes('javascript:')]).toEqual([200, false]);
  });

  describe('with the test-only store setting', () => {
    allowLoopbackStores();
    it('also takes the stand-in store\'s http images', async () => {
      expect((await save('http://127.0.0.1:9/a.jpg'))[0]).toBe(200);
    });
  });
});

describe('embed, events and analytics', () => {
  it('serves embed.js under 25 KB gzipped', async () => {
    const response = await workspace.w.app.inject({ method: 'GET', url: '/metrics/embed.js', headers: { origin: 'http://shop.example' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/javascript');
    expect(gzipSync(response.rawPayload).length).toBeLessThanOrEqual(25 * 1024);
    expect(response.body).toContain('data-reelscope-widget');
  });

  it('a snippet token opens the widget from any page; events count up in /api/metrics; a revoked token or a deleted widget opens nothing', async () => {
    const key = await keyOf(workspace.w.brandId);
    const widget = await newWidget(key);
    const snippet = (await call(key, 'POST', `/widget/${widget._id}/token/generate`)).json() as { token: string; snippet: string };
    expect(snippet.snippet).toBe(`<div data-reelscope-widget-host="${widget._id}" style="display:block;height:392px"></div><script async src="http://localhost:80/metrics/embed.js" data-reelscope-widget="${widget._id}" data-token="${snippet.token}"></script>`);
    const page = { origin: 'http://shop.example' };
    const embed = await workspace.w.app.inject({ method: 'GET', url: `/metrics/embed/widgets/${widget._id}?token=${snippet.token}`, headers: page });
    expect(embed.statusCode).toBe(200);
    const shown = embed.json() as EmbedWidget;
    expect(shown.videos.map((v) => v.video_id)).toEqual(widget.videos.map((v) => v.video_id));
    expect(shown.videos.every((v) => v.media_url?.startsWith('/media/signed/'))).toBe(true);
    expect(JSON.stringify(shown)).not.toContain(workspace.w.brandId);

    const [first, second] = widget.videos.map((v) => v.video_id);
    const beacon = (events: object[], viewer = 'viewer-one-0001', token = snippet.token) => workspace.w.app.inject({
      method: 'POST', url: '/metrics/embed/events', headers: { ...page, 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ widget_id: widget._id, token, viewer, events }),
    });
    expect((await beacon([{ type: 'impression' }, { type: 'impression', video_id: first }, { type: 'play', video_id: first }, { type: 'watch', video_id: first, value: 12_500 },
      { type: 'product_click', video_id: first, product_id: 'p1' }, { type: 'cta_click', video_id: first }])).json()).toEqual({ accepted: 6 });
    expect((await beacon([{ type: 'impression' }, { type: 'impression', video_id: second }], 'viewer-two-0002')).statusCode).toBe(200);
    expect((await beacon([{ type: 'impression' }], 'viewer-3-00003')).statusCode).toBe(200);

    const metrics = (await call(key, 'GET', `/api/metrics?widget_id=${widget._id}&duration=1w`)).json();
    expect(metrics.totals).toEqual({ impressions: 3, views: 1, viewers: 1, watch_seconds: 13, product_clicks: 1, cta_clicks: 1, engagement_rate: 1 / 3 });
    expect(metrics.series.reduce((sum: number, day: { impressions: number }) => sum + day.impressions, 0)).toBe(3);
    expect(metrics.per_video.find((v: { video_id: string }) => v.video_id === first)).toMatchObject({ impressions: 1, views: 1, product_clicks: 1 });
    expect((await call(key, 'GET', `/api/metrics?widget_id=${widget._id}&video_id=${second}`)).json().totals).toMatchObject({ impressions: 1, views: 0 });
    expect((await call(await keyOf(workspace.w.otherBrandId), 'GET', `/api/metrics?widget_id=${widget._id}`)).statusCode).toBe(404);
    expect((await call(key, 'GET', `/api/metrics?widget_id=${widget._id}&duration=custom&start_date=2026-13-45`)).statusCode).toBe(400);
    const custom = (await call(key, 'GET', `/api/metrics?widget_id=${widget._id}&duration=custom&start_date=2026-11-01&end_date=2026-11-30`)).json();
    expect(custom.totals.impressions).toBe(3);

    // Bad batches: malformed, too many, a stray video, oversized, a forged token.
    expect((await workspace.w.app.inject({ method: 'POST', url: '/metrics/embed/events', headers: { 'content-type': 'text/plain' }, payload: '{"widget_id":' })).json().message).toBe('events: the body is not JSON.');
    expect((await beacon(Array.from({ length: 501 }, () => ({ type: 'impression' })))).statusCode).toBe(400);
    expect((await beacon([{ type: 'play', video_id: 'elsewhere' }])).json().message).toBe('events: video elsewhere is not in this widget.');
    expect((await beacon([{ type: 'impression', product_id: 'x'.repeat(200) }].concat(Array.from({ length: 400 }, () => ({ type: 'impression', product_id: 'y'.repeat(199) }))))).statusCode).toBe(413);
    expect((await beacon([{ type: 'impression' }], 'viewer-one-0001', 'rwt_forged')).statusCode).toBe(404);

    expect((await call(key, 'DELETE', `/widget/${widget._id}/tokens`)).json()).toEqual({ revoked: 1 });
    expect((await workspace.w.app.inject({ method: 'GET', url: `/metrics/embed/widgets/${widget._id}?token=${snippet.token}`, headers: page })).json().message).toBe('This widget is no longer available.');
    const again = (await call(key, 'POST', `/widget/${widget._id}/token/generate`)).json() as { token: string };
    await call(key, 'DELETE', `/widget/${widget._id}`);
    expect((await workspace.w.app.inject({ method: 'GET', url: `/metrics/embed/widgets/${widget._id}?token=${again.token}`, headers: page })).statusCode).toBe(404);
    expect((await beacon([{ type: 'impression' }], 'viewer-one-0001', again.token)).statusCode).toBe(404);
  });
});
