import type { SqlParam } from '../../../../src/server/db/sqlClient';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHART_RANGES, CREATOR_TABS, SUBSCRIBER_THRESHOLDS } from '../../../../src/shared/constants';
import { CREATOR_CSV_COLUMNS, CREATOR_SORTS, type CreatorListResponse } from '../../../../src/shared/http/creators.schemas';
import { isValidEmail } from '../../../../src/shared/rules/validation';
import { parseCsv } from '../../../shared/csv';
import { openVideoWorkspace, type VideoWorkspace } from '../videos/support/videoWorkspace';
import { ENGINE, firstValue, firstValues } from '../support/testEngine';

let w: VideoWorkspace;
beforeAll(async () => {
  w = await openVideoWorkspace();
}, 120_000);
afterAll(async () => w.close());

async function list(query: Record<string, unknown> = {}): Promise<CreatorListResponse> {
  const response = await w.get('/jwt_api/influencers', { per_page: 100, ...query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const brandCount = async (extra = '1 = 1', params: SqlParam[] = []): Promise<number> =>
  (await firstValue(w.sql, `SELECT COUNT(*) FROM creators c WHERE c.brand_id = ? AND (${extra})`, [w.brandId, ...params])) as number;

describe('GET /influencers tabs, filters, sorts, paging', () => {
  it('My Creators + Competitors = View All, each holding its brands\' creators', async () => {
    const counts: Record<string, number> = {};
    for (const tab of CREATOR_TABS) counts[tab] = (await list({ tab })).data.count;
    expect(counts['My Creators']).toBe(await brandCount());
    expect((counts['My Creators'] ?? 0) + (counts.Competitors ?? 0)).toBe(counts['View All']);
    expect((await list({ tab: 'Competitors' })).influencers.every((c) => c.is_competitor && w.competitorIds.includes(c.brand_id))).toBe(true);
  });

  it('country, subscribers, videos, validEmail, reelscopeVerified, date and trending narrow to what SQL says', async () => {
    const { filters } = (await list()).data;
    for (const option of filters.country.slice(0, 3)) expect((await list({ filters: { country: [option.value] } })).data.count).toBe(option.count);
    for (const [i, threshold] of SUBSCRIBER_THRESHOLDS.entries()) {
      expect((await list({ filters: { subscribers: { radio: 'gte', value: threshold } } })).data.count).toBe(filters.subscribers[i]?.count);
      expect((await list({ filters: { subscribers: { radio: 'lte', value: threshold } } })).data.count).toBe(await brandCount('c.subscribers <= ?', [threshold]));
    }
    expect((await list({ filters: { videos: { radio: 'gte', value: 3 } } })).data.count).toBe(await brandCount('c.video_count >= 3'));
    expect((await list({ filters: { videos: { radio: 'lte', value: 1 } } })).data.count).toBe(await brandCount('c.video_count <= 1'));
    const emails = (await firstValues(w.sql, 'SELECT email FROM creators WHERE brand_id = ?', [w.brandId])) as (string | null)[];
    const valid = await list({ validEmail: true });
    expect(valid.data.count).toBe(emails.filter((e) => e !== null && isValidEmail(e)).length);
    expect(valid.data.count).toBe(filters.validEmail);
    expect(valid.influencers.every((c) => c.valid_email)).toBe(true);
    const verified = await list({ reelscopeVerified: true });
    expect(verified.data.count).toBe(await brandCount('c.verified = 1'));
    const combined = await list({ reelscopeVerified: true, validEmail: true, filters: { subscribers: { radio: 'gte', value: 10000 } } });
    expect(combined.data.count).toBe(await brandCount('c.verified = 1 AND c.email_valid = 1 AND c.subscribers >= 10000'));
    const month = await list({ date: '1m' });
    expect(month.data.count).toBe(await brandCount('c.latest_platform_video_published_at >= ? AND c.latest_platform_video_published_at <= ?', [month.data.loaded_for.start, month.data.loaded_for.end]));
    const trending = await list({ trending: true });
    expect(trending.influencers.every((c) => c.trending)).toBe(true);
    const since = new Date(Date.parse(trending.data.loaded_for.end) - 30 * 86_400_000).toISOString();
    expect(trending.data.count).toBe(await brandCount('c.latest_platform_video_published_at >= ?', [since]));
    expect(trending.data.count).toBeGreaterThan(0);
    const custom = await list({ date: 'custom', start_date: '2026-01-01', end_date: '2026-06-30' });
    expect(custom.influencers.every((c) => (c.latest_platform_video_published_at ?? '') >= '2026-01-01' && (c.latest_platform_video_published_at ?? '') <= '2026-06-30T23:59:59.999Z')).toBe(true);
    expect((await w.get('/jwt_api/influencers', { filters: { subscribers: { radio: 'gte', value: 12345 } } })).statusCode).toBe(400);
  });

  it('every sort, both directions, and pages follow the same order across brands (View All)', async () => {
    for (const sort of CREATOR_SORTS) {
      for (const desc of [true, false]) {
        const all = (await list({ tab: 'View All', sort, desc, per_page: 250 })).influencers;
        const key = (c: (typeof all)[number]): string | number => c[sort] ?? '';
        const ordered = [...all].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a._id < b._id ? -1 : 1));
        if (desc) ordered.reverse();
        expect(all.map((c) => c._id), `${sort} ${desc}`).toEqual(ordered.map((c) => c._id));
        const pages = [...(await list({ tab: 'View All', sort, desc, per_page: 10 })).influencers, ...(await list({ tab: 'View All', sort, desc, per_page: 10, page: 3 })).influencers];
        expect(pages.map((c) => c._id)).toEqual([...all.slice(0, 10), ...all.slice(20, 30)].map((c) => c._id));
      }
    }
    const body = await list({ per_page: 10 });
    expect(body.data.totalPages).toBe(Math.ceil(body.data.count / 10));
    expect((await list({ per_page: 10, page: body.data.totalPages + 1 })).influencers).toEqual([]);
  });

  it('another brand answers 404, get_influencer_ids matches the list', async () => {
    expect((await w.get('/jwt_api/influencers', { brand_id: w.competitorIds[0] })).statusCode).toBe(404);
    const foreign = (await firstValue(w.sql, 'SELECT id FROM creators WHERE brand_id = ?', [w.otherBrandId])) as string;
    expect((await w.get(`/jwt_api/influencers/${foreign}`)).statusCode).toBe(404);
    const ids = (await w.get('/jwt_api/influencers/get_influencer_ids', { validEmail: true })).json() as {
      count: number; influencers: { influencer_id: string; name: string; email: string | null; valid_email: boolean }[];
    };
    const page = await list({ validEmail: true });
    expect(ids.count).toBe(page.data.count);
    expect(ids.influencers.slice(0, page.influencers.length).map((c) => c.influencer_id)).toEqual(page.influencers.map((c) => c._id));
    // What contacting needs comes along, so a selection of every match can tell who is reachable.
    expect(ids.influencers.slice(0, page.influencers.length).map(({ name, email, valid_email }) => ({ name, email, valid_email })))
      .toEqual(page.influencers.map(({ name, email, valid_email }) => ({ name, email, valid_email })));
  });
});

describe('GET /influencers/export.csv', () => {
  it('has exactly the rows and ids the list reports for a filter, with the right columns, BOM and safe cells', async () => {
    const query = { tab: 'View All', validEmail: true, filters: { subscribers: { radio: 'gte', value: 25000 } } };
    const page = await list({ ...query, per_page: 1000 });
    const response = await w.get('/jwt_api/influencers/export.csv', query);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(response.body.slice(1));
    expect(header).toEqual([...CREATOR_CSV_COLUMNS]);
    expect(rows.length).toBe(page.data.count);
    expect(rows.map((r) => r[0])).toEqual(page.influencers.map((c) => c._id));
    const id = page.influencers[0]?._id ?? '';
    (await w.sql.run("UPDATE creators SET name = '=HYPERLINK(\"x\")' WHERE id = ?", [id]));
    const again = parseCsv((await w.get('/jwt_api/influencers/export.csv', query)).body.slice(1));
    expect(again.find((r) => r[0] === id)?.[1]).toBe('\'=HYPERLINK("x")');
  });

  it('names the platforms as people write them (YouTube, TikTok), not by their stored values', async () => {
    const [header, ...rows] = parseCsv((await w.get('/jwt_api/influencers/export.csv', { tab: 'View All' })).body.slice(1));
    const platforms = new Set(rows.map((row) => row[header?.indexOf('platform') ?? -1]));
    expect(platforms.has('YouTube') && platforms.has('TikTok')).toBe(true);
    expect(platforms.has('Youtube') || platforms.has('Tiktok')).toBe(false);
  });
});

describe('creator detail', () => {
  it('answers detail, videos, products, brands, demographics, sentiment, user and notes', async () => {
    const creator = (await list({ sort: 'video_count' })).influencers[0];
    const id = creator?._id ?? '';
    const detail = (await w.get(`/jwt_api/influencers/${id}`)).json() as { influencer: { _id: string }; engagementIndex: Record<string, number>; statistics: { total_views: number } };
    expect(detail.influencer._id).toBe(id);
    expect(Object.keys(detail.engagementIndex).sort()).toEqual(['average_engagement_index', 'average_views_per_video', 'influencer_performance_index']);
    expect(detail.statistics.total_views).toBeGreaterThan(0);
    const videos = (await w.get(`/jwt_api/influencers/${id}/videos`)).json() as { recent: unknown[]; trending: unknown[]; sponsored: unknown[] };
    expect(videos.recent.length).toBeGreaterThan(0);
    expect(((await w.get(`/jwt_api/influencers/${id}/products`)).json() as { products: unknown[] }).products.length).toBeGreaterThan(0);
    expect(((await w.get(`/jwt_api/influencers/${id}/get_list_of_brands_associated_with_creator`)).json() as { brands: unknown[] }).brands.length).toBeGreaterThan(0);
    const demographics = (await w.get(`/jwt_api/influencers/${id}/demographics/`)).json() as { age: Record<string, number>; gender: Record<string, number> };
    expect(Object.keys(demographics.gender).length).toBeGreaterThan(0);
    expect(((await w.get(`/jwt_api/influencers/${id}/sentiment`)).json() as { sentiment: { positive: number } }).sentiment.positive).toBe(creator?.sentiment.positive);
    const user = (await w.get('/jwt_api/users/', { video_author_id: id })).json() as { influencer: { _id: string } };
    expect(user.influencer._id).toBe(id);
    expect((await w.send('PUT', `/jwt_api/influencers/${id}/influencer_note`, { content: 'Great fit' })).statusCode).toBe(200);
    expect(((await w.get(`/jwt_api/influencers/${id}/influencer_note`)).json() as { note: { content: string } }).note.content).toBe('Great fit');
    expect((await list({ search: creator?.name })).influencers.find((c) => c._id === id)?.has_note).toBe(true);
  });

  it('PUT /influencers/:id edits an own creator; the email check follows the change', async () => {
    const creator = (await list({ validEmail: true })).influencers[0];
    const id = creator?._id ?? '';
    const before = (await list({ validEmail: true })).data.count;
    const response = await w.send('PUT', `/jwt_api/influencers/${id}`, { email: 'not-an-email', reelscopeVerified: true });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { influencer: { valid_email: boolean; reelscopeVerified: boolean } }).influencer).toMatchObject({ valid_email: false, reelscopeVerified: true });
    expect((await list({ validEmail: true })).data.count).toBe(before - 1);
    await w.send('PUT', `/jwt_api/influencers/${id}`, { email: 'back@example.com' });
    expect((await list({ validEmail: true })).data.count).toBe(before);
  });

  it('daily trackings per chart range: consecutive days, oldest first, with every field', async () => {
    const id = (await list()).influencers[0]?._id ?? '';
    const lengths: Record<string, number> = {};
    for (const range of CHART_RANGES) {
      const body = (await w.get(`/jwt_api/influencers/${id}/influencer_daily_trackings`, { range })).json() as { start: string; end: string; records: { date: string }[] };
      lengths[range] = body.records.length;
      expect(body.records[0]?.date).toBe(body.start);
      expect(body.records.at(-1)?.date).toBe(body.end);
      const dates = body.records.map((r) => r.date);
      expect(dates).toEqual([...dates].sort());
      expect(Object.keys(body.records[0] ?? {}).sort()).toEqual(['comment_count', 'date', 'likes', 'sentiment_score', 'total_engagement', 'videoCount', 'view_count', 'youtube_dislike_count']);
    }
    expect(lengths['1w']).toBe(7);
    expect(lengths['1m']).toBeGreaterThanOrEqual(28);
    expect(lengths['1m']).toBeLessThanOrEqual(31);
    expect(lengths['3m']).toBeGreaterThan(lengths['1m'] ?? 0);
    expect(lengths['1y']).toBe(365);
    expect((await w.get(`/jwt_api/influencers/${id}/influencer_daily_trackings`, { range: '2y' })).statusCode).toBe(400);
  });
});

