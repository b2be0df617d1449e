import type { Compared, EngagementWidget, MaybeCompared, HomeKpis, HomeWidget, HomeWidgetBody, SentimentWidget } from '../../../../shared/http/home.schemas';
import { DEMOGRAPHIC_BUCKETS } from '../../../search/columnValues';
import type { Totals } from '../../../repositories/home/homeFigures';
import { bucketsBetween } from '../../../repositories/home/homeWindow';
import type { HomeRepositories } from '../../../repositories/home/index';
import type { ResolvedHome } from './homeScope';

/** Rows of the home lists (top products, recent, trending, creators); reports list as many. */
export const LIST_LIMIT = 10;

const compared = (current: number, previous: number | null | undefined): Compared => ({ current, previous: previous ?? null });
const rate = (totals: Totals): number => (totals.views > 0 ? (totals.likes + totals.comments) / totals.views : 0);

interface Felt {
  positive: number | null;
  negative: number | null;
}

/**
 * A range's mean sentiment over its videos that have one (`VideoColumns.felt`: a video's sentiment is its
 * transcript's), or nulls (shown "—") when none has: an empty window, or one of videos not transcribed yet, has none
 * to show — not 0 % positive and 100 % neutral.
 */
function feltIn(totals: Totals | null): Felt {
  return { positive: totals?.positive ?? null, negative: totals?.negative ?? null };
}

const maybe = (current: number | null, previous: number | null): MaybeCompared => ({ current, previous });

/** The KPIs of the shown brand, each with the previous window's. */
export function homeKpis(repos: HomeRepositories, home: ResolvedHome): HomeKpis {
  const now = repos.figures.totals(home.current);
  const before = home.previous ? repos.figures.totals(home.previous) : null;
  const feltNow = feltIn(now);
  const feltBefore = feltIn(before);
  return {
    videos: compared(now.videos, before?.videos),
    views: compared(now.views, before?.views),
    likes: compared(now.likes, before?.likes),
    comments: compared(now.comments, before?.comments),
    engagement_rate: compared(rate(now), before ? rate(before) : null),
    positive: maybe(feltNow.positive, feltBefore.positive),
    negative: maybe(feltNow.negative, feltBefore.negative),
  };
}

/** The buckets of the window: from its start (or the first one with videos, for all dates) to its end. */
function axis(home: ResolvedHome, buckets: Map<string, Totals>): string[] {
  let start = home.windows.current.start;
  // The keys are each bucket's first day: the least is the first bucket with videos.
  if (start === null) for (const key of buckets.keys()) if (start === null || key < start) start = key;
  return start === null ? [] : bucketsBetween(start, home.windows.current.end, home.windows.unit);
}

function engagement(repos: HomeRepositories, home: ResolvedHome): EngagementWidget {
  const buckets = repos.figures.buckets(home.current, home.windows.unit);
  // The window's totals are its buckets' (whole counts: the same sums in any order).
  const now = { views: 0, likes: 0, comments: 0 };
  for (const bucket of buckets.values()) {
    now.views += bucket.views;
    now.likes += bucket.likes;
    now.comments += bucket.comments;
  }
  const before = home.previous ? repos.figures.totals(home.previous) : null;
  return {
    ...home.scope,
    unit: home.windows.unit,
    buckets: axis(home, buckets).map((start) => {
      const bucket = buckets.get(start);
      return { start, videos: bucket?.videos ?? 0, views: bucket?.views ?? 0, likes: bucket?.likes ?? 0, comments: bucket?.comments ?? 0 };
    }),
    totals: { views: compared(now.views, before?.views), likes: compared(now.likes, before?.likes), comments: compared(now.comments, before?.comments) },
  };
}

function sentiment(repos: HomeRepositories, home: ResolvedHome): SentimentWidget {
  const now = feltIn(repos.figures.totals(home.current));
  const before = feltIn(home.previous ? repos.figures.totals(home.previous) : null);
  const positive = maybe(now.positive, before.positive);
  const negative = maybe(now.negative, before.negative);
  const neutral = (p: number | null, n: number | null) => (p === null || n === null ? null : Math.max(0, 1 - p - n));
  const buckets = repos.figures.buckets(home.current, home.windows.unit);
  return {
    ...home.scope,
    unit: home.windows.unit,
    split: {
      positive,
      negative,
      neutral: maybe(neutral(positive.current, negative.current), neutral(positive.previous, negative.previous)),
    },
    // A bucket without a video that has a sentiment has none (null).
    trend: axis(home, buckets).map((start) => {
      const bucket = buckets.get(start);
      return { start, positive: bucket?.positive ?? null, negative: bucket?.negative ?? null };
    }),
  };
}

