import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZES, VIDEO_TABS } from '../../../../src/shared/constants';
import type { VideoFiltersInput, VideoListResponse } from '../../../../src/shared/http/videos.schemas';
import type { SqlParam } from '../../../../src/server/db/sqlClient';
import { openVideoWorkspace, WORKSPACE_NOW, type VideoWorkspace } from './support/videoWorkspace';
import { firstValue, namedParams } from '../support/testEngine';
import { HAS_SENTIMENT } from './support/sentimentReference';

let w: VideoWorkspace;
beforeAll(async () => {
  w = await openVideoWorkspace();
  // Every seeded video is heard (the seed stores captions even for those it leaves in analysis); links added by
  // a person are not, and the list must keep them apart from the heard ones (sorts, the "not sponsored" filter).
  for (const url of ['youtu.be/dQw4w9WgXcQ', 'https://www.tiktok.com/@lumina/video/7300000000000000001']) {
    const added = await w.send('POST', '/second/video/submit-video-url', { url });
    expect(added.statusCode, added.body).toBe(200);
  }
}, 120_000);
afterAll(async () => w.close());

const NOT_MARKED = (mark: string): string => `NOT EXISTS (SELECT 1 FROM marks m WHERE m.mark = '${mark}' AND m.kind = 'video' AND m.brand_id = @b AND m.target_id = v.id)`;
const MY_VIDEOS = `v.brand_id = @b AND ${NOT_MARKED('trash')} AND ${NOT_MARKED('flag')}`;
/** `@b` is the acting brand's id. */
const named = (sql: string, params: Record<string, SqlParam>) => namedParams(sql, { b: w.brandId, ...params });
/** Direct SQL count of My Videos narrowed by `extra`. */
async function myCount(extra = '1 = 1', params: Record<string, SqlParam> = {}): Promise<number | undefined> {
  return firstValue<number>(w.sql, ...named(`SELECT COUNT(*) FROM videos v WHERE ${MY_VIDEOS} AND (${extra})`, params));
}
interface JsonColumns { audio_labels: string[]; topics: { topic: string; subTopics?: string[] }[]; brand_safety: Record<string, string>; demographics: Record<string, Record<string, number>> }
/** My Videos that `keep` keeps, judged on their JSON columns (parsed here: each engine has JSON functions of its own). */
async function myCountWhere(keep: (video: JsonColumns) => boolean): Promise<number> {
  const rows = await w.sql.all<Record<keyof JsonColumns, string>>(...named(`SELECT v.audio_labels, v.topics, v.brand_safety, v.demographics FROM videos v WHERE ${MY_VIDEOS}`, {}));
  return rows.filter((row) => keep({ audio_labels: JSON.parse(row.audio_labels), topics: JSON.parse(row.topics), brand_safety: JSON.parse(row.brand_safety), demographics: JSON.parse(row.demographics) })).length;
}
async function list(query: Record<string, unknown> = {}): Promise<VideoListResponse> {
  const response = await w.get('/jwt_api/videos', query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const withFilters = (filters: VideoFiltersInput, query: Record<string, unknown> = {}) => list({ ...query, filters });
/** The acting brand's `mark` marks (video id → reason); list rows carry only the marks the list shows. */
async function marked(mark: string): Promise<Map<string, string | null>> {
  const rows = await w.sql.all<{ target_id: string; reason: string | null }>("SELECT target_id, reason FROM marks WHERE mark = ? AND kind = 'video' AND brand_id = ?", [mark, w.brandId]);
  return new Map(rows.map((row) => [row.target_id, row.reason]));
}
const owner = (video: VideoListResponse['videos'][number]): string | undefined => video.manufacturer_ids[0];

describe('GET /videos tabs', () => {
  it('My Videos holds the own brand\'s videos that are neither trashed nor flagged', async () => {
    const body = await list();
    expect(body.data.count).toBe(await myCount());
    expect(body.data.count).toBeGreaterThan(20);
    const trashed = await marked('trash');
    expect(body.videos.every((video) => owner(video) === w.brandId && !trashed.has(video._id) && !video.is_flagged)).toBe(true);
  });

  it('every tab answers, and My Videos + Competition + Flagged + Trash cover every visible video', async () => {
    const counts: Record<string, number> = {};
    for (const tab of VIDEO_TABS) counts[tab] = (await list({ tab })).data.count;
    const all = await firstValue(w.sql, `SELECT COUNT(*) FROM videos WHERE brand_id IN (${[w.brandId, ...w.competitorIds].map(() => '?').join(',')})`, [w.brandId, ...w.competitorIds]);
    expect((counts['My Videos'] ?? 0) + (counts.Competition ?? 0) + (counts.Flagged ?? 0) + (counts.Trash ?? 0)).toBe(all);
    for (const tab of ['Favorites', 'Flagged', 'Campaigns']) expect(counts[tab], tab).toBeGreaterThan(0);
  });

  it('Competition lists competitor videos only, Favorites/Flagged/Trash only the brand\'s marks', async () => {
    expect((await list({ tab: 'Competition', per_page: 100 })).videos.every((video) => video.is_competitor && w.competitorIds.includes(owner(video) ?? ''))).toBe(true);
    expect((await list({ tab: 'Favorites', per_page: 100 })).videos.every((video) => video.is_favorite)).toBe(true);
    const flags = await marked('flag');
    expect((await list({ tab: 'Flagged', per_page: 100 })).videos.every((video) => video.is_flagged && (flags.get(video._id) ?? null) !== null)).toBe(true);
    const trashed = await marked('trash');
    expect((await list({ tab: 'Trash', per_page: 100 })).videos.every((video) => trashed.has(video._id))).toBe(true);
  });

  it('another user\'s brand answers 404', async () => {
    const stranger = await firstValue<string>(w.sql, "SELECT b.id FROM brands b JOIN users u ON u.email = 'pending@reelscope.app' JOIN brand_members m ON m.user_id = u.id AND m.brand_id = b.id");
    expect((await w.get('/jwt_api/videos', { brand_id: stranger })).statusCode).toBe(404);
    // A competitor brand is readable but cannot act as the list's brand.
    expect((await w.get('/jwt_api/videos', { brand_id: w.competitorIds[0] })).statusCode).toBe(404);
  });
});

describe('GET /videos filters narrow to what SQL says', () => {
  it('each facet option count equals the list count with that filter and a direct SQL count', async () => {
    const { filters } = (await list()).data;
    // The last ones test the JSON columns in code: SQLite and PostgreSQL name their JSON functions differently.
    const checks: [keyof typeof filters, (value: string) => VideoFiltersInput, string | ((value: string) => (video: JsonColumns) => boolean)][] = [
      ['platform', (value) => ({ platform: [value as never] }), 'v.platform = @x'],
      ['category', (value) => ({ category: [value] }), 'v.category = @x'],
      ['language', (value) => ({ language: [value] }), 'v.language = @x'],
      ['scene', (value) => ({ scene: [value] }), 'v.scene = @x'],
      ['pov', (value) => ({ pov: [value] }), 'v.pov = @x'],
      ['influencer', (value) => ({ influencer: [value] }), 'v.creator_id = @x'],
      ['product', (value) => ({ product: [value] }), 'EXISTS (SELECT 1 FROM video_products p WHERE p.video_id = v.id AND p.product_id = @x)'],
      ['sponsored_by', (value) => ({ sponsored: { sponsored_by: [value] } }), 'v.sponsored_by = @x'],
      ['audio_labels', (value) => ({ audio_labels: [value] }), (x) => (video) => video.audio_labels.includes(x)],
      ['topics', (value) => ({ topic: { topics: [value] } }), (x) => (video) => video.topics.some((topic) => topic.topic === x)],
      ['subTopics', (value) => ({ topic: { subTopics: [value] } }), (x) => (video) => video.topics.some((topic) => (topic.subTopics ?? []).includes(x))],
      ['visual_content', (value) => ({ brand_safety: { visual_content: [value as never] } }), (x) => (video) => video.brand_safety.visual_content === x],
      ['foul_language', (value) => ({ brand_safety: { foul_language: [value as never] } }), (x) => (video) => video.brand_safety.foul_language === x],
    ];
    for (const [family, filter, where] of checks) {
      const options = filters[family];
      const option = options.at(-1);
      expect(option, family).toBeDefined();
      if (!option) continue;
      const expected = typeof where === 'string' ? await myCount(where, { x: option.value }) : await myCountWhere(where(option.value));
      expect(option.count, family).toBe(expected);
      expect((await withFilters(filter(option.value))).data.count, family).toBe(expected);
      expect(expected, family).toBeLessThanOrEqual((await myCount()) ?? 0);
    }
  });

  it('brand filter on the Competition tab keeps one competitor', async () => {
    const competitor = w.competitorIds[0] ?? '';
    const body = await withFilters({ brand: [competitor] }, { tab: 'Competition', per_page: 100 });
    expect(body.data.count).toBeGreaterThan(0);
    expect(body.videos.every((video) => owner(video) === competitor)).toBe(true);
  });

  it('views, sponsorship, note, demographics and combined families', async () => {
    expect((await withFilters({ views: { radio: 'gte', value: 10000 } })).data.count).toBe(await myCount('v.views >= 10000'));
    expect((await withFilters({ views: { radio: 'lte', value: 1000 } })).data.count).toBe(await myCount('v.views <= 1000'));
    expect((await withFilters({ sponsored: { sponsorship: true } })).data.count).toBe(await myCount('v.sponsored = 1'));
    // "Not sponsored" only of videos whose speech was read: one still in analysis is not known to be unsponsored.
    expect((await withFilters({ sponsored: { sponsorship: false } })).data.count).toBe(await myCount(`v.sponsored = 0 AND ${HAS_SENTIMENT}`));
    expect(await myCount(`v.sponsored = 0 AND NOT ${HAS_SENTIMENT}`)).toBeGreaterThan(0);
    const hasNote = "EXISTS (SELECT 1 FROM notes n WHERE n.kind = 'video' AND n.target_id = v.id AND n.brand_id = @b)";
    expect((await withFilters({ note: { values: ['has_note'] } })).data.count).toBe(await myCount(hasNote));
    expect((await withFilters({ note: { values: ['no_note'] } })).data.count).toBe(await myCount(`NOT ${hasNote}`));
    const share = (video: JsonColumns, family: string, bucket: string) => video.demographics[family]?.[bucket] ?? 0;
    expect((await withFilters({ demographic: { gender: ['male'] } })).data.count).toBe(await myCountWhere((video) => share(video, 'gender', 'male') >= 0.2));
    expect((await withFilters({ demographic: { age_range: ['18-24', '60+'] } })).data.count).toBe(
      await myCountWhere((video) => share(video, 'age_range', '18-24') >= 0.2 || share(video, 'age_range', '60+') >= 0.2),
    );
    expect((await withFilters({ platform: ['Youtube', 'Tiktok'], views: { radio: 'gte', value: 3000 } })).data.count).toBe(
      await myCount("v.platform IN ('Youtube', 'Tiktok') AND v.views >= 3000"),
    );
  });

  it('search matches title or creator; transcript search finds spoken words', async () => {
    const word = 'haul';
    // lower(): SQLite's LIKE ignores ASCII case, PostgreSQL's does not. The words seen on screen count as the title does.
    expect((await list({ search: 'HAUL' })).data.count).toBe(
      await myCount("lower(v.title) LIKE '%haul%' OR lower(v.screen_text) LIKE '%haul%' OR EXISTS (SELECT 1 FROM creators c WHERE c.id = v.creator_id AND lower(c.name) LIKE '%haul%')"),
    );
    const spoken = await list({ search: 'honest', search_in: 'transcript', per_page: 25 });
    expect(spoken.data.count).toBe(await myCount("lower(v.title) LIKE '%honest%' OR EXISTS (SELECT 1 FROM creators c WHERE c.id = v.creator_id AND lower(c.name) LIKE '%honest%') OR EXISTS (SELECT 1 FROM transcript_lines t WHERE t.video_id = v.id AND lower(t.content) LIKE '%honest%')"));
    expect(spoken.data.count).toBeGreaterThan((await list({ search: 'honest' })).data.count);
    expect(word).toBe('haul');
  });

  it('finds a product name written on screen: the plain search and search_in=on_screen, which shows the on-screen line', async () => {
    const id = (await list({ per_page: 10 })).videos[0]?._id ?? '';
    await w.sql.run("UPDATE videos SET screen_text = ? WHERE id = ?", ['QUIXOTIC GLOW 20% OFF\n#ad', id]);
    await w.sql.run("INSERT INTO transcript_lines (video_id, line_no, start_time, content, sentiment, track, end_time) VALUES (?, 1000000, 1.5, 'QUIXOTIC GLOW 20% OFF', 'neutral', 'screen', 4)", [id]);
    try {
      expect((await list({ search: 'quixotic glow' })).videos.map((video) => video._id)).toEqual([id]);
      const shown = await list({ search: 'Quixotic Glow', search_in: 'on_screen' });
      expect(shown.videos.map((video) => [video._id, video.transcript_match])).toEqual([[id, { start_time: 1.5, content: 'QUIXOTIC GLOW 20% OFF' }]]);
      expect((await list({ search: 'quixotic glow', search_in: 'transcript' })).videos.map((video) => video._id)).toEqual([id]);
      expect((await w.get('/jwt_api/videos', { search: 'glow', search_in: 'everywhere' })).statusCode).toBe(400);
      const doc = (await w.app.inject({ method: 'GET', url: '/openapi.json' })).json() as { paths: Record<string, { get?: { parameters?: { name: string; schema?: { enum?: string[] } }[] } }> };
      const scope = doc.paths['/jwt_api/videos']?.get?.parameters?.find((parameter) => parameter.name === 'search_in');
      expect(scope?.schema?.enum).toEqual(['title', 'transcript', 'on_screen']);
    } finally {
      await w.sql.run("DELETE FROM transcript_lines WHERE video_id = ? AND track = 'screen'", [id]);
      await w.sql.run('UPDATE videos SET screen_text = NULL WHERE id = ?', [id]);
    }
  });

  it('rejects malformed filters and page sizes with 400', async () => {
    expect((await w.get('/jwt_api/videos', { filters: '{nope' })).statusCode).toBe(400);
    expect((await w.get('/jwt_api/videos', { per_page: 7 })).statusCode).toBe(400);
    expect((await w.get('/jwt_api/videos', { filters: { views: { radio: 'gte', value: 1234 } } })).statusCode).toBe(400);
  });
});

describe('GET /videos sorting, paging and dates', () => {
  it('sorts order correctly', async () => {
    const sorted = async (sort: string, key: (v: VideoListResponse['videos'][number]) => string | number, desc: boolean, extra: Record<string, unknown> = {}) => {
      const values = (await list({ sort, per_page: 100, ...extra })).videos.map(key);
      const expected = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      if (desc) expected.reverse();
      expect(values, sort).toEqual(expected);
    };
    await sorted('created_at', (v) => v.created_at, true);
    await sorted('created_at', (v) => v.created_at, false, { desc: false });
    // A video never heard has no sentiment to show; it sorts after every heard one (its own test below).
    await sorted('highest_sentiment', (v) => v.sentiment?.positive ?? 0, true);
    const published = new Map((await w.sql.all<{ id: string; published_at: string | null }>('SELECT id, published_at FROM videos WHERE brand_id = ?', [w.brandId])).map((row) => [row.id, row.published_at]));
    const publishedAt = (v: VideoListResponse['videos'][number]) => published.get(v._id) ?? '';
    await sorted('newest_videos', publishedAt, true);
    // Each row carries the date it is sorted by, for the list's date column to show.
    const newest = (await list({ sort: 'newest_videos', per_page: 100 })).videos;
    expect(newest.map((v) => v.published_at ?? null)).toEqual(newest.map((v) => published.get(v._id) ?? null));
    expect(newest.some((v) => typeof v.published_at === 'string')).toBe(true);
    await sorted('oldest_videos', publishedAt, false);
    const favFirst = (await list({ sort: 'favorite_videos', per_page: 250 })).videos.map((v) => v.is_favorite);
    expect(favFirst.indexOf(false)).toBeGreaterThan(-1);
    expect(favFirst.slice(favFirst.indexOf(false)).includes(true)).toBe(false);
  });

  it('lowest sentiment starts with the worst-received analysed videos; the not-yet-analysed ones come last either way', async () => {
    const measured = new Set((await w.sql.all<{ id: string }>('SELECT DISTINCT v.id FROM videos v JOIN transcript_lines tl ON tl.video_id = v.id WHERE v.brand_id = ?', [w.brandId])).map((row) => row.id));
    for (const sort of ['lowest_sentiment', 'highest_sentiment']) {
      const ids: string[] = (await w.get('/jwt_api/videos/get_video_ids', { sort })).json().videos.map((v: { video_id: string }) => v.video_id);
      const unmeasured = ids.filter((id) => !measured.has(id));
      expect(unmeasured.length, sort).toBeGreaterThan(0);
      expect(ids.slice(ids.length - unmeasured.length), sort).toEqual(unmeasured);
    }
    const lowest = (await list({ sort: 'lowest_sentiment', per_page: 100 })).videos.filter((v) => measured.has(v._id)).map((v) => v.sentiment?.positive ?? Number.NaN);
    expect(lowest.length).toBeGreaterThan(10);
    expect(lowest).toEqual([...lowest].sort((a, b) => a - b));
    const first = (await list({ sort: 'lowest_sentiment', per_page: 10 })).videos;
    expect(first.every((v) => measured.has(v._id) && v.analysis_stage === 'completed')).toBe(true);
  });

  it('paging math, every page size, and get_video_ids equals the list across pages', async () => {
    const total = (await myCount()) ?? 0;
    for (const size of PAGE_SIZES) {
      const body = await list({ per_page: size });
      expect(body.data.totalPages).toBe(Math.ceil(total / size));
      expect(body.videos.length).toBe(Math.min(size, total));
    }
    const ids: string[] = [];
    const pages = Math.ceil(total / 25);
    for (let page = 1; page <= pages; page++) ids.push(...(await list({ per_page: 25, page, sort: 'highest_sentiment' })).videos.map((v) => v._id));
    expect(new Set(ids).size).toBe(total);
    const all = (await w.get('/jwt_api/videos/get_video_ids', { sort: 'highest_sentiment' })).json();
    expect(all.count).toBe(total);
    expect(all.videos.map((v: { video_id: string }) => v.video_id)).toEqual(ids);
    expect(all.videos[0].manufacturer_ids).toEqual([w.brandId]);
    expect((await list({ per_page: 25, page: pages + 1 })).videos).toEqual([]);
  });

  it('date ranges end now (the clock), as Home\'s do, and custom ranges are inclusive', async () => {
    const month = await list({ date: '1m' });
    expect(month.data.loaded_for).toMatchObject({ start: '2026-10-22T10:00:00.000Z', end: WORKSPACE_NOW });
    const start = month.data.loaded_for.start ?? '';
    expect(month.data.count).toBe(await myCount('v.created_at >= @s AND v.created_at <= @e', { s: start, e: WORKSPACE_NOW }));
    expect(month.data.count).toBeGreaterThan(0);
    expect(month.data.count).toBeLessThan((await myCount()) ?? 0);
    const custom = await list({ date: 'custom', start_date: '2026-01-01', end_date: '2026-03-31' });
    expect(custom.data.count).toBe(await myCount("v.created_at >= '2026-01-01T00:00:00.000Z' AND v.created_at <= '2026-03-31T23:59:59.999Z'"));
    expect((await list({ date: 'all_dates' })).data.count).toBe(await myCount());
  });
});
