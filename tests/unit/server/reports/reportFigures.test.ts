import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report, ReportDefinitionInput, ReportFigures, SpeechReport } from '../../../../src/shared/http/reports.schemas';
import { openVideoWorkspace, type VideoWorkspace } from '../videos/support/videoWorkspace';
import { HAS_SENTIMENT } from '../videos/support/sentimentReference';
import { inList, type SqlParam } from '../../../../src/server/db/sqlClient';
import { firstValue, firstValues } from '../support/testEngine';

let w: VideoWorkspace;
beforeAll(async () => {
  w = await openVideoWorkspace(0.2);
}, 120_000);
afterAll(async () => w.close());

const preview = async (definition: ReportDefinitionInput): Promise<ReportFigures> => {
  const response = await w.get('/jwt_api/reports/figures', { definition });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ReportFigures;
};

/** The videos the acting brand counts (its list's): not trashed, flagged or removed by it. SQL over `videos v`. */
const counted = (): string => `v.id NOT IN (SELECT target_id FROM marks WHERE kind = 'video' AND mark IN ('trash', 'flag') AND brand_id = '${w.brandId}')
  AND v.id NOT IN (SELECT video_id FROM video_removals WHERE brand_id = '${w.brandId}')`;

interface VideoRow { id: string; views: number; likes: number; comments: number; positive: number; felt: number; created_at: string; demographics: string }
/** The videos a report's filters keep, written in SQL apart from the code under test. */
function sqlVideos(brandId: string, start: string, end: string, where = '', ...params: SqlParam[]): Promise<VideoRow[]> {
  return w.sql.all<VideoRow>(`SELECT id, views, likes, comments, sentiment_positive AS positive, CASE WHEN ${HAS_SENTIMENT} THEN 1 ELSE 0 END AS felt, created_at, demographics FROM videos v
    WHERE brand_id = ? AND created_at BETWEEN ? AND ? AND ${counted()} ${where}`, [brandId, start, end, ...params]);
}
/** A video's audience share of one bucket (undefined: it names none), read in code: each engine has JSON functions of its own. */
const shareOf = (row: VideoRow, family: string, bucket: string): number | undefined => (JSON.parse(row.demographics) as Record<string, Record<string, number> | undefined>)[family]?.[bucket];

const total = (rows: { views: number }[]) => rows.reduce((sum, row) => sum + row.views, 0);

