import type Database from 'better-sqlite3';
import type { Platform } from '../../../shared/constants';
import type { BucketUnit } from '../../../shared/http/home.schemas';
import type { VideoFilters } from '../../../shared/http/videos.schemas';
import { DEMOGRAPHIC_BUCKETS, type DemographicFamily } from '../../search/columnValues';
import type { VideoColumns } from '../../search/videoColumns';
import type { VideoSearchIndex } from '../../search/videoSearchIndex';
import { bucketOf } from './homeWindow';
import { topOrdinals } from '../../search/topOrdinals';
import { PreciseSum, preciseMean } from '../../search/preciseSum';
import { brandColumnsOf, type BrandColumns } from '../../search/brandColumns';

/** Whose videos, over which created_at range (inclusive; start '' for all dates), on which platform (null: every one). */
export interface HomeRange {
  brandId: string;
  start: string;
  end: string;
  platform: Platform | null;
  /** A report's filters (the videos list's families), with the brand whose notes the note filter reads. */
  filters?: { actingBrandId: string; video: VideoFilters };
}

export interface Totals {
  videos: number;
  views: number;
  likes: number;
  comments: number;
  positive: number | null;
  negative: number | null;
}



export interface HomeVideoRow {
  _id: string;
  title: string;
  platform: Platform;
  thumbnail_url: string | null;
  creator_name: string | null;
  views: number;
  created_at: string;
}

/** Whether a video created at `createdMs` on `platform` (a dictionary code) is in the range (before report filters). */
function inRangeTest(columns: VideoColumns, range: HomeRange): (createdMs: number, platform: number) => boolean {
  const start = range.start === '' ? -Infinity : Date.parse(range.start);
  const end = Date.parse(range.end);
  const wanted = range.platform === null ? null : (columns.dict.platform.find(range.platform) ?? -2);
  return (created, platform) => created >= start && created <= end && (wanted === null || platform === wanted);
}

/** A range's videos (ordinals, in ordinal order) and the columns they index: one pass over the brand's ordinals. */
export function videosInRange(index: VideoSearchIndex, range: HomeRange): { columns: VideoColumns; picked: number[] } {
  const columns = index.columnsNow();
  const inRange = inRangeTest(columns, range);
  const picked: number[] = [];
  for (const o of index.ordinalsOf(range.brandId)) {
    if (inRange(columns.createdMs[o] ?? NaN, columns.platform[o] ?? -1)) picked.push(o);
  }
  if (range.filters) return { columns, picked: index.narrow(range.filters.actingBrandId, picked, range.filters.video) };
  return { columns, picked };
}

/**
 * The home dashboard's figures (issue 12), read from the in-memory columns of the videos list (src/server/search):
 * a brand's videos in a window are one pass over that brand's ordinals, so a figure costs the brand's videos, not
 * SQL scans of the workspace (at 100k videos the SQL form took 50–100 ms a widget). Names, titles and pictures of the
 * few rows shown are read from SQLite. The tests compare every figure with SQL.
 */
