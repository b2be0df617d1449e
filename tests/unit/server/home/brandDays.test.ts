import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORMS, type Platform } from '../../../../src/shared/constants';
import type { BucketUnit } from '../../../../src/shared/http/home.schemas';
import { VideoFiltersSchema, type VideoFiltersInput } from '../../../../src/shared/http/videos.schemas';
import { createHomeFigures, rangeDays, videosInRange, type HomeFigures, type HomeRange } from '../../../../src/server/repositories/home/homeFigures';
import { bucketOf } from '../../../../src/server/repositories/home/homeWindow';
import { createHomeRows } from '../../../../src/server/repositories/home/homeRows';
import { DEMOGRAPHIC_BUCKETS, SHARE_OFFSET, SHARE_WIDTH, type DemographicFamily } from '../../../../src/server/search/columnValues';
import { preciseMean } from '../../../../src/server/search/preciseSum';
import { topOrdinals } from '../../../../src/server/search/topOrdinals';
import { VideoSearchIndex } from '../../../../src/server/search/videoSearchIndex';
import { TranscriptIndex } from '../../../../src/server/search/transcriptIndex';
import type { VideoColumns } from '../../../../src/server/search/videoColumns';
import { openVideoWorkspace, type VideoWorkspace } from '../videos/support/videoWorkspace';
import { firstValue, firstValues } from '../support/testEngine';

// The home figures come from a brand's videos cut into days with per-day sums, posting lists per product and creator,
// and shortcuts for the latest and most viewed. Here every one of them is checked against a plain pass over the
// window's videos, for windows of every size that cut days anywhere, on every platform, with videos created at the
// very same instant (ties) and after writes; and a report's, whose filters narrow the videos first.
let w: VideoWorkspace;
let index: VideoSearchIndex;
let figures: HomeFigures;
const DAY = 86_400_000;

beforeAll(async () => {
  w = await openVideoWorkspace(0.3);
  // Ties: groups of the brand's videos created at the same millisecond as another of them.
  const ids = await w.sql.all<{ id: string; created_at: string }>('SELECT id, created_at FROM videos WHERE brand_id = ? ORDER BY id', [w.brandId]);
  const tie = (createdAt: string | undefined, id: string | undefined) => w.sql.run('UPDATE videos SET created_at = ? WHERE id = ?', [createdAt ?? '', id ?? '']);
  const third = Math.floor(ids.length / 3);
  for (let i = 0; i + 3 < third; i += 6) for (const j of [1, 2, 3]) await tie(ids[i]?.created_at, ids[i + j]?.id);
  // Busy days: several videos on one day at different hours, so windows cut days with videos on both sides.
  for (let i = third; i + 6 < ids.length; i += 6) {
    for (const j of [1, 2, 3, 4, 5]) await tie(`${ids[i]?.created_at.slice(0, 10)}T${String(24 - j * 4).padStart(2, '0')}:17:00.000Z`, ids[i + j]?.id);
  }
  // One competitor video decades before the rest: that brand's videos are then ordered by a plain sort, the brand's
  // (busy days and all) by counting them into their days.
  const rival = await firstValue<string>(w.sql, 'SELECT id FROM videos WHERE brand_id = ? ORDER BY id LIMIT 1', [w.competitorIds[0] ?? '']);
  await tie('1990-01-01T08:00:00.000Z', rival);
  index = new VideoSearchIndex(w.sql, new TranscriptIndex(w.sql));
  await index.ready([w.brandId]);
  figures = createHomeFigures(createHomeRows(w.sql), index);
}, 120_000);
afterAll(async () => w.close());