/**
 * Every widget of /home/{url}, by its url. Figures come from the in-memory list index (synchronous); the widgets that
 * show rows (names, titles, pictures) read them from the database, so they answer a Promise: await every builder.
 */
export const HOME_WIDGET_BUILDERS: { [W in HomeWidget]: (repos: HomeRepositories, home: ResolvedHome) => HomeWidgetBody<W> | Promise<HomeWidgetBody<W>> } = {
  engagement,
  sentiment,
  top_products: async (repos, home) => {
    const top = await repos.figures.topProducts(home.current, LIST_LIMIT);
    const before = home.previous ? repos.figures.productMentions(home.previous, top.map((row) => row.id)) : null;
    return {
      ...home.scope,
      products: top.map((row) => ({
        id: row.id, name: row.name, image_url: row.image_url, positive: row.positive, negative: row.negative,
        mentions: compared(row.mentions, before ? (before.get(row.id) ?? 0) : null),
      })),
    };
  },
  demographics: (repos, home) => {
    const now = repos.figures.demographics(home.current);
    const before = home.previous ? repos.figures.demographics(home.previous) : null;
    const family = <F extends keyof typeof DEMOGRAPHIC_BUCKETS>(name: F) =>
      Object.fromEntries(DEMOGRAPHIC_BUCKETS[name].map((bucket, index) => {
        const current = now[name][index] ?? null;
        return [bucket, current === null ? null : compared(current, before ? (before[name][index] ?? null) : null)];
      })) as Record<(typeof DEMOGRAPHIC_BUCKETS)[F][number], Compared | null>;
    return { ...home.scope, age_range: family('age_range'), gender: family('gender'), ethnicity: family('ethnicity') };
  },
  recent_trending: async (repos, home) => {
    // The lists' rows at once: on a team server each read is a round trip (the videos' rows in one of them).
    const [{ recent, trending }, creators] = await Promise.all([
      repos.figures.recentAndTrending(home.current, LIST_LIMIT), repos.figures.creators(home.current, LIST_LIMIT),
    ]);
    return { ...home.scope, recent, trending, creators };
  },
  word_cloud: async (repos, home) => ({ ...home.scope, ...(await repos.wordCloud(home.current)) }),
  benchmark: (repos, home) => {
    const brandIds = [home.acting.brandId, ...home.acting.competitorIds];
    const rows = brandIds.map((brandId) => {
      const current = { ...home.current, brandId };
      const previous = home.previous ? { ...home.previous, brandId } : null;
      const now = repos.figures.totals(current);
      const before = previous ? repos.figures.totals(previous) : null;
      return { brandId, now, before, feltNow: feltIn(now), feltBefore: feltIn(before) };
    });
    const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + pick(row), 0);
    const share = (part: number, whole: number) => (whole > 0 ? part / whole : 0);
    const videosNow = sum((row) => row.now.videos);
    const viewsNow = sum((row) => row.now.views);
    const videosBefore = sum((row) => row.before?.videos ?? 0);
    const viewsBefore = sum((row) => row.before?.views ?? 0);
    const names = home.names;
    return {
      ...home.scope,
      brands: rows.map(({ brandId, now, before, feltNow, feltBefore }) => ({
        id: brandId,
        name: names.get(brandId) ?? '',
        competitor: brandId !== home.acting.brandId,
        videos: compared(now.videos, before?.videos),
        views: compared(now.views, before?.views),
        share_of_voice: compared(share(now.videos, videosNow), before ? share(before.videos, videosBefore) : null),
        share_of_views: compared(share(now.views, viewsNow), before ? share(before.views, viewsBefore) : null),
        positive: maybe(feltNow.positive, feltBefore.positive),
        negative: maybe(feltNow.negative, feltBefore.negative),
        engagement_rate: compared(rate(now), before ? rate(before) : null),
      })),
    };
  },
};
