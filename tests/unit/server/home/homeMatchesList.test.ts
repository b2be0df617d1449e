import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_RANGES, PLATFORMS, REPORT_REASONS, type Platform } from '../../../../src/shared/constants';
import type { BenchmarkWidget, HomeOverview } from '../../../../src/shared/http/home.schemas';
import { openVideoWorkspace, type VideoWorkspace } from '../videos/support/videoWorkspace';
import { firstValue, firstValues } from '../support/testEngine';

// Issue 26 item 13: Home counted 110 videos for "last year" where the videos list showed 105 (trashed and flagged
// videos counted on Home only). Every period and platform, for the brand and each competitor: Home's count is the
// list's, and the window Home names is the one the list answers for.
let w: VideoWorkspace;
beforeAll(async () => {
  w = await openVideoWorkspace(0.3);
}, 120_000);
afterAll(async () => w.close());

const PERIODS = DATE_RANGES.filter((range) => range !== 'custom');

async function homeCount(duration: string, platform: Platform | null, shown: string): Promise<{ videos: number; window: HomeOverview['window'] }> {
  const response = await w.get('/jwt_api/home', {
    duration, ...(platform ? { platform } : {}), ...(shown !== w.brandId ? { competitors_brands: shown } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  const home = response.json() as HomeOverview;
  return { videos: home.kpis.videos.current, window: home.window };
}

async function listCount(date: string, platform: Platform | null, shown: string): Promise<{ count: number; start: string | null; end: string }> {
  const own = shown === w.brandId;
  const response = await w.get('/jwt_api/videos', {
    tab: own ? 'My Videos' : 'Competition', date,
    filters: { ...(platform ? { platform: [platform] } : {}), ...(own ? {} : { brand: [shown] }) },
  });
  expect(response.statusCode, response.body).toBe(200);
  const { data } = response.json() as { data: { count: number; loaded_for: { start: string | null; end: string } } };
  return { count: data.count, start: data.loaded_for.start, end: data.loaded_for.end };
}

describe('Home and the videos list count the same videos', () => {
  it('has trashed and flagged videos to tell the definitions apart', async () => {
    const hidden = await firstValue<number>(w.sql, "SELECT COUNT(*) FROM marks m JOIN videos v ON v.id = m.target_id WHERE m.kind = 'video' AND m.brand_id = ? AND m.mark IN ('trash', 'flag') AND v.brand_id = ?", [w.brandId, w.brandId]);
    expect(hidden).toBeGreaterThan(0);
  });

  it('for every period and platform, of the brand and of each competitor', async () => {
    let compared = 0;
    for (const shown of [w.brandId, ...w.competitorIds]) {
      for (const period of PERIODS) {
        for (const platform of [null, ...PLATFORMS]) {
          const label = `${shown === w.brandId ? 'brand' : 'competitor'} ${period} ${platform ?? 'all platforms'}`;
          const home = await homeCount(period, platform, shown);
          const list = await listCount(period, platform, shown);
          expect(home.window, label).toEqual({ start: list.start, end: list.end });
          expect(home.videos, label).toBe(list.count);
          if (list.count > 0) compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(20);
  });

  it('a video trashed or flagged leaves Home, the benchmark and the list alike', async () => {
    const before = await homeCount('all_dates', null, w.brandId);
    const [trashed = '', flagged = ''] = (await firstValues(w.sql, `SELECT id FROM videos v WHERE brand_id = ?
      AND NOT EXISTS (SELECT 1 FROM marks m WHERE m.target_id = v.id AND m.kind = 'video') ORDER BY id LIMIT 2`, [w.brandId])) as string[];
    expect((await w.send('POST', '/jwt_api/videos/trash_videos', { videos: [{ video_id: trashed }] })).statusCode).toBe(200);
    expect((await w.send('POST', '/jwt_api/videos/flag_videos', { video_ids: [flagged], reason: REPORT_REASONS[0] })).statusCode).toBe(200);
    const after = await homeCount('all_dates', null, w.brandId);
    expect(after.videos).toBe(before.videos - 2);
    expect(after.videos).toBe((await listCount('all_dates', null, w.brandId)).count);
    const benchmark = (await w.get('/jwt_api/home/benchmark', { duration: 'all_dates' })).json() as BenchmarkWidget;
    expect(benchmark.brands.find((brand) => brand.id === w.brandId)?.videos.current).toBe(after.videos);
  });
});
