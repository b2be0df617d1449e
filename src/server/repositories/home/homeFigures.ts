import type Database from 'better-sqlite3';
import { AGE_RANGES, ETHNICITIES, GENDERS, type Platform } from '../../../shared/constants';
import type { BucketUnit } from '../../../shared/http/home.schemas';
import { bucketOf } from './homeWindow';

/** Whose videos, over which created_at range (inclusive; start '' for all dates), on which platform (null: every one). */
export interface HomeRange {
  brandId: string;
  start: string;
  end: string;
  platform: Platform | null;
}

export interface Totals {
  videos: number;
  views: number;
  likes: number;
  comments: number;
  positive: number | null;
  negative: number | null;
}

const WHERE = 'v.brand_id = @brandId AND v.created_at >= @start AND v.created_at <= @end AND (@platform IS NULL OR v.platform = @platform)';

export const DEMOGRAPHIC_FAMILIES = { age_range: AGE_RANGES, gender: GENDERS, ethnicity: ETHNICITIES } as const;
type Family = keyof typeof DEMOGRAPHIC_FAMILIES;

/** One AVG per bucket, over the videos whose share is a number (as the videos list's audience summary counts them). */
const demographicColumns = (Object.keys(DEMOGRAPHIC_FAMILIES) as Family[]).flatMap((family) =>
  DEMOGRAPHIC_FAMILIES[family].map((bucket, index) => {
    const path = `'$.${family}."${bucket}"'`;
    return `AVG(CASE WHEN json_type(v.demographics, ${path}) IN ('integer', 'real') THEN json_extract(v.demographics, ${path}) END) AS "${family}_${index}"`;
  }),
);

/** The home dashboard's figures, straight from the videos, products and creators tables (issue 12). */
export function createHomeFigures(db: Database.Database) {
  const totals = db.prepare(`SELECT COUNT(*) AS videos, COALESCE(SUM(v.views), 0) AS views, COALESCE(SUM(v.likes), 0) AS likes,
    COALESCE(SUM(v.comments), 0) AS comments, AVG(v.sentiment_positive) AS positive, AVG(v.sentiment_negative) AS negative
    FROM videos v WHERE ${WHERE}`);
  const perVideo = db.prepare(`SELECT v.created_at, v.views, v.likes, v.comments, v.sentiment_positive AS positive, v.sentiment_negative AS negative
    FROM videos v WHERE ${WHERE}`);
  const firstCreated = db.prepare(`SELECT MIN(v.created_at) FROM videos v WHERE ${WHERE}`).pluck();
  const products = db.prepare(`SELECT p.id, p.name, p.pictures, COUNT(*) AS mentions, AVG(v.sentiment_positive) AS positive, AVG(v.sentiment_negative) AS negative
    FROM videos v JOIN video_products vp ON vp.video_id = v.id JOIN products p ON p.id = vp.product_id
    WHERE ${WHERE} GROUP BY p.id ORDER BY mentions DESC, p.name, p.id LIMIT @limit`);
  const productMentions = db.prepare(`SELECT COUNT(*) FROM videos v JOIN video_products vp ON vp.video_id = v.id WHERE ${WHERE} AND vp.product_id = @productId`).pluck();
  const demographics = db.prepare(`SELECT ${demographicColumns.join(', ')} FROM videos v WHERE ${WHERE}`);
  const videoColumns = 'v.id AS _id, v.title, v.platform, v.thumbnail_url, c.name AS creator_name, v.views, v.created_at';
  const recent = db.prepare(`SELECT ${videoColumns} FROM videos v LEFT JOIN creators c ON c.id = v.creator_id WHERE ${WHERE} ORDER BY v.created_at DESC, v.id DESC LIMIT @limit`);
  const trending = db.prepare(`SELECT ${videoColumns} FROM videos v LEFT JOIN creators c ON c.id = v.creator_id WHERE ${WHERE} ORDER BY v.views DESC, v.id LIMIT @limit`);
  const creators = db.prepare(`SELECT c.id AS _id, c.name, c.picture, COUNT(*) AS videos, COALESCE(SUM(v.views), 0) AS views
    FROM videos v JOIN creators c ON c.id = v.creator_id WHERE ${WHERE} GROUP BY c.id ORDER BY views DESC, c.name, c.id LIMIT @limit`);

  const params = (range: HomeRange) => ({ brandId: range.brandId, start: range.start, end: range.end, platform: range.platform });

  return {
    totals(range: HomeRange): Totals {
      return totals.get(params(range)) as Totals;
    },

    /** Per bucket: videos, views, likes, comments and the sentiment sums (means are taken by the caller). */
    buckets(range: HomeRange, unit: BucketUnit): Map<string, Totals & { positiveSum: number; negativeSum: number }> {
      const out = new Map<string, Totals & { positiveSum: number; negativeSum: number }>();
      for (const row of perVideo.iterate(params(range)) as IterableIterator<{ created_at: string; views: number; likes: number; comments: number; positive: number; negative: number }>) {
        const key = bucketOf(row.created_at, unit);
        const bucket = out.get(key) ?? { videos: 0, views: 0, likes: 0, comments: 0, positive: null, negative: null, positiveSum: 0, negativeSum: 0 };
        bucket.videos += 1;
        bucket.views += row.views;
        bucket.likes += row.likes;
        bucket.comments += row.comments;
        bucket.positiveSum += row.positive;
        bucket.negativeSum += row.negative;
        out.set(key, bucket);
      }
      return out;
    },

    /** The created_at of the range's first video (where an "all dates" chart starts), or null without videos. */
    firstCreated(range: HomeRange): string | null {
      return (firstCreated.get(params(range)) as string | null) ?? null;
    },

    topProducts(range: HomeRange, limit: number) {
      return (products.all({ ...params(range), limit }) as { id: string; name: string; pictures: string; mentions: number; positive: number; negative: number }[]).map((row) => ({
        ...row,
        image_url: firstPicture(row.pictures),
      }));
    },

    productMentions(range: HomeRange, productId: string): number {
      return productMentions.get({ ...params(range), productId }) as number;
    },

    /** Mean share per family and bucket (null where no video names a number). */
    demographics(range: HomeRange): Record<Family, (number | null)[]> {
      const row = demographics.get(params(range)) as Record<string, number | null>;
      const of = (family: Family) => DEMOGRAPHIC_FAMILIES[family].map((_, index) => row[`${family}_${index}`] ?? null);
      return { age_range: of('age_range'), gender: of('gender'), ethnicity: of('ethnicity') };
    },

    recent: (range: HomeRange, limit: number) => recent.all({ ...params(range), limit }) as HomeVideoRow[],
    trending: (range: HomeRange, limit: number) => trending.all({ ...params(range), limit }) as HomeVideoRow[],
    creators: (range: HomeRange, limit: number) => creators.all({ ...params(range), limit }) as { _id: string; name: string; picture: string | null; videos: number; views: number }[],
  };
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

function firstPicture(json: string): string | null {
  try {
    const pictures = JSON.parse(json) as unknown;
    return Array.isArray(pictures) && typeof pictures[0] === 'string' ? pictures[0] : null;
  } catch {
    return null;
  }
}

export type HomeFigures = ReturnType<typeof createHomeFigures>;
