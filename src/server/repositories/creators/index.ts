import type Database from 'better-sqlite3';
import { createCompetitorLookup } from '../products/index';
import { createNotesRepository } from '../notesRepository';
import { createCreatorDetailRepository } from './creatorDetailRepository';
import { createCreatorListRepository } from './creatorListRepository';

/** Every creators repository on one database; created once per app. */
export function createCreatorRepositories(db: Database.Database) {
  return {
    list: createCreatorListRepository(db),
    detail: createCreatorDetailRepository(db),
    notes: createNotesRepository(db, 'influencer'),
    competitorsOf: createCompetitorLookup(db),
  };
}
export type CreatorRepositories = ReturnType<typeof createCreatorRepositories>;