/** A small LCG: the same windows every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

async function windows(): Promise<HomeRange[]> {
  const { first, last } = (await w.sql.get<{ first: string; last: string }>('SELECT MIN(created_at) AS first, MAX(created_at) AS last FROM videos WHERE brand_id = ?', [w.brandId])) ?? { first: '', last: '' };
  const low = Date.parse(first) - 5 * DAY;
  const span = Date.parse(last) + 5 * DAY - low;
  const created = await firstValues<string>(w.sql, 'SELECT created_at FROM videos WHERE brand_id = ? ORDER BY created_at', [w.brandId]);
  const next = random(20261125);
  const out: HomeRange[] = [{ actingBrandId: w.brandId, brandId: w.brandId, start: '', end: last, platform: null }];
  for (let n = 0; n < 60; n++) {
    // Lengths from hours to the whole span; some bounds exactly on a video's created_at (inclusive at both ends).
    const length = span * next() ** 3;
    const startMs = low + (span - length) * next();
    const onVideo = n % 5 === 0;
    const start = onVideo ? (created[Math.floor(next() * created.length)] ?? first) : new Date(startMs).toISOString();
    const end = n % 7 === 0 ? (created[Math.floor(next() * created.length)] ?? last) : new Date(Date.parse(start) + length).toISOString();
    const platform = n % 3 === 0 ? null : (PLATFORMS[Math.floor(next() * PLATFORMS.length)] as Platform);
    out.push({ actingBrandId: w.brandId, brandId: n % 4 === 0 ? (w.competitorIds[0] ?? w.brandId) : w.brandId, start, end, platform });
  }
  // Windows starting and ending in the middle of busy days.
  const busy = await firstValues<string>(w.sql, 'SELECT substr(created_at, 1, 10) FROM videos WHERE brand_id = ? GROUP BY 1 HAVING COUNT(*) >= 4 ORDER BY 1', [w.brandId]);
  for (let n = 0; busy.length > 1 && n < 30; n++) {
    const [a = '', b = ''] = [busy[Math.floor(next() * busy.length)], busy[Math.floor(next() * busy.length)]].sort();
    out.push({ actingBrandId: w.brandId, brandId: w.brandId, start: `${a}T10:00:00.000Z`, end: `${b}T${n % 2 ? '10:00:00.000' : '14:30:00.000'}Z`, platform: n % 3 === 0 ? 'Youtube' : null });
  }
  // A report's ranges: the same windows with its filters (the videos list's families), one filter set in turn.
  return [...out, ...out.filter((_, n) => n % 3 === 0).map((range, n) => filtered(range, REPORT_FILTERS[n % REPORT_FILTERS.length] ?? {}))];
}

/** Report filters: each narrows the brand's videos in another way; the last narrows nothing (a report's defaults). */
const REPORT_FILTERS: VideoFiltersInput[] = [
  { platform: ['Youtube', 'Tiktok'] },
  { demographic: { gender: ['female'], age_range: [], ethnicity: [] } },
  { note: { values: ['no_note'], text: '' }, views: { radio: 'gte', value: 3_000 } },
  {},
];
const filtered = (range: HomeRange, filters: VideoFiltersInput): HomeRange => ({ ...range, filters: { actingBrandId: range.actingBrandId, video: VideoFiltersSchema.parse(filters) } });

/** The window's videos, a plain pass (the reference). */
function picked(range: HomeRange): { columns: VideoColumns; videos: number[] } {
  const { columns, picked: videos } = videosInRange(index, range);
  return { columns, videos };
}

/** Each video's share, NaN for a video without a sentiment (`VideoColumns.felt`): a mean skips it. */
const feltShares = (columns: VideoColumns, share: 'positive' | 'negative'): Float64Array =>
  Float64Array.from({ length: columns.size }, (_, o) => (share === 'positive' ? columns.feltPositive(o) : columns.feltNegative(o)));

/** A mean of figures equals the reference mean, or both are none. */
const expectMean = (actual: number | null | undefined, expected: number | null, label: string) =>
  expected === null ? expect(actual, label).toBeNull() : expect(actual, label).toBeCloseTo(expected, 12);

const sum = (columns: VideoColumns, videos: number[], values: (c: VideoColumns) => Float64Array) => videos.reduce((total, o) => total + (values(columns)[o] ?? 0), 0);

