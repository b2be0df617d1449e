import type Database from 'better-sqlite3';
import type { SqlClient } from '../../db/sqlClient';
import { createCompetitorLookup } from '../products/index';
import { createNotesRepository } from '../notesRepository';
import { createCreatorDetailRepository } from './creatorDetailRepository';
import { createCreatorListRepository } from './creatorListRepository';

/**
 * Every creators repository on one database; created once per app. They run on `sql` (either engine); the competitor
 * lookup stays on `db` while the acting-brand check that reads it (routes/main/videos/videoAccess.ts) is synchronous.
 */
export function createCreatorRepositories(db: Database.Database, sql: SqlClient) {
  return {
    list: createCreatorListRepository(sql),
    detail: createCreatorDetailRepository(sql),
    notes: createNotesRepository(sql, 'influencer'),
    competitorsOf: createCompetitorLookup(db),
  };
}
export type CreatorRepositories = ReturnType<typeof createCreatorRepositories>;
