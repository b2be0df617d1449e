import { createNotesRepository } from '../notesRepository';
import type { SqlClient } from '../../db/sqlClient';
import { createCompetitorLookup } from '../products/index';
import { createTranscriptLines } from './transcriptLines';
import { createVideoDetailRepository } from './videoDetailRepository';
import { createVideoEditsRepository } from './videoEditsRepository';
import { createVideoFacets } from './videoFacets';
import { createVideoListRepository } from './videoListRepository';
import { createVideoMarksRepository } from './videoMarksRepository';
import { VideoSearchIndex } from '../../search/videoSearchIndex';
import { TranscriptIndex } from '../../search/transcriptIndex';
import { warmFirstList } from './firstListWarmUp';
import type { VideoListQuery } from '../../../shared/http/videos.schemas';
import type { DateWindow } from './videoDates';
import type { BrandScope } from './videoScope';

/** Every videos repository on one database; created once per app (statements are prepared once). */
export function createVideoRepositories(sql: SqlClient) {
  // One list index serves the list and its filter options.
  const index = new VideoSearchIndex(sql, new TranscriptIndex(sql));
  const transcripts = createTranscriptLines(sql, index.transcripts);
  const list = createVideoListRepository(sql, index, transcripts);
  const facets = createVideoFacets(sql, index);
  const competitorsOf = createCompetitorLookup(sql);
  return {
    /** The in-memory list index (the home figures read its columns too). */
    index,
    list,
    facets,
    /**
     * The list page with its tab's filter options, both from one catch-up of the index: one check of the store per
     * request (a round trip on a team server), and the page and the options computed from the same state.
     */
    async listWithFilters(scope: BrandScope, query: VideoListQuery, window: DateWindow) {
      await list.ready(scope, query);
      const [listing, tabFacets] = await Promise.all([list.listingNow(scope, query, window), facets.forTabNow(scope, query.tab)]);
      return { ...listing, facets: tabFacets };
    },
    /** Loads the list index and answers the first list a person most likely asks for after a start (firstListWarmUp.ts). */
    warmFirstList: (now: Date) => warmFirstList({ sql, index, list, facets, competitorsOf }, now),
    detail: createVideoDetailRepository(sql, transcripts),
    marks: createVideoMarksRepository(sql),
    edits: createVideoEditsRepository(sql),
    notes: createNotesRepository(sql, 'video'),
    /** Ids of the brands that compete with the given one. */
    competitorsOf,
  };
}

export type VideoRepositories = ReturnType<typeof createVideoRepositories>;
