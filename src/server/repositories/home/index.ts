import type Database from 'better-sqlite3';
import { createCompetitorLookup } from '../products/index';
import { createHomeFigures } from './homeFigures';
import { createWordCloud } from './wordCloud';
import type { VideoSearchIndex } from '../../search/videoSearchIndex';
import type { Repositories } from '../index';

/** Everything the home dashboard reads, built once per app. */
export function createHomeRepositories(db: Database.Database, index: VideoSearchIndex, brands: Repositories['brands']) {
  const newest = db.prepare('SELECT MAX(created_at) FROM videos WHERE brand_id = ?').pluck();
  return {
    figures: createHomeFigures(db, index),
    wordCloud: createWordCloud(db, index),
    competitorsOf: createCompetitorLookup(db),
    /** The newest created_at among these brands' videos, or null. */
    newestVideo(brandIds: readonly string[]): string | null {
      let found: string | null = null;
      for (const brandId of brandIds) {
        const at = newest.get(brandId) as string | null;
        if (at !== null && (found === null || at > found)) found = at;
      }
      return found;
    },
    /** A brand's name, from the sign-in repositories' brands (empty for one that is gone). */
    brandName: (brandId: string): string => brands.findById(brandId)?.name ?? '',
  };
}
export type HomeRepositories = ReturnType<typeof createHomeRepositories>;