describe('home figures from days, postings and shortcuts equal a pass over the window', () => {
  it('totals, buckets of every unit and demographics', async () => {
    // Windows whose start or end falls between two videos of the same day.
    const cut = async (brandId: string, at: string) =>
      ((await firstValue<number>(w.sql, `SELECT COUNT(*) FROM videos a JOIN videos b ON b.brand_id = a.brand_id AND substr(b.created_at, 1, 10) = substr(a.created_at, 1, 10)
      WHERE a.brand_id = ? AND a.created_at < ? AND b.created_at >= ?`, [brandId, at, at])) ?? 0) > 0;
    let cutDays = 0;
    for (const range of await windows()) {
      if (await cut(range.brandId, range.start)) cutDays += 1;
      const after = new Date(Date.parse(range.end) + 1).toISOString();
      if (await cut(range.brandId, after)) cutDays += 1;
      const { columns, videos } = picked(range);
      const label = JSON.stringify(range);
      const totals = figures.totals({ ...range });
      expect(totals.videos, label).toBe(videos.length);
      expect(totals.views, label).toBe(sum(columns, videos, (c) => c.views));
      expect(totals.likes, label).toBe(sum(columns, videos, (c) => c.likes));
      expect(totals.comments, label).toBe(sum(columns, videos, (c) => c.comments));
      const positive = feltShares(columns, 'positive');
      const negative = feltShares(columns, 'negative');
      expectMean(totals.positive, preciseMean(positive, videos), label);

      for (const unit of ['day', 'week', 'month'] as BucketUnit[]) {
        const expected = new Map<string, number[]>();
        for (const o of videos) {
          const key = bucketOf(columns.createdAt[o] ?? '', unit);
          expected.set(key, [...(expected.get(key) ?? []), o]);
        }
        const buckets = figures.buckets({ ...range }, unit);
        expect([...buckets.keys()].sort(), `${label} ${unit}`).toEqual([...expected.keys()].sort());
        for (const [key, members] of expected) {
          expect(buckets.get(key)?.videos).toBe(members.length);
          expect(buckets.get(key)?.views).toBe(sum(columns, members, (c) => c.views));
          expectMean(buckets.get(key)?.negative, preciseMean(negative, members), `${label} ${key}`);
        }
      }

      const demographics = figures.demographics({ ...range });
      for (const family of Object.keys(DEMOGRAPHIC_BUCKETS) as DemographicFamily[]) {
        DEMOGRAPHIC_BUCKETS[family].forEach((_, bucket) => {
          const shares = Float64Array.from({ length: columns.size }, (_, o) => columns.shares[o * SHARE_WIDTH + SHARE_OFFSET[family] + bucket] ?? NaN);
          const mean = preciseMean(shares, videos);
          if (mean === null) expect(demographics[family][bucket], `${label} ${family}`).toBeNull();
          else expect(demographics[family][bucket], `${label} ${family}`).toBeCloseTo(mean, 12);
        });
      }
    }
    expect(cutDays).toBeGreaterThan(10);
  });

  it('the latest and the most viewed, ties included, at every length of list', async () => {
    let tiesSeen = 0;
    for (const range of await windows()) {
      const { columns, videos } = picked(range);
      for (const limit of [1, 3, 10, 40]) {
        const latest = topOrdinals(columns, videos, (o) => columns.createdMs[o] ?? 0, limit).map((o) => columns.id[o]);
        const viewed = topOrdinals(columns, videos, (o) => columns.views[o] ?? 0, limit).map((o) => columns.id[o]);
        expect((await figures.recent({ ...range }, limit)).map((row) => row._id), `${JSON.stringify(range)} ${limit}`).toEqual(latest);
        expect((await figures.trending({ ...range }, limit)).map((row) => row._id), `${JSON.stringify(range)} ${limit}`).toEqual(viewed);
      }
      const times = videos.map((o) => columns.createdMs[o]);
      if (new Set(times).size < times.length) tiesSeen += 1;
    }
    expect(tiesSeen).toBeGreaterThan(3);
  });

  it('the newest videos that pass a test (the word cloud\'s: those with a transcript), ties in ordinal order', async () => {
    let tiesSeen = 0;
    for (const range of await windows()) {
      const { columns, videos } = picked(range);
      const felt = (o: number) => columns.felt[o] === 1;
      // The reference: a stable sort of the window's videos (in ordinal order) by created time, newest first.
      const everyOne = [...videos].sort((a, b) => (columns.createdMs[b] ?? 0) - (columns.createdMs[a] ?? 0)).filter(felt);
      const inRange = rangeDays(index, range);
      for (const count of [1, 3, 10, 120, videos.length + 1]) {
        expect(inRange.days.newest(inRange.window, count, felt), `${JSON.stringify(range)} ${count}`).toEqual(everyOne.slice(0, count));
      }
      const times = everyOne.slice(0, 120).map((o) => columns.createdMs[o]);
      if (new Set(times).size < times.length) tiesSeen += 1;
    }
    expect(tiesSeen).toBeGreaterThan(3);
  });

  it('products and creators: mentions, sentiment, videos and views', async () => {
    for (const range of await windows()) {
      const { columns, videos } = picked(range);
      const label = JSON.stringify(range);
      const positive = feltShares(columns, 'positive');
      const byProduct = new Map<string, number[]>();
      const byCreator = new Map<string, number[]>();
      for (const o of videos) {
        for (const code of new Set(columns.products.get(o))) {
          const id = columns.dict.product.values()[code] ?? '';
          byProduct.set(id, [...(byProduct.get(id) ?? []), o]);
        }
        const creator = columns.creator[o] ?? -1;
        if (creator >= 0) {
          const id = columns.dict.creator.values()[creator] ?? '';
          byCreator.set(id, [...(byCreator.get(id) ?? []), o]);
        }
      }
      const top = await figures.topProducts({ ...range }, 100);
      expect(top.map((row) => row.id).sort(), label).toEqual([...byProduct.keys()].sort());
      for (const row of top) {
        const members = byProduct.get(row.id) ?? [];
        expect(row.mentions, label).toBe(members.length);
        expect(row.positive, label).toBeCloseTo(preciseMean(positive, members) ?? 0, 12);
      }
      const mentions = figures.productMentions({ ...range }, [...byProduct.keys(), 'no-such-product']);
      for (const [id, members] of byProduct) expect(mentions.get(id)).toBe(members.length);
      expect(mentions.get('no-such-product')).toBe(0);
      const creators = await figures.creators({ ...range }, 100);
      expect(creators.map((row) => row._id).sort(), label).toEqual([...byCreator.keys()].sort());
      for (const row of creators) {
        expect(row.videos, label).toBe(byCreator.get(row._id)?.length);
        expect(row.views, label).toBe(sum(columns, byCreator.get(row._id) ?? [], (c) => c.views));
      }
    }
  });

  it('follows writes: views, sentiment and a deleted video', async () => {
    // As a route reads it: the index brought up to date, then the figures.
    const totalsNow = async (of: HomeRange) => {
      await index.ready([w.brandId]);
      return figures.totals(of);
    };
    const range: HomeRange = { actingBrandId: w.brandId, brandId: w.brandId, start: '', end: '2100-01-01T00:00:00.000Z', platform: null };
    const before = await totalsNow({ ...range });
    const [id = ''] = await firstValues<string>(w.sql, 'SELECT id FROM videos WHERE brand_id = ? ORDER BY id LIMIT 1', [w.brandId]);
    await w.sql.run('UPDATE videos SET views = views + 1000 WHERE id = ?', [id]);
    expect((await totalsNow({ ...range })).views).toBe(before.views + 1000);
    await w.sql.run('DELETE FROM videos WHERE id = ?', [id]);
    const after = await totalsNow({ ...range });
    expect(after.videos).toBe(before.videos - 1);
    const { columns, videos } = picked(range);
    expect(after.views).toBe(sum(columns, videos, (c) => c.views));

    // A write to another brand's video changes that brand's figures only; a video moved between brands moves.
    const rival: HomeRange = { ...range, brandId: w.competitorIds[0] ?? '' };
    const rivalBefore = await totalsNow({ ...rival });
    const [rivalVideo = ''] = await firstValues<string>(w.sql, 'SELECT id FROM videos WHERE brand_id = ? ORDER BY id LIMIT 1', [rival.brandId]);
    await w.sql.run('UPDATE videos SET views = views + 7 WHERE id = ?', [rivalVideo]);
    expect((await totalsNow({ ...rival })).views).toBe(rivalBefore.views + 7);
    expect(await totalsNow({ ...range })).toEqual(after);
    await w.sql.run('UPDATE videos SET brand_id = ? WHERE id = ?', [w.brandId, rivalVideo]);
    expect((await totalsNow({ ...rival })).videos).toBe(rivalBefore.videos - 1);
    expect((await totalsNow({ ...range })).videos).toBe(after.videos + 1);

    // A report's filtered figures follow the writes their filters read: a note written, a view count crossing a bound.
    const report = filtered(range, { note: { values: ['has_note'], text: '' }, views: { radio: 'gte', value: 3_000 } });
    const reportBefore = await totalsNow({ ...report });
    const [quiet = ''] = await firstValues<string>(w.sql, `SELECT id FROM videos v WHERE brand_id = ? AND views >= 3000
      AND NOT EXISTS (SELECT 1 FROM notes n WHERE n.kind = 'video' AND n.target_id = v.id AND n.brand_id = v.brand_id) ORDER BY id LIMIT 1`, [w.brandId]);
    await w.sql.run(`INSERT INTO notes (id, kind, target_id, brand_id, user_id, content, created_at, updated_at) VALUES ('note-days', 'video', ?, ?, ?, 'Worth a look', ?, ?)`,
      [quiet, w.brandId, w.userId, '2026-11-20T00:00:00.000Z', '2026-11-20T00:00:00.000Z']);
    const noted = await totalsNow({ ...report });
    expect(noted.videos).toBe(reportBefore.videos + 1);
    await w.sql.run('UPDATE videos SET views = 10 WHERE id = ?', [quiet]);
    expect(await totalsNow({ ...report })).toEqual(reportBefore);
    const { columns: now, videos: kept } = picked(report);
    expect(reportBefore.views).toBe(sum(now, kept, (c) => c.views));
  });
});
