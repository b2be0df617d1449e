import type { SqlClient } from '../../db/sqlClient';
import { createConversationsRepository } from './conversationsRepository';
import { createQuotedLinesRepository } from './quotedLinesRepository';

/** The assistant's repositories (issue 13): conversations and the transcript lines its answers quote. */
export function createAssistantRepositories(sql: SqlClient, now: () => Date) {
  return {
    conversations: createConversationsRepository(sql, now),
    lines: createQuotedLinesRepository(sql),
  };
}
export type AssistantRepositories = ReturnType<typeof createAssistantRepositories>;
