import { afterAll, beforeAll } from 'vitest';
import type { AssistantMessage } from '../../../../../src/shared/assistant/assistant.schemas';
import * as ops from '../../../../../src/shared/assistant/operations';
import { openVideoWorkspace, type VideoWorkspace } from '../../videos/support/videoWorkspace';

/** A GraphQL call through the app as the workspace's user; a GraphQL error fails the test with its messages. */
export async function gqlIn<T>(w: VideoWorkspace, query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await w.app.inject({ method: 'POST', url: '/graphql', headers: { authorization: `Bearer ${w.jwt}` }, payload: { query, variables } });
  const body = response.json() as { data?: T; errors?: { message: string }[] };
  if (body.errors) throw new Error(body.errors.map((e) => e.message).join('; '));
  return body.data as T;
}

/**
 * The seeded one-brand workspace the assistant's tests ask questions of, opened before the file's tests and closed
 * after them; `workspace()` is only valid inside a test.
 */
export function useAssistantWorkspace() {
  let w: VideoWorkspace | null = null;
  beforeAll(async () => {
    w = await openVideoWorkspace(1);
  }, 120_000);
  afterAll(async () => w?.close());
  const workspace = (): VideoWorkspace => {
    if (!w) throw new Error('The workspace opens before the tests.');
    return w;
  };
  const gql = <T>(query: string, variables: Record<string, unknown>): Promise<T> => gqlIn<T>(workspace(), query, variables);
  /** A question asked in a conversation of its own (no follow-up context) over a picked window (all dates unless said). */
  async function askAlone(question: string, duration = 'all_dates'): Promise<AssistantMessage> {
    const { createConversation } = await gql<{ createConversation: { _id: string } }>(ops.CREATE_CONVERSATION, { brandId: workspace().brandId });
    return (await gql<{ askReelscope: AssistantMessage }>(ops.ASK_REELSCOPE, {
      brandId: workspace().brandId, conversationId: createConversation._id, duration, userMessage: { content: question, role: 'user' },
    })).askReelscope;
  }
  return { workspace, gql, askAlone };
}