describe('report figures against SQL', () => {
  it('counts the videos, views and likes the filters keep, now and over the previous window', async () => {
    const platforms = `AND platform IN ('Youtube', 'Tiktok')`;
    const female = (rows: VideoRow[]) => rows.filter((row) => (shareOf(row, 'gender', 'female') ?? 0) >= 0.2);
    const figures = await preview({
      type: 'custom', title: 'Women on YouTube and TikTok', duration: '1y', metrics: ['kpis', 'videos', 'engagement'],
      filters: { platform: ['Youtube', 'Tiktok'], demographic: { gender: ['female'] } },
    });
    const now = female(await sqlVideos(w.brandId, figures.scope.window.start!, figures.scope.window.end, platforms));
    const before = female(await sqlVideos(w.brandId, figures.scope.previous!.start ?? '', figures.scope.previous!.end, platforms));
    expect(now.length).toBeGreaterThan(5);
    expect(figures.kpis!.videos).toEqual({ current: now.length, previous: before.length });
    expect(figures.kpis!.views).toEqual({ current: total(now), previous: total(before) });
    expect(figures.kpis!.likes.current).toBe(now.reduce((sum, row) => sum + row.likes, 0));
    // The engagement chart's buckets add up to the KPI.
    expect(figures.engagement!.buckets.reduce((sum, bucket) => sum + bucket.views, 0)).toBe(total(now));
    expect(figures.videos!.total).toBe(now.length);
    const top = [...now].sort((a, b) => b.views - a.views || b.created_at.localeCompare(a.created_at) || (b.id > a.id ? 1 : -1)).slice(0, 500);
    expect(figures.videos!.rows.map((row) => row._id)).toEqual(top.map((row) => row.id));
  });

  it("shows a competitor's figures when the filters name one, and a product's videos only", async () => {
    const competitor = w.competitorIds[0]!;
    const product = (await firstValue<string>(w.sql, `SELECT vp.product_id FROM video_products vp JOIN videos v ON v.id = vp.video_id WHERE v.brand_id = ?
      GROUP BY vp.product_id ORDER BY COUNT(*) DESC, vp.product_id LIMIT 1`, [competitor])) ?? '';
    const figures = await preview({ type: 'sentiment', title: 'Rival product', duration: 'all_dates', filters: { competitor_brands: competitor, product } });
    expect(figures.scope.brand).toMatchObject({ id: competitor, competitor: true });
    const rows = await sqlVideos(competitor, '0000', figures.scope.window.end, 'AND id IN (SELECT video_id FROM video_products WHERE product_id = ?)', product);
    expect(figures.kpis!.videos.current).toBe(rows.length);
    const felt = rows.filter((row) => row.felt === 1);
    const mean = felt.reduce((sum, row) => sum + row.positive, 0) / felt.length;
    expect(figures.sentiment!.split.positive.current).toBeCloseTo(mean, 12);
    expect(figures.sentiment!.split.positive.previous).toBeNull();
    expect(figures.top_products!.products[0]).toMatchObject({ id: product, mentions: { current: rows.length } });
  });

  it('compares with a window of the person\'s choosing, or with none', async () => {
    const custom = await preview({ type: 'engagement', title: 'Against spring', duration: '3m', comparison: 'custom', compare_start_date: '2026-03-01', compare_end_date: '2026-05-31' });
    const spring = await sqlVideos(w.brandId, '2026-03-01T00:00:00.000Z', '2026-05-31T23:59:59.999Z');
    expect(custom.kpis!.videos.previous).toBe(spring.length);
    expect(custom.kpis!.views.previous).toBe(total(spring));
    const none = await preview({ type: 'engagement', title: 'Alone', comparison: 'none' });
    expect(none.scope.previous).toBeNull();
    expect(none.kpis!.videos.previous).toBeNull();
  });

  it('averages the audience of the kept videos per bucket (demographic report)', async () => {
    const figures = await preview({ type: 'demographic', title: 'Audience', duration: '6m', filters: { category: [] } });
    const window = figures.scope.window;
    const shares = (await sqlVideos(w.brandId, window.start ?? '', window.end)).flatMap((row) => shareOf(row, 'age_range', '25-30') ?? []);
    const mean = shares.reduce((sum, share) => sum + share, 0) / shares.length;
    expect(figures.demographics!.age_range['25-30']!.current).toBeCloseTo(mean, 12);
    expect(figures.benchmark!.brands.map((brand) => brand.id)).toEqual([w.brandId, ...w.competitorIds]);
  });
});

