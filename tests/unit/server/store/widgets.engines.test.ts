import { describe, expect, it } from 'vitest';
import { createWidgetRepositories } from '../../../../src/server/repositories/widgets/index';
import { EventBatchSchema, WidgetFieldsSchema } from '../../../../src/shared/http/widgets.schemas';
import { BASE_ROWS, useBothEngines } from './support/bothEngines';

const video = (id: string, brand: string, title: string, media: string | null) =>
  `INSERT INTO videos (id, brand_id, title, platform, video_url, thumbnail_url, creator_id, media_file, published_at, sentiment_positive, created_at, updated_at)
    VALUES ('${id}', '${brand}', '${title}', 'tiktok', 'https://example.com/${id}', 'https://img.example.com/${id}.jpg', ${brand === 'b1' ? "'c1'" : 'NULL'},
    ${media === null ? 'NULL' : `'${media}'`}, '2026-10-01T00:00:00.000Z', 0.8, '2026-10-01T00:00:00.000Z', '2026-10-01T00:00:00.000Z');`;
const product = (id: string, name: string, price: number) =>
  `INSERT INTO products (id, brand_id, name, category, description, price, pictures, created_at, updated_at)
    VALUES ('${id}', 'b1', '${name}', 'skin', '', ${price}, '["https://img.example.com/${id}.jpg"]', '2026-10-01T00:00:00.000Z', '2026-10-01T00:00:00.000Z');`;

/** Glow's five playable videos by the verified fan Maya, one it cannot play, Dewbloom's one; Glow's products. */
const ROWS = `${BASE_ROWS}
INSERT INTO creators (id, brand_id, name, handle, platform, country, language, subscribers, video_count, creator_type, verified, created_at)
  VALUES ('c1', 'b1', 'Maya Cruz', '@maya', 'tiktok', 'US', 'en', 1000, 10, 'fan', 1, '2026-11-01T00:00:00.000Z');
${['v1', 'v2', 'v3', 'v4', 'v5'].map((id, n) => video(id, 'b1', `Glow video ${n + 1}`, `${id}.mp4`)).join('\n')}
${video('v6', 'b1', 'A YouTube page', null)}
${video('v9', 'b2', 'Dewbloom video', 'v9.mp4')}
INSERT INTO transcript_lines (video_id, line_no, start_time, content, sentiment) VALUES ('v1', 1, 0, 'Hello there.', 'neutral'), ('v1', 0, 0.5, 'I love it.', 'positive');
${product('p1', 'Glow Serum', 19.5)}
${product('p2', 'glow mask', 12)}
${product('p3', 'Cream', 8)}`;

const both = useBothEngines(ROWS);
const fields = (title: string, videoIds: string[]) => WidgetFieldsSchema.parse({
  title, videos: videoIds.map((video_id, n) => ({ video_id, settings: { products: n === 0 ? [{ id: 'p1', title: 'Glow Serum', price: 19.5 }] : [] } })),
});
const day = (date: string) => new Date(`${date}T10:00:00.000Z`);

