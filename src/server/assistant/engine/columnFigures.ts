import type { VideoColumns } from '../../search/videoColumns';

/**
 * Figures a read question asks for, from the list index's columns over the window's videos (the same videos and
 * numbers the dashboards count): no SQL per answer, and the cost follows the window's videos.
 */
export interface ProductFigures { code: number; mentions: number; previous: number; positive: number | null; negative: number | null }

/** Mean of a share over the videos that have one (NaN for none). */
function meanOf(ordinals: readonly number[], value: (o: number) => number): number | null {
  let sum = 0;
  let n = 0;
  for (const o of ordinals) {
    const v = value(o);
    if (v === v) {
      sum += v;
      n += 1;
    }
  }
  return n === 0 ? null : sum / n;
}

export const sentimentOf = (columns: VideoColumns, picked: readonly number[]) => ({
  positive: meanOf(picked, (o) => columns.feltPositive(o)), negative: meanOf(picked, (o) => columns.feltNegative(o)),
});

/** Each product's videos among these ordinals (a product listed twice on a video counts once). */
export function productVideos(columns: VideoColumns, picked: readonly number[]): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const o of picked) {
    for (const code of new Set(columns.products.get(o))) {
      const list = out.get(code);
      if (list) list.push(o);
      else out.set(code, [o]);
    }
  }
  return out;
}

/** Per product: mentions now and in the previous window, and the mean sentiment of its videos now. */
export function productFigures(columns: VideoColumns, picked: readonly number[], previous: readonly number[]): ProductFigures[] {
  const before = productVideos(columns, previous);
  return [...productVideos(columns, picked)].map(([code, videos]) => ({
    code, mentions: videos.length, previous: before.get(code)?.length ?? 0, ...sentimentOf(columns, videos),
  }));
}

/** Per creator code: videos and views among these ordinals. */
export function creatorFigures(columns: VideoColumns, picked: readonly number[]): { code: number; videos: number; views: number }[] {
  const out = new Map<number, { code: number; videos: number; views: number }>();
  for (const o of picked) {
    const code = columns.creator[o] ?? -1;
    if (code < 0) continue;
    const row = out.get(code) ?? { code, videos: 0, views: 0 };
    row.videos += 1;
    row.views += columns.views[o] ?? 0;
    out.set(code, row);
  }
  return [...out.values()];
}