describe('speech reports against SQL', () => {
  const window = { duration: '1y' };
  // The highlights here are plain words (no LIKE wildcard in them).
  const saidIn = (highlight: string, start: string, end: string) => firstValues<string>(w.sql, `SELECT DISTINCT v.id FROM videos v JOIN transcript_lines t ON t.video_id = v.id
    WHERE v.brand_id = ? AND v.created_at BETWEEN ? AND ? AND ${counted()} AND lower(t.content) LIKE ?`, [w.brandId, start, end, `%${highlight}%`]);

  it('finds every video that says the highlight, with the lines that say it, newest published first', async () => {
    const report = (await w.get('/jwt_api/reports/speech_reports', { ...window, highlight: 'price' })).json() as SpeechReport;
    const expected = await saidIn('price', report.scope.window.start!, report.scope.window.end);
    expect(report.total_videos).toBe(expected.length);
    expect(report.clusters.length).toBe(Math.min(20, expected.length));
    const first = report.clusters[0]!.videos[0]!;
    const lines = await w.sql.all<{ start_time: number; content: string }>(`SELECT start_time, content FROM transcript_lines WHERE video_id = ? AND lower(content) LIKE '%price%' ORDER BY line_no`, [first._id]);
    expect(first.passage_count).toBe(lines.length);
    expect(first.passages.map((passage) => [passage.start_time, passage.content])).toEqual(lines.slice(0, 20).map((line) => [line.start_time, line.content]));
    const published = report.clusters.map((cluster) => cluster.videos[0]!.published_at ?? '');
    expect(published).toEqual([...published].sort().reverse());
    const listed = inList(w.sql, 'id', expected);
    const newest = await firstValue(w.sql, `SELECT MAX(published_at) FROM videos WHERE ${listed.sql}`, [listed.param]);
    expect(first.published_at).toBe(newest);
  });

  it('pages without overlap and groups by creator', async () => {
    const one = (await w.get('/jwt_api/reports/speech_reports', { ...window, highlight: 'the', page: 1, cluster_sort_by: 'views', desc: 'false' })).json() as SpeechReport;
    const two = (await w.get('/jwt_api/reports/speech_reports', { ...window, highlight: 'the', page: 2, cluster_sort_by: 'views', desc: 'false' })).json() as SpeechReport;
    const ids = (report: SpeechReport) => report.clusters.map((cluster) => cluster.key);
    expect(ids(one).filter((id) => ids(two).includes(id))).toEqual([]);
    const views = [...one.clusters, ...two.clusters].map((cluster) => cluster.videos[0]!.views);
    expect(views).toEqual([...views].sort((a, b) => a - b));
    const byCreator = (await w.get('/jwt_api/reports/speech_reports', { ...window, highlight: 'price', cluster: 'creator' })).json() as SpeechReport;
    const saying = inList(w.sql, 'id', await saidIn('price', byCreator.scope.window.start!, byCreator.scope.window.end));
    const expected = await firstValue(w.sql, `SELECT COUNT(DISTINCT COALESCE(creator_id, '')) FROM videos WHERE ${saying.sql}`, [saying.param]);
    expect(byCreator.total_clusters).toBe(expected);
    expect(byCreator.clusters.every((cluster) => cluster.videos.length >= 1 && cluster.videos.length <= 5)).toBe(true);
  });

  it('narrowed to a platform, counts the videos of that platform that say the highlight, over a window and all dates', async () => {
    const platforms = await firstValues<string>(w.sql, 'SELECT DISTINCT platform FROM videos WHERE brand_id = ? ORDER BY platform', [w.brandId]);
    expect(platforms.length).toBeGreaterThan(1);
    for (const platform of [...platforms, 'Dropbox']) {
      for (const duration of ['6m', 'all_dates']) {
        const report = (await w.get('/jwt_api/reports/speech_reports', { duration, highlight: 'the', filters: { platform: [platform] } })).json() as SpeechReport;
        const said = await saidIn('the', report.scope.window.start ?? '', report.scope.window.end);
        const listed = inList(w.sql, 'id', said);
        const expected = await firstValue(w.sql, `SELECT COUNT(*) FROM videos WHERE platform = ? AND ${listed.sql}`, [platform, listed.param]);
        expect([platform, duration, report.total_videos]).toEqual([platform, duration, Number(expected)]);
      }
    }
  });

  it('lists the lines said with a sentiment when there is no highlight', async () => {
    const report = (await w.get('/jwt_api/reports/speech_reports', window)).json() as SpeechReport;
    const passages = report.clusters.flatMap((cluster) => cluster.videos.flatMap((video) => video.passages));
    expect(passages.length).toBeGreaterThan(0);
    expect(passages.every((passage) => passage.sentiment === 'positive' || passage.sentiment === 'negative')).toBe(true);
    expect(passages.every((passage) => passage.end_time > passage.start_time)).toBe(true);
  });

  it.each([
    [{ highlight: 'pr' }, /at least 3 characters/],
    [{ duration: 'custom', start_date: '2026-05-01', end_date: '2026-01-01' }, /end_date is before start_date/],
    [{ cluster: 'planet' }, /cluster/],
    [{ filters: '{not json' }, /JSON object/],
    [{ filters: { competitor_brands: 'someone-else' } }, /not one of your competitors/],
  ])('refuses %j with a clear message', async (query, message) => {
    const response = await w.get('/jwt_api/reports/speech_reports', query);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.body).toMatch(message);
  });
});

