import type { SqlClient } from '../db/sqlClient';
import { createAssistantRepositories } from './assistant/index';
import { createChatStore } from './chat/chatStore';
import { createBrandChangeLog } from './changes/brandChangeLog';
import { createHomeRepositories } from './home/index';
import { createLimiterAttemptsRepository } from './limiterAttemptsRepository';
import { createRepositories } from './index';
import { createPublishingRepositories } from './publishing/index';
import { createReportRepositories } from './reports/index';
import { createVideoRepositories } from './videos/index';

/**
 * The store layer, built once per database on either engine's client: every repository the routes and services use.
 * Nothing outside the store layer (repositories/, search/, db/, seed/) holds the database client: it goes in here and
 * stays here.
 */
export function createStore(sql: SqlClient, now: () => Date) {
  const repos = createRepositories(sql);
  const videos = createVideoRepositories(sql);
  const home = createHomeRepositories(sql, videos.index);
  return {
    sql,
    repos,
    /** The videos repositories and their one in-memory list index. */
    videos,
    home,
    reports: createReportRepositories(sql, home.rows, videos.index),
    publishing: createPublishingRepositories(sql),
    assistant: createAssistantRepositories(sql, now),
    chat: createChatStore(sql),
    /** The sign-in, account-probe and submission limiters' attempts, shared by every instance on the database. */
    limiterAttempts: createLimiterAttemptsRepository(sql),
    /** The brand change log the live streams read (issue 29). */
    changes: createBrandChangeLog(sql),
  };
}
export type Store = ReturnType<typeof createStore>;
