import type Database from 'better-sqlite3';
import { createConversationsRepository } from './conversationsRepository';
import { createQuotedLinesRepository } from './quotedLinesRepository';

/** The assistant's repositories (issue 13): conversations and the transcript lines its answers quote. */
export function createAssistantRepositories(db: Database.Database, now: () => Date) {
  return {
    conversations: createConversationsRepository(db, now),
    lines: createQuotedLinesRepository(db),
  };
}
export type AssistantRepositories = ReturnType<typeof createAssistantRepositories>;
