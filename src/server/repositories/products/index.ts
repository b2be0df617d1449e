import type Database from 'better-sqlite3';
import { createNotesRepository } from '../notesRepository';
import { createProductDetailRepository } from './productDetailRepository';
import { createProductListRepository } from './productListRepository';
import { createProductMarksRepository } from './productMarksRepository';

/** Ids of the brands competing with one (shared by the products, creators and mail campaign routes). */
export function createCompetitorLookup(db: Database.Database): (brandId: string) => string[] {
  const competitors = db.prepare('SELECT id FROM brands WHERE competitor_of = ? ORDER BY id').pluck();
  return (brandId) => competitors.all(brandId) as string[];
}

/** Every products repository on one database; created once per app. */
export function createProductRepositories(db: Database.Database) {
  return {
    list: createProductListRepository(db),
    detail: createProductDetailRepository(db),
    marks: createProductMarksRepository(db),
    notes: createNotesRepository(db, 'product'),
    competitorsOf: createCompetitorLookup(db),
  };
}
export type ProductRepositories = ReturnType<typeof createProductRepositories>;
