import type { SqlClient } from '../../db/sqlClient';
import type { VideoSearchIndex } from '../../search/videoSearchIndex';
import type { HomeRows } from '../home/homeRows';
import { createReportsRepository } from './reportsRepository';
import { createReportVideos } from './reportVideos';
import { createSpeechPassages } from './speechPassages';

/**
 * Everything the reports read and write, built once per app: saved reports and the rows their figures show on either
 * engine (`sql`, `rows`); the figures from the in-memory list index; a speech report's lines from the transcript
 * lines (either engine).
 */
export function createReportRepositories(sql: SqlClient, rows: HomeRows, index: VideoSearchIndex) {
  return {
    saved: createReportsRepository(sql),
    videos: createReportVideos(rows, index),
    speech: createSpeechPassages(sql, rows, index),
  };
}
export type ReportRepositories = ReturnType<typeof createReportRepositories>;