describe('the widgets repositories answer alike on SQLite and PostgreSQL', () => {
  it('keeps a widget with its videos and playlists, and counts its events by day, week (from Monday) and video', async () => {
    const answers = [];
    for (const { name, sql } of both.engines()) {
      const { widgets, events, lookups, embed } = createWidgetRepositories(sql);
      const id = await widgets.create('b1', null, fields('Spring', ['v1', 'v2', 'v3', 'v4', 'v5']), day('2026-11-01'));
      const widget = await widgets.find(id, 'b1');
      expect(widget?.videos.map((v) => v.video_id), name).toEqual(['v1', 'v2', 'v3', 'v4', 'v5']);
      expect(widget?.videos[0]?.settings.products[0]?.id, name).toBe('p1');
      expect(await widgets.find(id, 'b2'), name).toBeNull();
      expect(await widgets.update(id, 'b1', null, fields('Spring sale', ['v5', 'v4', 'v3', 'v2', 'v1']), day('2026-11-02')), name).toBe(true);
      expect(await widgets.update(id, 'b2', null, fields('Not theirs', ['v1', 'v2', 'v3', 'v4', 'v5']), day('2026-11-02')), name).toBe(false);
      const playlist = await widgets.createPlaylist('b1', 'Best of', ['v6', 'v2'], [id], day('2026-11-03'));
      expect((await widgets.findPlaylist(playlist, 'b1'))?.video_ids, name).toEqual(['v6', 'v2']);
      expect(await events.videoIds(id), name).toEqual(new Set(['v1', 'v2', 'v3', 'v4', 'v5', 'v6']));

      const batch = (viewer: string, list: unknown[]) => EventBatchSchema.parse({ widget_id: id, token: 't', viewer, events: list });
      // Sunday the 8th falls in the week of Monday the 2nd; Monday the 9th starts the next.
      await events.record(batch('viewer-aaaa', [{ type: 'impression' }, { type: 'impression', video_id: 'v1' }, { type: 'play', video_id: 'v1' }, { type: 'watch', video_id: 'v1', value: 4600 }]), day('2026-11-02'));
      await events.record(batch('viewer-bbbb', [{ type: 'impression' }, { type: 'play', video_id: 'v1' }, { type: 'product_click', video_id: 'v1', product_id: 'p1' }]), day('2026-11-08'));
      await events.record(batch('viewer-cccc', [{ type: 'impression' }, { type: 'play', video_id: 'v2' }, { type: 'cta_click' }]), day('2026-11-09'));
      expect(await events.record(batch('viewer-dddd', [{ type: 'impression' }, { type: 'impression' }]), day('2026-11-26')), name).toBe(2);

      const all = { start: null, end: '2026-11-30T23:59:59.999Z' };
      const totals = await events.totals(id, null, all);
      expect(totals, name).toMatchObject({ impressions: 5, views: 3, viewers: 3, watch_seconds: 5, product_clicks: 1, cta_clicks: 1 });
      expect(await events.totals(id, 'v1', all), name).toMatchObject({ impressions: 1, views: 2, viewers: 2 });
      const weeks = await events.series(id, null, all, 'week');
      expect([...weeks.keys()], name).toEqual(['2026-11-02', '2026-11-09', '2026-11-23']);
      expect(weeks.get('2026-11-02')?.views, name).toBe(2);
      const days = await events.series(id, 'v1', { start: '2026-11-03T00:00:00.000Z', end: all.end }, 'day');
      const months = await events.series(id, null, all, 'month');
      const perVideo = await events.perVideo(id, all);
      expect(perVideo.get('v1')?.views, name).toBe(2);

      // What the embed reads beside the widget.
      expect(await embed.brandOf(id), name).toBe('b1');
      expect(await embed.firstLines('v1'), name).toEqual(['I love it.', 'Hello there.']);
      expect(await embed.playlistsOf(id), name).toEqual([{ id: playlist, title: 'Best of' }]);
      expect(await embed.playlistVideoIds(playlist), name).toEqual(['v6', 'v2']);
      const facts = await embed.facts('v1');
      expect(facts, name).toMatchObject({ media_file: 'v1.mp4', creator_type: 'fan', creator_verified: 1, sentiment_positive: 0.8 });
      expect(await lookups.video('v9', 'b1'), name).toBeNull();
      expect(await lookups.widgetExists(id, 'b1'), name).toBe(true);
      expect((await lookups.product('p1', 'b1'))?.price, name).toBe(19.5);

      const list = await widgets.list('b1');
      const playlists = await widgets.playlists('b1');
      expect(await widgets.removePlaylist(playlist, 'b1'), name).toBe(true);
      expect(await widgets.remove(id, 'b2'), name).toBe(false);
      expect(await widgets.remove(id, 'b1'), name).toBe(true);
      expect(await widgets.list('b1'), name).toEqual([]);
      const strip = (value: unknown) => JSON.parse(JSON.stringify(value).replaceAll(id, 'W').replaceAll(playlist, 'P')) as unknown;
      answers.push(strip({ list, playlists, totals, weeks: [...weeks], days: [...days], months: [...months], perVideo: [...perVideo].sort(), facts }));
    }
    expect(answers[1]).toEqual(answers[0]);
  });

  it('pages the shop inventory by name with a search that ignores ASCII case, and keeps keys and tokens as hashes', async () => {
    const answers = [];
    for (const { name, sql } of both.engines()) {
      const { inventory, keys, widgets } = createWidgetRepositories(sql);
      const glow = await inventory.page('b1', 'GLOW', null, 10);
      expect(glow.map((p) => p.name), name).toEqual(['Glow Serum', 'glow mask']);
      const first = await inventory.page('b1', '', null, 2);
      const rest = await inventory.page('b1', '', { name: first[1]!.name, id: first[1]!.id }, 2);
      expect([...first, ...rest].map((p) => p.id), name).toEqual(['p3', 'p1', 'p2']);

      expect(await keys.hintOf('b1'), name).toBeNull();
      await keys.saveKey('b1', 'hash-1', 'rsk_abcd…wxyz', '2026-11-01T00:00:00.000Z');
      await keys.saveKey('b1', 'hash-2', 'rsk_efgh…wxyz', '2026-11-02T00:00:00.000Z');
      expect(await keys.brandOfKeyHash('hash-1'), name).toBeNull();
      expect(await keys.brandOfKeyHash('hash-2'), name).toBe('b1');
      const hint = await keys.hintOf('b1');
      expect(hint, name).toEqual({ hint: 'rsk_efgh…wxyz', created_at: '2026-11-02T00:00:00.000Z' });

      const id = await widgets.create('b1', null, fields('Tokens', ['v1', 'v2', 'v3', 'v4', 'v5']), day('2026-11-01'));
      await keys.saveToken('token-hash-1', id, '2026-11-01T00:00:00.000Z');
      await keys.saveToken('token-hash-2', id, '2026-11-01T00:00:00.000Z');
      expect(await keys.widgetOfToken('token-hash-1'), name).toBe(id);
      expect(await keys.revokeTokens(id, '2026-11-02T00:00:00.000Z'), name).toBe(2);
      expect(await keys.revokeTokens(id, '2026-11-03T00:00:00.000Z'), name).toBe(0);
      expect(await keys.widgetOfToken('token-hash-1'), name).toBeNull();
      answers.push({ glow, first, rest, hint });
    }
    expect(answers[1]).toEqual(answers[0]);
  });
});
