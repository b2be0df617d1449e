import type { SqlClient } from '../../db/sqlClient';
import { createPublishPayloadsRepository } from '../publishPayloadsRepository';
import { createPublishJobsRepository } from './publishJobsRepository';

/** Publishing's repositories (issue 17): the jobs and the payload files the gateway keeps for them. */
export function createPublishingRepositories(sql: SqlClient) {
  return { jobs: createPublishJobsRepository(sql), payloads: createPublishPayloadsRepository(sql) };
}
export type PublishingRepositories = ReturnType<typeof createPublishingRepositories>;
