import type { SqlClient } from '../../db/sqlClient';
import { createHomeFigures } from './homeFigures';
import { createHomeRows } from './homeRows';
import { createWordCloud } from './wordCloud';
import type { VideoSearchIndex } from '../../search/videoSearchIndex';

/**
 * Everything the home dashboard reads, built once per app: figures from the in-memory list index (synchronous), the
 * rows they show from either engine (`sql`, asynchronous).
 */
export function createHomeRepositories(sql: SqlClient, index: VideoSearchIndex) {
  const rows = createHomeRows(sql);
  return {
    figures: createHomeFigures(rows, index),
    wordCloud: createWordCloud(rows, index),
    competitorsOf: rows.competitorsOf,
    /** A brand's name (empty for one that is gone). */
    brandName: rows.brandName,
    brandNames: rows.brandNames,
    /** The rows shown beside the figures, by id (the reports read the same). */
    rows,
  };
}
export type HomeRepositories = ReturnType<typeof createHomeRepositories>;
