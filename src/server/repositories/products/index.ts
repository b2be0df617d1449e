import type Database from 'better-sqlite3';
import type { SqlClient } from '../../db/sqlClient';
import { createNotesRepository } from '../notesRepository';
import { createProductDetailRepository } from './productDetailRepository';
import { createProductListRepository } from './productListRepository';
import { createProductMarksRepository } from './productMarksRepository';

/** Ids of the brands competing with one (shared by the products, creators and mail campaign routes). */
export function createCompetitorLookup(db: Database.Database): (brandId: string) => string[] {
  const competitors = db.prepare('SELECT id FROM brands WHERE competitor_of = ? ORDER BY id').pluck();
  return (brandId) => competitors.all(brandId) as string[];
}

/**
 * Every products repository on one database; created once per app. They run on `sql` (either engine); the competitor
 * lookup stays on `db` while the acting-brand check that reads it (routes/main/videos/videoAccess.ts) is synchronous.
 */
export function createProductRepositories(db: Database.Database, sql: SqlClient) {
  return {
    list: createProductListRepository(sql),
    detail: createProductDetailRepository(sql),
    marks: createProductMarksRepository(sql),
    notes: createNotesRepository(sql, 'product'),
    competitorsOf: createCompetitorLookup(db),
  };
}
export type ProductRepositories = ReturnType<typeof createProductRepositories>;
