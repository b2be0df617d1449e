import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngagementWidget, HomeOverview, WordCloudWidget } from '../../../../src/shared/http/home.schemas';
import { HOME_WIDGETS } from '../../../../src/shared/http/home.schemas';
import { openVideoWorkspace, type VideoWorkspace } from '../videos/support/videoWorkspace';
import { firstValue } from '../support/testEngine';

let w: VideoWorkspace;
beforeAll(async () => {
  w = await openVideoWorkspace(0.2);
}, 120_000);
afterAll(async () => w.close());

const urls = ['', ...HOME_WIDGETS.map((widget) => `/${widget}`)];

describe('whose figures the home shows', () => {
  it("shows a competitor's figures on its tab, and only that brand's", async () => {
    const competitor = w.competitorIds[0]!;
    const home = (await w.get('/jwt_api/home', { competitors_brands: competitor })).json() as HomeOverview;
    expect(home.brand).toMatchObject({ id: competitor, competitor: true });
    const own = await firstValue(w.sql, 'SELECT COUNT(*) FROM videos WHERE brand_id = ? AND created_at BETWEEN ? AND ?', [competitor, home.window.start, home.window.end]);
    expect(home.kpis.videos.current).toBe(own);
  });

  it('refuses any other brand on every widget, without saying whether it exists', async () => {
    const strangerOfOther = (await firstValue(w.sql, 'SELECT id FROM brands WHERE competitor_of = ? LIMIT 1', [w.otherBrandId])) as string | undefined;
    for (const brand of [w.otherBrandId, strangerOfOther ?? 'nope', 'does-not-exist']) {
      for (const url of urls) {
        const response = await w.get(`/jwt_api/home${url}`, { competitors_brands: brand });
        expect(response.statusCode, `${url} ${brand}`).toBe(404);
        expect(response.body).not.toContain('"kpis"');
      }
    }
  });

  it('answers zeros, not errors, for a competitor without videos', async () => {
    const empty = randomUUID().replace(/-/g, '').slice(0, 24);
    await w.sql.run('INSERT INTO brands (id, name, picture, competitor_of, created_at) VALUES (?, ?, NULL, ?, ?)', [empty, 'Quiet Rival', w.brandId, '2026-01-01T00:00:00.000Z']);
    try {
      for (const url of urls) {
        const response = await w.get(`/jwt_api/home${url}`, { competitors_brands: empty });
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      }
      const home = (await w.get('/jwt_api/home', { competitors_brands: empty })).json() as HomeOverview;
      expect(home.kpis.videos).toEqual({ current: 0, previous: 0 });
      // No video, so no sentiment: "—", not 0 % (issue 26 item 15).
      expect(home.kpis.positive.current).toBeNull();
      const cloud = (await w.get('/jwt_api/home/word_cloud', { competitors_brands: empty })).json() as WordCloudWidget;
      expect(cloud.terms).toEqual([]);
    } finally {
      await w.sql.run('DELETE FROM brands WHERE id = ?', [empty]);
    }
  });
});

describe('bad input gets a clear message, never a 500', () => {
  it.each([
    [{ duration: 'forever' }, /duration must be one of/],
    [{ duration: 'custom' }, /needs both start_date and end_date/],
    [{ duration: 'custom', start_date: '2026-05-01', end_date: '2026-04-01' }, /end_date is before start_date/],
    [{ duration: 'custom', start_date: '1970-01-01', end_date: '2026-04-01' }, /start_date is before 2000-01-01/],
    [{ duration: 'custom', start_date: '2026-01-01', end_date: '9999-12-31' }, /end_date is after 2100-12-31/],
    [{ duration: 'custom', start_date: '2099-01-01', end_date: '2099-02-01' }, /start_date is in the future/],
    [{ duration: 'custom', start_date: '2026-02-30', end_date: '2026-03-01' }, /start_date must be a date/],
    [{ platform: 'Myspace' }, /platform must be one of/],
  ])('%j', async (query, message) => {
    for (const url of ['', '/engagement', '/word_cloud']) {
      const response = await w.get(`/jwt_api/home${url}`, query);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.body).toMatch(message);
    }
  });

  it('shows an empty window as empty buckets and zeros', async () => {
    const engagement = (await w.get('/jwt_api/home/engagement', { duration: 'custom', start_date: '2001-03-01', end_date: '2001-03-31' })).json() as EngagementWidget;
    expect(engagement.unit).toBe('day');
    expect(engagement.buckets).toHaveLength(31);
    expect(engagement.buckets.every((bucket) => bucket.videos === 0)).toBe(true);
    expect(engagement.totals.views).toEqual({ current: 0, previous: 0 });
  });

  it('has no previous window for all dates', async () => {
    const home = (await w.get('/jwt_api/home', { duration: 'all_dates' })).json() as HomeOverview;
    expect(home.previous).toBeNull();
    expect(home.kpis.videos.previous).toBeNull();
    // Every video of the brand but those it trashed or flagged (the list's My Videos).
    expect(home.kpis.videos.current).toBe(await firstValue(w.sql, `SELECT COUNT(*) FROM videos WHERE brand_id = ?
      AND id NOT IN (SELECT target_id FROM marks WHERE kind = 'video' AND mark IN ('trash', 'flag') AND brand_id = ?)`, [w.brandId, w.brandId]));
  });
});
