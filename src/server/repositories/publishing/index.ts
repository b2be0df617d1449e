import type Database from 'better-sqlite3';
import { createPublishPayloadsRepository } from '../publishPayloadsRepository';
import { createPublishJobsRepository } from './publishJobsRepository';

/** Publishing's repositories (issue 17): the jobs and the payload files the gateway keeps for them. */
export function createPublishingRepositories(db: Database.Database) {
  return { jobs: createPublishJobsRepository(db), payloads: createPublishPayloadsRepository(db) };
}
export type PublishingRepositories = ReturnType<typeof createPublishingRepositories>;
