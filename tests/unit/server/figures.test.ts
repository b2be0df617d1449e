import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatorDetailResponse, CreatorListResponse } from '../../../src/shared/http/creators.schemas';
import type { VideoDetail, VideoFiltersInput, VideoIdsResponse, VideoListResponse } from '../../../src/shared/http/videos.schemas';
import { inList } from '../../../src/server/db/sqlClient';
import { PreciseSum } from '../../../src/server/search/preciseSum';
import { openVideoWorkspace, type VideoWorkspace } from './videos/support/videoWorkspace';
import { firstValue, firstValues } from './support/testEngine';

/**
 * Figures a person compares with each other, checked against independent SQL on a seeded workspace: a creator's
 * totals and per-video averages, the videos list's audience next to its sentiment, and the analysis state.
 */
let w: VideoWorkspace;
beforeAll(async () => {
  w = await openVideoWorkspace();
}, 120_000);
afterAll(async () => w.close());

describe("a creator's figures add up", () => {
  it('counts, totals and averages are those of the same videos, in the list and the detail alike', async () => {
    const listed = (await w.get('/jwt_api/influencers', { per_page: 100, tab: 'View All' })).json() as CreatorListResponse;
    expect(listed.influencers.length).toBeGreaterThan(10);
    for (const creator of listed.influencers.slice(0, 40)) {
      const sql = (await w.sql.get<{ n: number; views: number; likes: number; comments: number }>(
        'SELECT COUNT(*) AS n, COALESCE(SUM(views), 0) AS views, COALESCE(SUM(likes), 0) AS likes, COALESCE(SUM(comments), 0) AS comments FROM videos WHERE creator_id = ?',
        [creator._id],
      )) as { n: number; views: number; likes: number; comments: number };
      const detail = (await w.get(`/jwt_api/influencers/${creator._id}`)).json() as CreatorDetailResponse;
      expect(detail.statistics, creator.name).toMatchObject({ video_count: sql.n, total_views: sql.views, total_likes: sql.likes, total_comments: sql.comments });
      const perVideo = sql.n === 0 ? 0 : Math.round(sql.views / sql.n);
      const engagement = sql.views === 0 ? 0 : Math.round((10000 * (sql.likes + sql.comments)) / sql.views) / 100;
      expect(detail.engagementIndex.average_views_per_video, creator.name).toBe(perVideo);
      expect(detail.engagementIndex.average_engagement_index, creator.name).toBeCloseTo(engagement, 2);
      // What the list shows for the same creator is the same.
      expect(creator.video_count).toBe(sql.n);
      expect(creator.engagementIndex).toEqual(detail.engagementIndex);
      // The figure a person would check by hand: total ÷ count ≈ the average shown.
      if (sql.n > 0) expect(Math.abs(detail.statistics.total_views / detail.statistics.video_count - detail.engagementIndex.average_views_per_video)).toBeLessThanOrEqual(0.5);
    }
  });
});

describe('the videos list summary', () => {
  /** The average audience over exactly the listed videos (all pages), per family and bucket, from their stored rows. */
  async function storedAudience(query: Record<string, unknown>): Promise<Record<string, Record<string, number>>> {
    const ids = ((await w.get('/jwt_api/videos/get_video_ids', query)).json() as VideoIdsResponse).videos.map((video) => video.video_id);
    const listed = inList(w.sql, 'id', ids);
    const stored = await firstValues<string>(w.sql, `SELECT demographics FROM videos WHERE ${listed.sql}`, [listed.param]);
    const result: Record<string, Record<string, number>> = { age_range: {}, ethnicity: {}, gender: {} };
    for (const family of Object.keys(result)) {
      // Each bucket's mean over the videos that have it, summed without rounding loss (as SQLite's AVG over json_each),
      // so a mean on a rounding edge does not depend on the order the engine hands the rows in.
      const sums = new Map<string, { total: PreciseSum; n: number }>();
      for (const text of stored) {
        for (const [key, value] of Object.entries((JSON.parse(text) as Record<string, Record<string, number> | undefined>)[family] ?? {})) {
          const sum = sums.get(key) ?? { total: new PreciseSum(), n: 0 };
          sum.total.add(value);
          sums.set(key, { total: sum.total, n: sum.n + 1 });
        }
      }
      for (const [key, sum] of sums) (result[family] as Record<string, number>)[key] = Math.round((sum.total.value / sum.n) * 1000) / 1000;
    }
    return result;
  }

  const cases: [string, Record<string, unknown>][] = [
    ['no filter', {}],
    ['a platform', { filters: { platform: ['Youtube'] } satisfies VideoFiltersInput }],
    ['an audience of women', { filters: { demographic: { gender: ['female'] } } satisfies VideoFiltersInput }],
    ['a search', { search: 'serum' }],
    ['the competitors tab', { tab: 'Competition' }],
  ];

  it.each(cases)('follows the filters as sentiment does: %s', async (_label, query) => {
    const body = (await w.get('/jwt_api/videos', { per_page: 10, ...query })).json() as VideoListResponse;
    expect(body.data.count).toBeGreaterThan(0);
    expect(body.data.demographics).toEqual(await storedAudience(query));
  });

  it('differs between a filter and the whole tab (it used to be the tab average whatever the filter)', async () => {
    const all = (await w.get('/jwt_api/videos', { per_page: 10 })).json() as VideoListResponse;
    const youtube = (await w.get('/jwt_api/videos', { per_page: 10, filters: { platform: ['Youtube'] } })).json() as VideoListResponse;
    expect(youtube.data.count).toBeLessThan(all.data.count);
    expect(youtube.data.demographics).not.toEqual(all.data.demographics);
  });
});

describe('the analysis state', () => {
  it('a video shown as still in analysis carries no analysis results, and every analysed one is "completed"', async () => {
    // The seed's own videos finish at the first start (their jobs are due); a link a person adds now is in analysis.
    const added = await w.send('POST', '/second/video/submit-video-url', { url: 'youtu.be/aBcDeFgHiJk' });
    expect(added.statusCode, added.body).toBe(200);
    const inAnalysis = await firstValues<string>(w.sql, "SELECT id FROM videos WHERE analysis_stage != 'completed' AND brand_id = ?", [w.brandId]);
    expect(inAnalysis).toContain((added.json() as { video: { _id: string } }).video._id);
    for (const id of inAnalysis) {
      const response = await w.get(`/jwt_api/videos/${id}`);
      expect(response.statusCode, response.body).toBe(200);
      const { video } = response.json() as { video: VideoDetail };
      expect(video.analysis_stage).not.toBe('completed');
      expect(await firstValue(w.sql, 'SELECT COUNT(*) FROM transcript_lines WHERE video_id = ?', [id])).toBe(0);
      expect(video.topics).toEqual([]);
    }
    const analysedWithoutLines = await firstValue(w.sql, "SELECT COUNT(*) FROM videos v WHERE v.analysis_stage = 'completed' AND NOT EXISTS (SELECT 1 FROM transcript_lines l WHERE l.video_id = v.id)");
    expect(analysedWithoutLines).toBe(0);
  });
});
