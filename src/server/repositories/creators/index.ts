import type { SqlClient } from '../../db/sqlClient';
import { createCompetitorLookup } from '../products/index';
import { createNotesRepository } from '../notesRepository';
import { createCreatorDetailRepository } from './creatorDetailRepository';
import { createCreatorListRepository } from './creatorListRepository';

/** Every creators repository on one database; created once per app, on `sql` (either engine). */
export function createCreatorRepositories(sql: SqlClient) {
  return {
    list: createCreatorListRepository(sql),
    detail: createCreatorDetailRepository(sql),
    notes: createNotesRepository(sql, 'influencer'),
    competitorsOf: createCompetitorLookup(sql),
  };
}
export type CreatorRepositories = ReturnType<typeof createCreatorRepositories>;
