import { SEARCH_BUILD_SQL, SEARCH_SCHEMA_SQL } from '../../search/searchIndexSql';
import type { Migration } from './index';

/**
 * Search indexes of the videos list (issue 3 performance): distinct transcript texts with a trigram index and the texts
 * each video says, and a log of writes the in-memory list index follows. See src/server/search/searchIndexSql.ts.
 */
export const migration005VideoSearch: Migration = {
  version: 5,
  name: 'video_search',
  up: `${SEARCH_SCHEMA_SQL}\n${SEARCH_BUILD_SQL}`,
};