describe('creators list SQL uses its indexes', () => {
  // SQLite's query planner itself (EXPLAIN QUERY PLAN, INDEXED BY): PostgreSQL plans differently and has no such text.
  it.skipIf(ENGINE === 'postgres')('counts scan a covering index and page walks follow the sort index (EXPLAIN QUERY PLAN)', async () => {
    const { createCreatorListRepository } = await import('../../../../src/server/repositories/creators/creatorListRepository');
    const repo = createCreatorListRepository(w.sql);
    const count = (await repo.explain('SELECT COUNT(*) FROM creators c WHERE c.brand_id IN (?) AND c.email_valid = 1 AND c.subscribers >= ? AND c.latest_platform_video_published_at <= ?', [w.brandId, 10000, '2027-01-01'])).join('\n');
    expect(count).toMatch(/COVERING INDEX creators_list_/);
    const page = (await repo.explain('SELECT c.id FROM creators c INDEXED BY creators_list_subscribers WHERE c.brand_id IN (?) AND c.verified = 1 ORDER BY subscribers DESC, id DESC LIMIT 10', [w.brandId])).join('\n');
    expect(page).toContain('creators_list_subscribers');
    expect(page).not.toContain('TEMP B-TREE');
  });

  it('a page found from few matches and sorted is the page walked in sort order', async () => {
    const { createCreatorListRepository } = await import('../../../../src/server/repositories/creators/creatorListRepository');
    const { CreatorListQuerySchema } = await import('../../../../src/shared/http/creators.schemas');
    const repo = createCreatorListRepository(w.sql);
    const brands = [w.brandId, ...w.competitorIds];
    const window = { date: 'all_dates' as const, start: null, end: '2100-01-01T00:00:00.000Z' };
    const countries = (await firstValues(w.sql, 'SELECT DISTINCT country FROM creators WHERE country IS NOT NULL LIMIT 3')) as string[];
    let compared = 0;
    for (const sort of CREATOR_SORTS) {
      for (const desc of [true, false]) {
        for (const filters of [{}, { country: countries.slice(0, 2) }, { subscribers: { radio: 'gte', value: SUBSCRIBER_THRESHOLDS[1] } }]) {
          const query = CreatorListQuerySchema.parse({ sort, desc: String(desc), filters: JSON.stringify(filters), user_id: w.userId, brand_id: w.brandId });
          for (const offset of [0, 10, 20]) {
            const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
            const walked = ids(await repo.pageIds(brands, query, window, '2000-01-01', 10, offset));
            expect(ids(await repo.pageIds(brands, query, window, '2000-01-01', 10, offset, 0)), `${sort} ${desc} ${JSON.stringify(filters)} ${offset}`).toEqual(walked);
            compared += walked.length;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
  });
});
