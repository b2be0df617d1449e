import type Database from 'better-sqlite3';
import type { VideoSearchIndex } from '../../search/videoSearchIndex';
import { createReportsRepository } from './reportsRepository';
import { createReportVideos } from './reportVideos';
import { createSpeechPassages } from './speechPassages';

/** Everything the reports read and write, built once per app. */
export function createReportRepositories(db: Database.Database, index: VideoSearchIndex) {
  return {
    saved: createReportsRepository(db),
    videos: createReportVideos(db, index),
    speech: createSpeechPassages(db, index),
  };
}
export type ReportRepositories = ReturnType<typeof createReportRepositories>;