describe('saved reports', () => {
  it('lists each tab with counts that add up, and keeps a custom report through rename, duplicate and delete', async () => {
    const list = (await w.get('/jwt_api/reports')).json() as { reports: Report[]; counts: Record<string, number> };
    const stored = await firstValue<number>(w.sql, 'SELECT COUNT(*) FROM reports WHERE brand_id = ?', [w.brandId]);
    expect(list.reports).toHaveLength(stored as number);
    expect(list.counts['All Reports']).toBe(stored);
    expect(['custom', 'demographic', 'sentiment', 'engagement', 'speech'].reduce((sum, tab) => sum + (list.counts[tab] ?? 0), 0)).toBe(stored);
    const speech = (await w.get('/jwt_api/reports', { tab: 'speech' })).json() as { reports: Report[] };
    expect(speech.reports.every((report) => report.type === 'speech')).toBe(true);

    const created = await w.send('POST', '/jwt_api/reports', { type: 'custom', title: 'Launch read-out', metrics: ['kpis', 'sentiment'], duration: '3m' });
    expect(created.statusCode, created.body).toBe(201);
    const report = created.json() as Report;
    expect(report).toMatchObject({ title: 'Launch read-out', metrics: ['kpis', 'sentiment'], duration: '3m', comparison: 'previous' });
    const renamed = (await w.send('PUT', `/jwt_api/reports/${report._id}`, { title: 'Launch, final' })).json() as Report;
    expect(renamed).toMatchObject({ title: 'Launch, final', metrics: ['kpis', 'sentiment'], duration: '3m' });
    const copy = (await w.send('POST', `/jwt_api/reports/${report._id}/duplicate`)).json() as Report;
    expect(copy).toMatchObject({ title: 'Launch, final (copy)', metrics: ['kpis', 'sentiment'] });
    expect(copy._id).not.toBe(report._id);
    const figures = (await w.get(`/jwt_api/reports/${copy._id}/figures`)).json() as ReportFigures;
    expect(Object.keys(figures).sort()).toEqual(['definition', 'kpis', 'scope', 'sentiment']);
    expect((await w.send('DELETE', `/jwt_api/reports/${report._id}`)).statusCode).toBe(200);
    expect((await w.get(`/jwt_api/reports/${report._id}`)).statusCode).toBe(404);
    expect((await w.get(`/jwt_api/reports/${copy._id}`)).statusCode).toBe(200);
  });

  it("answers 404 for another brand's report on every route", async () => {
    const theirs = (await firstValue<string>(w.sql, 'SELECT id FROM reports WHERE brand_id = ? ORDER BY id LIMIT 1', [w.otherBrandId])) ?? '';
    expect(theirs).toBeTruthy();
    for (const response of [
      await w.get(`/jwt_api/reports/${theirs}`), await w.get(`/jwt_api/reports/${theirs}/figures`),
      await w.send('PUT', `/jwt_api/reports/${theirs}`, { title: 'Mine now' }), await w.send('POST', `/jwt_api/reports/${theirs}/duplicate`),
      await w.send('DELETE', `/jwt_api/reports/${theirs}`),
    ]) expect(response.statusCode, response.body).toBe(404);
    expect(await firstValue(w.sql, 'SELECT title FROM reports WHERE id = ?', [theirs])).not.toBe('Mine now');
  });

  it.each([
    [{ type: 'custom', title: 'No metrics', metrics: [] }, /at least one metric/],
    [{ type: 'custom', title: '   ', metrics: ['kpis'] }, /needs a title/],
    [{ type: 'weekly', title: 'x' }, /type must be one of/],
    [{ type: 'sentiment', title: 'x', duration: 'forever' }, /duration must be one of/],
    [{ type: 'sentiment', title: 'x', duration: 'custom', start_date: '2026-05-01', end_date: '2026-04-01' }, /end_date is before start_date/],
    [{ type: 'sentiment', title: 'x', comparison: 'custom', compare_start_date: '2026-05-01' }, /needs both compare_start_date and compare_end_date/],
    [{ type: 'sentiment', title: 'x', filters: { competitor_brands: 'not-a-rival' } }, /not one of your competitors/],
  ])('refuses %j', async (body, message) => {
    const before = await firstValue(w.sql, 'SELECT COUNT(*) FROM reports');
    const response = await w.send('POST', '/jwt_api/reports', body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.body).toMatch(message);
    expect(await firstValue(w.sql, 'SELECT COUNT(*) FROM reports')).toBe(before);
  });
});
