import type Database from 'better-sqlite3';
import { createCompetitorLookup } from '../products/index';
import { createHomeFigures } from './homeFigures';
import { createWordCloud } from './wordCloud';
import type { VideoSearchIndex } from '../../search/videoSearchIndex';
import type { Repositories } from '../index';

/** Everything the home dashboard reads, built once per app. */
export function createHomeRepositories(db: Database.Database, index: VideoSearchIndex, brands: Repositories['brands']) {
  return {
    figures: createHomeFigures(db, index),
    wordCloud: createWordCloud(db, index),
    competitorsOf: createCompetitorLookup(db),
    /** A brand's name, from the sign-in repositories' brands (empty for one that is gone). */
    brandName: (brandId: string): string => brands.findById(brandId)?.name ?? '',
  };
}
export type HomeRepositories = ReturnType<typeof createHomeRepositories>;
