import type { SqlClient } from '../../db/sqlClient';
import { createNotesRepository } from '../notesRepository';
import { createProductDetailRepository } from './productDetailRepository';
import { createProductListRepository } from './productListRepository';
import { createProductMarksRepository } from './productMarksRepository';

/** Ids of the brands competing with one (shared by the videos, products, creators and mail campaign routes). */
export function createCompetitorLookup(sql: SqlClient): (brandId: string) => Promise<string[]> {
  return async (brandId) => (await sql.all<{ id: string }>('SELECT id FROM brands WHERE competitor_of = ? ORDER BY id', [brandId])).map((row) => row.id);
}

/** Every products repository on one database; created once per app, on `sql` (either engine). */
export function createProductRepositories(sql: SqlClient) {
  return {
    list: createProductListRepository(sql),
    detail: createProductDetailRepository(sql),
    marks: createProductMarksRepository(sql),
    notes: createNotesRepository(sql, 'product'),
    competitorsOf: createCompetitorLookup(sql),
  };
}
export type ProductRepositories = ReturnType<typeof createProductRepositories>;
