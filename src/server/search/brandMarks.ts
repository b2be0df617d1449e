import type { SqlClient } from '../db/sqlClient';
import type { BrandScope } from '../repositories/videos/videoScope';
import type { VideoTab } from '../repositories/videos/videoTypes';
import { foldAscii } from './columnValues';
import type { VideoColumns } from './videoColumns';

/** One brand's per-video state that is not in the videos row: marks, removals, campaign submissions and notes. */
export interface BrandMarks {
  /** Each teammate's own favorites (issue 29: favorites are personal), by user id. */
  favoriteBy: Map<string, Set<number>>;
  flag: Set<number>;
  trash: Set<number>;
  removed: Set<number>;
  campaign: Set<number>;
  noted: Set<number>;
  /** Ordinals whose note of the brand contains a text (SQL's LIKE '%text%': case folded for ASCII letters only). */
  noteContaining(text: string): Set<number>;
}

/** Reads a brand's marks, removals, campaign videos and notes as sets of video ordinals (small per brand), from either engine. */
export function createBrandMarksReader(sql: SqlClient) {
  const ordinals = (columns: VideoColumns, ids: readonly string[]): Set<number> => {
    const result = new Set<number>();
    for (const id of ids) {
      const ordinal = columns.ordOf.get(id);
      if (ordinal !== undefined) result.add(ordinal);
    }
    return result;
  };
  const ids = async (text: string, brandId: string): Promise<string[]> => (await sql.all<{ id: string }>(text, [brandId])).map((row) => row.id);

  return {
    /** The brand's state now. */
    async read(columns: VideoColumns, brandId: string): Promise<BrandMarks> {
      const notes = await sql.all<{ target_id: string; content: string }>("SELECT target_id, content FROM notes WHERE kind = 'video' AND brand_id = ?", [brandId]);
      const noteTexts = notes.flatMap((note) => {
        const ordinal = columns.ordOf.get(note.target_id);
        return ordinal === undefined ? [] : [{ ordinal, folded: foldAscii(note.content) }];
      });
      const state: BrandMarks = {
        favoriteBy: new Map(), flag: new Set(), trash: new Set(),
        removed: ordinals(columns, await ids('SELECT video_id AS id FROM video_removals WHERE brand_id = ?', brandId)),
        campaign: ordinals(columns, await ids('SELECT cv.video_id AS id FROM campaign_videos cv JOIN campaigns c ON c.id = cv.campaign_id WHERE c.brand_id = ?', brandId)),
        noted: new Set(noteTexts.map((note) => note.ordinal)),
        noteContaining: (text) => {
          const folded = foldAscii(text);
          return new Set(noteTexts.filter((note) => note.folded.includes(folded)).map((note) => note.ordinal));
        },
      };
      for (const { mark, target_id } of await sql.all<{ mark: string; target_id: string }>("SELECT mark, target_id FROM marks WHERE kind = 'video' AND brand_id = ?", [brandId])) {
        const ordinal = columns.ordOf.get(target_id);
        if (ordinal === undefined) continue;
        if (mark === 'flag' || mark === 'trash') state[mark].add(ordinal);
      }
      for (const { user_id, target_id } of await sql.all<{ user_id: string; target_id: string }>("SELECT user_id, target_id FROM favorites WHERE kind = 'video' AND brand_id = ?", [brandId])) {
        const ordinal = columns.ordOf.get(target_id);
        if (ordinal === undefined) continue;
        const own = state.favoriteBy.get(user_id) ?? new Set<number>();
        own.add(ordinal);
        state.favoriteBy.set(user_id, own);
      }
      return state;
    },
  };
}

const NO_FAVORITES: ReadonlySet<number> = new Set();

/** The acting person's favorites among the brand's marks. */
export function favoritesOf(state: BrandMarks, scope: BrandScope): ReadonlySet<number> {
  return state.favoriteBy.get(scope.userId ?? '') ?? NO_FAVORITES;
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
      return marked(favoritesOf(state, scope), false);
    case 'Flagged':
      return marked(state.flag, false);
    case 'Trash':
      return marked(state.trash, true);
    case 'Campaigns':
      return marked(state.campaign, false);
  }
}
