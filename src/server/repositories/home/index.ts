import type Database from 'better-sqlite3';
import { createHomeFigures } from './homeFigures';
import { createWordCloud } from './wordCloud';
import type { VideoSearchIndex } from '../../search/videoSearchIndex';

/** Everything the home dashboard reads, built once per app. */
export function createHomeRepositories(db: Database.Database, index: VideoSearchIndex) {
  // Home stays on the synchronous handle this round, so it reads the brand's name itself (the brands repository is async).
  const brandNameOf = db.prepare<[string], { name: string }>('SELECT name FROM brands WHERE id = ?');
  // ... and its competitors, for the assistant's synchronous scope (the routes use the asynchronous lookup).
  const competitors = db.prepare<[string], { id: string }>('SELECT id FROM brands WHERE competitor_of = ? ORDER BY id');
  return {
    figures: createHomeFigures(db, index),
    wordCloud: createWordCloud(db, index),
    competitorsOf: (brandId: string): string[] => competitors.all(brandId).map((row) => row.id),
    /** A brand's name (empty for one that is gone). */
    brandName: (brandId: string): string => brandNameOf.get(brandId)?.name ?? '',
  };
}
export type HomeRepositories = ReturnType<typeof createHomeRepositories>;
