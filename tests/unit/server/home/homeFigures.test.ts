import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  BenchmarkWidget, DemographicsWidget, EngagementWidget, HomeOverview, RecentTrendingWidget, SentimentWidget, TopProductsWidget, WordCloudWidget,
} from '../../../../src/shared/http/home.schemas';
import { AGE_RANGES, ETHNICITIES, GENDERS } from '../../../../src/shared/constants';
import { spokenWords } from '../../../../src/server/repositories/home/wordCloud';
import { HAS_SENTIMENT } from '../videos/support/sentimentReference';
import { openVideoWorkspace, type VideoWorkspace } from '../videos/support/videoWorkspace';
import { firstValue, firstValues } from '../support/testEngine';

// Every home figure against an independent SQL query over the seeded workspace, for the window the answer names and
// the previous one of the same length.
let w: VideoWorkspace;
beforeAll(async () => {
  w = await openVideoWorkspace(0.3);
}, 120_000);
afterAll(async () => w.close());

async function widget<T>(url: string, query: Record<string, unknown> = {}): Promise<T> {
  const response = await w.get(`/jwt_api/home${url}`, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

interface Window {
  start: string | null;
  end: string;
}

/**
 * The videos the acting brand counts (as its list does): not trashed or flagged by it, not removed from its view.
 * SQL over `videos v`; its parameters are the acting brand's id, twice.
 */
const COUNTED = `v.id NOT IN (SELECT target_id FROM marks WHERE kind = 'video' AND mark IN ('trash', 'flag') AND brand_id = ?)
  AND v.id NOT IN (SELECT video_id FROM video_removals WHERE brand_id = ?)`;

interface VideoRow { id: string; views: number; likes: number; comments: number; sentiment_positive: number; sentiment_negative: number; felt: number; created_at: string; demographics: string }

/** Videos of a brand in a window (SQL written apart from the app's). */
function videosIn(brandId: string, window: Window, platform?: string): Promise<VideoRow[]> {
  return w.sql.all<VideoRow>(
    `SELECT id, views, likes, comments, sentiment_positive, sentiment_negative, CASE WHEN ${HAS_SENTIMENT} THEN 1 ELSE 0 END AS felt, created_at, demographics FROM videos v
      WHERE brand_id = ? AND created_at BETWEEN ? AND ? AND ${COUNTED} ${platform ? 'AND platform = ?' : ''}`,
    [brandId, window.start ?? '0000', window.end, w.brandId, w.brandId, ...(platform ? [platform] : [])],
  );
}

const mean = (values: number[]): number => values.reduce((sum, value) => sum + value, 0) / values.length;
/** The mean positive share over the rows with a sentiment (null: none has one). */
const positiveOf = (rows: { sentiment_positive: number; felt: number }[]): number | null => {
  const felt = rows.filter((row) => row.felt === 1);
  return felt.length === 0 ? null : mean(felt.map((row) => row.sentiment_positive));
};

describe('home KPIs and widgets against SQL', () => {
  it('counts videos, views, likes, comments and sentiment of the window and of the one before', async () => {
    for (const query of [{}, { duration: '6m' }, { duration: '3m', platform: 'Youtube' }, { duration: 'custom', start_date: '2026-01-01', end_date: '2026-06-30' }]) {
      const home = await widget<HomeOverview>('', query);
      const previous = home.previous;
      expect(previous).not.toBeNull();
      for (const [window, pick] of [[home.window, 'current'], [previous!, 'previous']] as const) {
        const rows = await videosIn(w.brandId, window, (query as { platform?: string }).platform);
        expect(home.kpis.videos[pick], JSON.stringify(query)).toBe(rows.length);
        expect(home.kpis.views[pick]).toBe(rows.reduce((sum, row) => sum + row.views, 0));
        expect(home.kpis.likes[pick]).toBe(rows.reduce((sum, row) => sum + row.likes, 0));
        expect(home.kpis.comments[pick]).toBe(rows.reduce((sum, row) => sum + row.comments, 0));
        const positive = positiveOf(rows);
        if (positive === null) expect(home.kpis.positive[pick]).toBeNull();
        else expect(home.kpis.positive[pick]).toBeCloseTo(positive, 10);
      }
      // The previous window is as long as this one and ends where it starts.
      const length = Date.parse(home.window.end) - Date.parse(home.window.start!);
      expect(Date.parse(previous!.end) - Date.parse(previous?.start ?? '') + 1).toBe(length);
      expect(Date.parse(previous!.end) + 1).toBe(Date.parse(home.window.start!));
    }
  });

  it('lists the tabs: the brand and each of its competitors', async () => {
    const home = await widget<HomeOverview>('');
    expect(home.brands.map((brand) => brand.id)).toEqual([w.brandId, ...w.competitorIds]);
    expect(home.brands.filter((brand) => brand.competitor)).toHaveLength(w.competitorIds.length);
  });

  it('buckets engagement and sentiment by month over a year, every month present, adding up to the totals', async () => {
    const engagement = await widget<EngagementWidget>('/engagement');
    expect(engagement.unit).toBe('month');
    const rows = await videosIn(w.brandId, engagement.window);
    const byMonth = new Map<string, typeof rows>();
    for (const row of rows) byMonth.set(`${row.created_at.slice(0, 7)}-01`, [...(byMonth.get(`${row.created_at.slice(0, 7)}-01`) ?? []), row]);
    expect(engagement.buckets.length).toBeGreaterThanOrEqual(12);
    for (const bucket of engagement.buckets) {
      const inBucket = byMonth.get(bucket.start) ?? [];
      expect(bucket.videos, bucket.start).toBe(inBucket.length);
      expect(bucket.views).toBe(inBucket.reduce((sum, row) => sum + row.views, 0));
    }
    expect(engagement.buckets.reduce((sum, bucket) => sum + bucket.views, 0)).toBe(engagement.totals.views.current);

    const sentiment = await widget<SentimentWidget>('/sentiment');
    for (const point of sentiment.trend) {
      const inBucket = byMonth.get(point.start) ?? [];
      const positive = positiveOf(inBucket);
      if (positive === null) expect(point.positive).toBeNull();
      else expect(point.positive).toBeCloseTo(positive, 10);
    }
    const split = sentiment.split;
    expect((split.positive.current ?? NaN) + (split.negative.current ?? NaN) + (split.neutral.current ?? NaN)).toBeCloseTo(1, 10);
  });

  it('buckets a month by day and half a year by week (weeks from Monday)', async () => {
    expect((await widget<EngagementWidget>('/engagement', { duration: '1m' })).unit).toBe('day');
    const weeks = await widget<EngagementWidget>('/engagement', { duration: '6m' });
    expect(weeks.unit).toBe('week');
    for (const bucket of weeks.buckets) expect(new Date(`${bucket.start}T00:00:00Z`).getUTCDay()).toBe(1);
    const rows = await videosIn(w.brandId, weeks.window);
    expect(weeks.buckets.reduce((sum, bucket) => sum + bucket.videos, 0)).toBe(rows.length);
  });

  it('ranks products by the videos that mention them, with their sentiment and the mentions before', async () => {
    const top = await widget<TopProductsWidget>('/top_products');
    const mentions = async (window: Window) =>
      new Map(
        (await w.sql.all<{ id: string; n: number; positive: number }>(`SELECT vp.product_id AS id, COUNT(*) AS n, COALESCE(AVG(CASE WHEN ${HAS_SENTIMENT} THEN v.sentiment_positive END), 0) AS positive FROM video_products vp JOIN videos v ON v.id = vp.video_id
          WHERE v.brand_id = ? AND v.created_at BETWEEN ? AND ? AND ${COUNTED} GROUP BY vp.product_id`, [w.brandId, window.start ?? '0000', window.end, w.brandId, w.brandId])).map((row) => [row.id, row]),
      );
    const now = await mentions(top.window);
    const before = await mentions(top.previous!);
    expect(top.products.length).toBe(Math.min(10, now.size));
    const counts = top.products.map((product) => product.mentions.current);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(Math.max(...[...now.values()].map((row) => row.n))).toBe(counts[0]);
    for (const product of top.products) {
      expect(product.mentions.current).toBe(now.get(product.id)?.n);
      expect(product.mentions.previous).toBe(before.get(product.id)?.n ?? 0);
      expect(product.positive).toBeCloseTo(now.get(product.id)?.positive ?? NaN, 10);
    }
  });

  it('averages the audience per bucket over the videos that name a share, now and before', async () => {
    const demographics = await widget<DemographicsWidget>('/demographics');
    const expected = async (window: Window, family: string, bucket: string): Promise<number | null> => {
      const values = (await videosIn(w.brandId, window)).flatMap((row) => {
        const share = (JSON.parse(row.demographics) as Record<string, Record<string, unknown>>)[family]?.[bucket];
        return typeof share === 'number' ? [share] : [];
      });
      return values.length === 0 ? null : mean(values);
    };
    const families = { age_range: AGE_RANGES, gender: GENDERS, ethnicity: ETHNICITIES } as const;
    for (const family of Object.keys(families) as (keyof typeof families)[]) {
      for (const bucket of families[family]) {
        const figure = (demographics[family] as Record<string, { current: number; previous: number | null } | null>)[bucket];
        const now = await expected(demographics.window, family, bucket);
        if (now === null) expect(figure).toBeNull();
        else {
          expect(figure?.current, `${family} ${bucket}`).toBeCloseTo(now, 10);
          const before = await expected(demographics.previous!, family, bucket);
          if (before === null) expect(figure?.previous).toBeNull();
          else expect(figure?.previous).toBeCloseTo(before, 10);
        }
      }
    }
  });

  it('shows the newest and most viewed videos and the most viewed creators of the window', async () => {
    const lists = await widget<RecentTrendingWidget>('/recent_trending');
    const rows = await videosIn(w.brandId, lists.window);
    const newest = [...rows].sort((a, b) => (b.created_at < a.created_at ? -1 : b.created_at > a.created_at ? 1 : b.id < a.id ? -1 : 1)).slice(0, 10);
    expect(lists.recent.map((video) => video._id)).toEqual(newest.map((row) => row.id));
    expect(lists.trending.map((video) => video.views)).toEqual([...rows].map((row) => row.views).sort((a, b) => b - a).slice(0, 10));
    const creators = await w.sql.all<{ id: string; views: number }>(`SELECT creator_id AS id, SUM(views) AS views FROM videos v WHERE brand_id = ? AND created_at BETWEEN ? AND ? AND creator_id IS NOT NULL
      AND ${COUNTED} GROUP BY creator_id ORDER BY views DESC`, [w.brandId, lists.window.start, lists.window.end, w.brandId, w.brandId]);
    expect(lists.creators.map((creator) => creator.views)).toEqual(creators.slice(0, 10).map((creator) => creator.views));
  });

  it('compares the brand with each competitor: shares of voice and of views add up to one', async () => {
    const benchmark = await widget<BenchmarkWidget>('/benchmark');
    expect(benchmark.brands.map((brand) => brand.id)).toEqual([w.brandId, ...w.competitorIds]);
    const all = await Promise.all(benchmark.brands.map((brand) => videosIn(brand.id, benchmark.window)));
    const total = all.reduce((sum, rows) => sum + rows.length, 0);
    for (const [index, brand] of benchmark.brands.entries()) {
      const rows = all[index] ?? [];
      expect(brand.videos.current).toBe(rows.length);
      expect(brand.share_of_voice.current).toBeCloseTo(rows.length / total, 12);
      expect(brand.views.current).toBe(rows.reduce((sum, row) => sum + row.views, 0));
      expect(brand.videos.previous).toBe((await videosIn(brand.id, benchmark.previous!)).length);
    }
    expect(benchmark.brands.reduce((sum, brand) => sum + brand.share_of_voice.current, 0)).toBeCloseTo(1, 12);
    expect(benchmark.brands.reduce((sum, brand) => sum + brand.share_of_views.current, 0)).toBeCloseTo(1, 12);
  });

  it('counts the words said in the window, most said first, each found in those transcripts, without stop words', async () => {
    const cloud = await widget<WordCloudWidget>('/word_cloud');
    expect(cloud.terms.length).toBeGreaterThan(20);
    expect(cloud.videos_read).toBeGreaterThan(0);
    expect(cloud.videos_read).toBeLessThanOrEqual(Math.min(cloud.videos_in_window, 120));
    const counts = cloud.terms.map((term) => term.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    for (const stop of ['the', 'and', 'i', 'is', 'de', 'la']) expect(cloud.terms.map((term) => term.term)).not.toContain(stop);
    const said = (term: string) =>
      firstValue<number>(w.sql, 'SELECT COUNT(*) FROM transcript_lines t JOIN videos v ON v.id = t.video_id WHERE v.brand_id = ? AND v.created_at BETWEEN ? AND ? AND lower(t.content) LIKE ?', [w.brandId, cloud.window.start, cloud.window.end, `%${term}%`]);
    for (const { term, count } of cloud.terms.slice(0, 5)) {
      expect(await said(term), term).toBeGreaterThanOrEqual(Math.min(count, 1));
    }
  });

  it('counts a word newly said in the newest transcripts, and no longer counts it once it is gone', async () => {
    const before = await widget<WordCloudWidget>('/word_cloud');
    expect(before.terms.map((term) => term.term)).not.toContain('zebraquartz');
    const newest = await firstValues<string>(w.sql, `SELECT v.id FROM videos v WHERE v.brand_id = ? AND EXISTS (SELECT 1 FROM transcript_lines t WHERE t.video_id = v.id)
      ORDER BY v.created_at DESC LIMIT 5`, [w.brandId]);
    const said = 'zebraquartz zebraquartz zebraquartz zebraquartz zebraquartz zebraquartz zebraquartz zebraquartz zebraquartz zebraquartz zebraquartz zebraquartz';
    for (const id of newest) await w.sql.run("INSERT INTO transcript_lines (video_id, line_no, start_time, content, sentiment) VALUES (?, 9999, 1, ?, 'neutral')", [id, said]);
    const after = await widget<WordCloudWidget>('/word_cloud');
    expect(after.terms.find((term) => term.term === 'zebraquartz')?.count ?? 0).toBeGreaterThanOrEqual(12);
    await w.sql.run('DELETE FROM transcript_lines WHERE line_no = 9999');
    const gone = await widget<WordCloudWidget>('/word_cloud');
    expect(gone.terms).toEqual(before.terms);
  });

  it('after a write reads again only the lines of the video written, not those of every video it counted', async () => {
    const before = await widget<WordCloudWidget>('/word_cloud');
    // The videos whose transcript lines each cloud reads from the database (the word cloud's one read of lines).
    const linesRead: string[][] = [];
    const all = w.sql.all.bind(w.sql);
    const spy = vi.spyOn(w.sql, 'all').mockImplementation((sql, params) => {
      if (/^SELECT video_id, content FROM transcript_lines/.test(sql)) {
        const list = params?.[0];
        linesRead.push(typeof list === 'string' ? (JSON.parse(list) as string[]) : (list as string[]));
      }
      return all(sql, params);
    });
    try {
      const newest = await firstValues<string>(w.sql, `SELECT v.id FROM videos v WHERE v.brand_id = ? AND EXISTS (SELECT 1 FROM transcript_lines t WHERE t.video_id = v.id)
        ORDER BY v.created_at DESC LIMIT 1`, [w.brandId]);
      const oldest = await firstValues<string>(w.sql, 'SELECT id FROM videos WHERE brand_id = ? ORDER BY created_at LIMIT 1', [w.brandId]);
      const rename = async (id: string | undefined, title: string) => {
        const response = await w.send('PUT', `/jwt_api/videos/${id}/update_video_title_and_creator_name`, { title });
        expect(response.statusCode, response.body).toBe(200);
      };
      // A video far from the window's newest (and a teammate's favorite): nothing the cloud counted is read again.
      await rename(oldest[0], 'An old video, renamed');
      expect((await w.send('POST', '/jwt_api/videos/favorite_videos', { video_ids: newest })).statusCode).toBe(200);
      expect((await widget<WordCloudWidget>('/word_cloud')).terms).toEqual(before.terms);
      expect(linesRead.flat()).toEqual([]);
      // One of the newest videos it counted: only its lines are read again.
      await rename(newest[0], 'The newest video, renamed');
      expect((await widget<WordCloudWidget>('/word_cloud')).terms).toEqual(before.terms);
      expect(linesRead.flat()).toEqual(newest);
    } finally {
      spy.mockRestore();
    }
  });

  it('finds words in any script: Japanese without spaces, Arabic, Hindi, and drops numbers and stop words', () => {
    expect(spokenWords('正直、この美容液は本当に良いです。')).toEqual(expect.arrayContaining(['正直', '美容', '本当に', '良い']));
    expect(spokenWords('正直、この美容液は本当に良いです。')).not.toContain('は');
    expect(spokenWords('السعر مرتفع جدًا في الحقيقة')).toEqual(['السعر', 'مرتفع', 'الحقيقة']);
    expect(spokenWords('यह बहुत अच्छा है')).toEqual(['अच्छा']);
    expect(spokenWords('I paid $38.00 for the Glow Serum, 2 times!')).toEqual(['paid', 'glow', 'serum', 'times']);
  });
});