export function createHomeFigures(db: Database.Database, index: VideoSearchIndex) {
  const videoRows = db.prepare(`SELECT v.id AS _id, v.title, v.platform, v.thumbnail_url, c.name AS creator_name, v.views, v.created_at
    FROM videos v LEFT JOIN creators c ON c.id = v.creator_id WHERE v.id IN (SELECT value FROM json_each(?))`);
  const productRows = db.prepare('SELECT id, name, pictures FROM products WHERE id IN (SELECT value FROM json_each(?))');
  const creatorRows = db.prepare('SELECT id, name, picture FROM creators WHERE id IN (SELECT value FROM json_each(?))');

  // A widget reads the same range several times (its buckets, then its totals; each product's earlier mentions): the
  // range's videos are picked once per range object (one request's) and columns state (picked is never modified).
  const picks = new WeakMap<HomeRange, { columns: VideoColumns; version: number; picked: number[] }>();
  const select = (range: HomeRange): { columns: VideoColumns; picked: number[] } => {
    const columns = index.columnsNow();
    const known = picks.get(range);
    if (known && known.columns === columns && known.version === columns.orderVersion) return known;
    const fresh = videosInRange(index, range);
    picks.set(range, { ...fresh, version: columns.orderVersion });
    return fresh;
  };

  /**
   * The rows to read for a range and which of them are its videos (positions, in order): the brand's contiguous
   * columns tested row by row (no report filters: the common case), or columns made of the filtered videos, all of
   * them. Kept per range object while its source stands (a widget reads a range's totals and its buckets).
   */
  const windows = new WeakMap<HomeRange, { source: object; rows: BrandColumns; at: Int32Array }>();
  const windowRows = (range: HomeRange): { rows: BrandColumns; at: Int32Array } => {
    const source = range.filters ? select(range).picked : index.brandFigures(range.brandId);
    const known = windows.get(range);
    if (known?.source === source) return known;
    let found: { rows: BrandColumns; at: Int32Array };
    if (range.filters) {
      const picked = source as number[];
      found = { rows: brandColumnsOf(index.columnsNow(), picked), at: Int32Array.from(picked.keys()) };
    } else {
      const rows = source as BrandColumns;
      const inRange = inRangeTest(index.columnsNow(), range);
      const at = new Int32Array(rows.size);
      let count = 0;
      for (let i = 0; i < rows.size; i++) if (inRange(rows.createdMs[i] ?? NaN, rows.platform[i] ?? -1)) at[count++] = i;
      found = { rows, at: at.subarray(0, count) };
    }
    windows.set(range, { source, ...found });
    return found;
  };

  const rowsByIds = <T extends { _id?: string; id?: string }>(statement: Database.Statement, ids: readonly string[]): Map<string, T> =>
    new Map((statement.all(JSON.stringify(ids)) as T[]).map((row) => [row._id ?? row.id ?? '', row]));

  const videosOf = (columns: VideoColumns, ordinals: readonly number[]): HomeVideoRow[] => {
    const ids = ordinals.map((o) => columns.id[o] ?? '');
    const rows = rowsByIds<HomeVideoRow>(videoRows, ids);
    return ids.flatMap((id) => rows.get(id) ?? []);
  };

  return {
    totals(range: HomeRange): Totals {
      const { rows, at } = windowRows(range);
      // One pass for every figure (the benchmark asks this of each brand, twice), adding in ordinal order as
      // `preciseMean` does, so the means are SQLite's to the last bit as before.
      const videos = at.length;
      let views = 0;
      let likes = 0;
      let comments = 0;
      const positive = new PreciseSum();
      const negative = new PreciseSum();
      let positives = 0;
      let negatives = 0;
      for (const i of at) {
        views += rows.views[i] ?? 0;
        likes += rows.likes[i] ?? 0;
        comments += rows.comments[i] ?? 0;
        const p = rows.positive[i] ?? NaN;
        if (p === p) {
          positive.add(p);
          positives += 1;
        }
        const n = rows.negative[i] ?? NaN;
        if (n === n) {
          negative.add(n);
          negatives += 1;
        }
      }
      return {
        videos,
        views,
        likes,
        comments,
        positive: positives === 0 ? null : positive.value / positives,
        negative: negatives === 0 ? null : negative.value / negatives,
      };
    },

    /** Per bucket: videos, views, likes, comments and the sentiment sums (means are taken by the caller). */
    buckets(range: HomeRange, unit: BucketUnit): Map<string, Totals & { positiveSum: number; negativeSum: number }> {
      const { rows, at } = windowRows(range);
      const out = new Map<string, Totals & { positiveSum: number; negativeSum: number }>();
      // Videos of a day share a bucket: it is found once per day, then by the day's slot.
      const bucketOfDay: (Totals & { positiveSum: number; negativeSum: number })[] = [];
      for (const i of at) {
        const slot = (rows.dayNumber[i] ?? 0) - rows.firstDay;
        let bucket = bucketOfDay[slot];
        if (!bucket) {
          const key = bucketOf(rows.day[i] ?? '', unit);
          bucket = out.get(key);
          if (!bucket) out.set(key, (bucket = { videos: 0, views: 0, likes: 0, comments: 0, positive: null, negative: null, positiveSum: 0, negativeSum: 0 }));
          bucketOfDay[slot] = bucket;
        }
        bucket.videos += 1;
        bucket.views += rows.views[i] ?? 0;
        bucket.likes += rows.likes[i] ?? 0;
        bucket.comments += rows.comments[i] ?? 0;
        bucket.positiveSum += rows.positive[i] ?? 0;
        bucket.negativeSum += rows.negative[i] ?? 0;
      }
      return out;
    },

    /** The created_at of the range's first video (where an "all dates" chart starts), or null without videos. */
    firstCreated(range: HomeRange): string | null {
      const { columns, picked } = select(range);
      let first: string | null = null;
      for (const o of picked) {
        const created = columns.createdAt[o] ?? '';
        if (first === null || created < first) first = created;
      }
      return first;
    },

    topProducts(range: HomeRange, limit: number) {
      const { columns, picked } = select(range);
      const byCode = new Map<number, number[]>();
      for (const o of picked) {
        for (const code of new Set(columns.products.get(o))) {
          let list = byCode.get(code);
          if (!list) byCode.set(code, (list = []));
          list.push(o);
        }
      }
      const names = columns.dict.product.values();
      const counted = [...byCode].map(([code, ordinals]) => ({ id: names[code] ?? '', ordinals }));
      const rows = rowsByIds<{ id: string; name: string; pictures: string }>(productRows, counted.map((entry) => entry.id));
      return counted
        .flatMap((entry) => {
          const row = rows.get(entry.id);
          return row ? [{ ...entry, row }] : [];
        })
        .sort((a, b) => b.ordinals.length - a.ordinals.length || binary(a.row.name, b.row.name) || binary(a.id, b.id))
        .slice(0, limit)
        .map(({ id, ordinals, row }) => ({
          id,
          name: row.name,
          image_url: firstPicture(row.pictures),
          mentions: ordinals.length,
          positive: preciseMean(columns.positive, ordinals) ?? 0,
          negative: preciseMean(columns.negative, ordinals) ?? 0,
        }));
    },

    /** How many of the range's videos mention each product (0 for one none does), in one pass. */
    productMentions(range: HomeRange, productIds: readonly string[]): Map<string, number> {
      const { columns, picked } = select(range);
      // Per product code: its count, and the last video counted (a video naming a product twice counts once).
      const counts = new Map<number, { count: number; last: number }>();
      for (const id of productIds) {
        const code = columns.dict.product.find(id);
        if (code !== undefined) counts.set(code, { count: 0, last: -1 });
      }
      if (counts.size > 0) {
        for (const o of picked) {
          for (const code of columns.products.get(o)) {
            const entry = counts.get(code);
            if (entry && entry.last !== o) {
              entry.count += 1;
              entry.last = o;
            }
          }
        }
      }
      return new Map(productIds.map((id) => [id, counts.get(columns.dict.product.find(id) ?? -1)?.count ?? 0]));
    },

    /** Mean share per family and bucket over the videos naming a number (null where none does). */
    demographics(range: HomeRange): Record<DemographicFamily, (number | null)[]> {
      const { rows, at } = windowRows(range);
      const of = (family: DemographicFamily) =>
        DEMOGRAPHIC_BUCKETS[family].map((_, bucket) => {
          const values = rows.shares[family][bucket];
          return values ? preciseMean(values, at) : null;
        });
      return { age_range: of('age_range'), gender: of('gender'), ethnicity: of('ethnicity') };
    },

    recent(range: HomeRange, limit: number): HomeVideoRow[] {
      const { columns, picked } = select(range);
      return videosOf(columns, topOrdinals(columns, picked, (o) => columns.createdMs[o] ?? 0, limit));
    },

    trending(range: HomeRange, limit: number): HomeVideoRow[] {
      const { columns, picked } = select(range);
      return videosOf(columns, topOrdinals(columns, picked, (o) => columns.views[o] ?? 0, limit));
    },

    creators(range: HomeRange, limit: number) {
      const { columns, picked } = select(range);
      const byCreator = new Map<number, { videos: number; views: number }>();
      for (const o of picked) {
        const code = columns.creator[o] ?? -1;
        if (code < 0) continue;
        const entry = byCreator.get(code) ?? { videos: 0, views: 0 };
        entry.videos += 1;
        entry.views += columns.views[o] ?? 0;
        byCreator.set(code, entry);
      }
      const ids = columns.dict.creator.values();
      const ranked = [...byCreator].map(([code, figures]) => ({ _id: ids[code] ?? '', ...figures }));
      const rows = rowsByIds<{ id: string; name: string; picture: string | null }>(creatorRows, ranked.map((entry) => entry._id));
      return ranked
        .flatMap((entry) => {
          const row = rows.get(entry._id);
          return row ? [{ ...entry, name: row.name, picture: row.picture }] : [];
        })
        .sort((a, b) => b.views - a.views || binary(a.name, b.name) || binary(a._id, b._id))
        .slice(0, limit);
    },
  };
}

/** Text order as SQLite's BINARY collation compares (code units), for the same ties as the SQL reference. */
const binary = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function firstPicture(json: string): string | null {
  try {
    const pictures = JSON.parse(json) as unknown;
    return Array.isArray(pictures) && typeof pictures[0] === 'string' ? pictures[0] : null;
  } catch {
    return null;
  }
}

export type HomeFigures = ReturnType<typeof createHomeFigures>;
