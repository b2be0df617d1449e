import type Database from 'better-sqlite3';
import type { BrandScope } from '../repositories/videos/videoScope';
import type { VideoTab } from '../repositories/videos/videoTypes';
import type { VideoColumns } from './videoColumns';

/** One brand's per-video state that is not in the videos row: marks, removals, campaign submissions and notes. */
export interface BrandMarks {
  favorite: Set<number>;
  flag: Set<number>;
  trash: Set<number>;
  removed: Set<number>;
  campaign: Set<number>;
  noted: Set<number>;
}

/** Reads a brand's marks, removals, campaign videos and note targets as sets of video ordinals (small per brand). */
export function createBrandMarksReader(db: Database.Database) {
  const marks = db.prepare("SELECT mark, target_id FROM marks WHERE kind = 'video' AND brand_id = ?").raw();
  const removed = db.prepare('SELECT video_id FROM video_removals WHERE brand_id = ?').pluck();
  const campaign = db.prepare('SELECT cv.video_id FROM campaign_videos cv JOIN campaigns c ON c.id = cv.campaign_id WHERE c.brand_id = ?').pluck();
  const noted = db.prepare("SELECT target_id FROM notes WHERE kind = 'video' AND brand_id = ?").pluck();
  const noteLike = db.prepare("SELECT target_id FROM notes WHERE kind = 'video' AND brand_id = ? AND content LIKE ? ESCAPE '\\'").pluck();

  const ordinals = (columns: VideoColumns, ids: readonly string[]): Set<number> => {
    const result = new Set<number>();
    for (const id of ids) {
      const ordinal = columns.ordOf.get(id);
      if (ordinal !== undefined) result.add(ordinal);
    }
    return result;
  };

  return {
    /** The brand's state now. */
    read(columns: VideoColumns, brandId: string): BrandMarks {
      const state: BrandMarks = {
        favorite: new Set(), flag: new Set(), trash: new Set(),
        removed: ordinals(columns, removed.all(brandId) as string[]),
        campaign: ordinals(columns, campaign.all(brandId) as string[]),
        noted: ordinals(columns, noted.all(brandId) as string[]),
      };
      for (const [mark, target] of marks.iterate(brandId) as IterableIterator<[string, string]>) {
        const ordinal = columns.ordOf.get(target);
        if (ordinal === undefined) continue;
        if (mark === 'favorite' || mark === 'flag' || mark === 'trash') state[mark].add(ordinal);
      }
      return state;
    },
    /** Ordinals whose note of the brand contains the (LIKE-escaped, %-wrapped) pattern. */
    noteLike(columns: VideoColumns, brandId: string, pattern: string): Set<number> {
      return ordinals(columns, noteLike.all(brandId, pattern) as string[]);
    },
  };
}

/**
 * The ordinals a tab holds (same meaning as repositories/videos/videoScope.ts `tabSql`, spec §2, §4), from the brands'
 * ordinal lists and the acting brand's marks.
 */
export function tabMembers(
  tab: VideoTab, scope: BrandScope, columns: VideoColumns, byBrand: ReadonlyMap<string, readonly number[]>, state: BrandMarks,
): number[] {
  const hidden = (o: number): boolean => state.trash.has(o) || state.flag.has(o);
  const visibleBrands = new Set([scope.brandId, ...scope.competitorIds]);
  const visible = (o: number): boolean =>
    columns.alive[o] === 1 && visibleBrands.has(columns.brandId[o] ?? '') && !state.removed.has(o);
  const marked = (set: ReadonlySet<number>, keepTrashed: boolean): number[] =>
    [...set].filter((o) => visible(o) && (keepTrashed || !state.trash.has(o))).sort((a, b) => a - b);
  const without = (list: readonly number[], skip: (o: number) => boolean): number[] => {
    const kept: number[] = [];
    for (const o of list) if (!skip(o)) kept.push(o);
    return kept;
  };
  switch (tab) {
    case 'My Videos':
      // Hidden ids are few: test them only when there are any.
      return state.trash.size + state.flag.size === 0 ? [...(byBrand.get(scope.brandId) ?? [])] : without(byBrand.get(scope.brandId) ?? [], hidden);
    case 'Competition':
      return without(scope.competitorIds.flatMap((id) => byBrand.get(id) ?? []), (o) => state.removed.has(o) || hidden(o));
    case 'Favorites':
      return marked(state.favorite, false);
    case 'Flagged':
      return marked(state.flag, false);
    case 'Trash':
      return marked(state.trash, true);
    case 'Campaigns':
      return marked(state.campaign, false);
  }
}
