import { createNotesRepository } from '../notesRepository';
import type Database from 'better-sqlite3';
import type { SqlClient } from '../../db/sqlClient';
import { createCompetitorLookup } from '../products/index';
import { createTranscriptLines } from './transcriptLines';
import { createVideoDetailRepository } from './videoDetailRepository';
import { createVideoEditsRepository } from './videoEditsRepository';
import { createVideoFacets } from './videoFacets';
import { createVideoListRepository } from './videoListRepository';
import { createVideoMarksRepository } from './videoMarksRepository';
import { VideoSearchIndex } from '../../search/videoSearchIndex';

/** Every videos repository on one database; created once per app (statements are prepared once). */
export function createVideoRepositories(db: Database.Database, sql: SqlClient) {
  // One list index serves the list and its filter options.
  const index = new VideoSearchIndex(db, sql);
  return {
    /** The in-memory list index (the home figures read its columns too). */
    index,
    list: createVideoListRepository(db, index, sql),
    facets: createVideoFacets(db, index),
    detail: createVideoDetailRepository(sql, createTranscriptLines(sql, index.transcripts)),
    marks: createVideoMarksRepository(sql),
    edits: createVideoEditsRepository(sql),
    notes: createNotesRepository(sql, 'video'),
    /** Ids of the brands that compete with the given one. */
    competitorsOf: createCompetitorLookup(sql),
  };
}

export type VideoRepositories = ReturnType<typeof createVideoRepositories>;
