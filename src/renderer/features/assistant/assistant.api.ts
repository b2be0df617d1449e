import { gql, type ApolloClient, type DocumentNode } from '@apollo/client';
import { z } from 'zod';
import type { AskInput } from '../../../shared/assistant/assistant.schemas';
import { AssistantVideoSchema, ConversationSchema, MessageSchema, PromptSchema } from '../../../shared/assistant/assistant.schemas';
import * as ops from '../../../shared/assistant/operations';

const documents = new Map<string, DocumentNode>();
const documentOf = (text: string): DocumentNode => {
  let parsed = documents.get(text);
  if (!parsed) documents.set(text, (parsed = gql(text)));
  return parsed;
};

/** The first GraphQL error's message (a sentence from the server), or the failure itself. */
function messageOf(error: unknown): string {
  const errors = (error as { errors?: readonly { message?: string }[] } | null)?.errors;
  if (errors?.[0]?.message) return errors[0].message;
  if (error instanceof Error && error.name === 'AbortError') return 'Stopped.';
  return error instanceof Error ? error.message : 'The assistant could not be reached.';
}

/**
 * The assistant's operations (spec §7) over the app's Apollo client, each answer checked with the shared schemas.
 * No cache: a conversation is read fresh after every change, as the server holds it.
 */
export function createAssistantApi(client: ApolloClient) {
  async function run<T>(kind: 'query' | 'mutation', text: string, variables: Record<string, unknown>, field: string, schema: z.ZodType<T>, signal?: AbortSignal): Promise<T> {
    try {
      const context = signal ? { fetchOptions: { signal } } : undefined;
      const result = kind === 'query'
        ? await client.query({ query: documentOf(text), variables, fetchPolicy: 'no-cache', context })
        : await client.mutate({ mutation: documentOf(text), variables, fetchPolicy: 'no-cache', context });
      return schema.parse((result.data as Record<string, unknown> | undefined)?.[field]);
    } catch (error) {
      throw new Error(messageOf(error), { cause: error });
    }
  }
  return {
    prompts: () => run('query', ops.GET_ALL_PROMPTS, {}, 'getAllPrompts', z.array(PromptSchema)),
    conversations: (brandId: string) => run('query', ops.GET_CONVERSATIONS, { brandId }, 'getConversations', z.array(ConversationSchema)),
    messages: (conversationId: string) => run('query', ops.GET_MESSAGES, { conversationId }, 'getMessages', z.array(MessageSchema)),
    video: (videoId: string) => run('query', ops.GET_VIDEO, { queryVideo: { _id: videoId } }, 'getVideo', AssistantVideoSchema),
    create: (brandId: string) => run('mutation', ops.CREATE_CONVERSATION, { brandId }, 'createConversation', ConversationSchema),
    ask: (input: Omit<AskInput, 'duration'> & { duration: AskInput['duration'] }, signal: AbortSignal) =>
      run('mutation', ops.ASK_REELSCOPE, input, 'askReelscope', MessageSchema, signal),
    regenerate: (conversationId: string, questionId: string, responseId: string) =>
      run('mutation', ops.REGENERATE, { conversationId, questionId, responseId }, 'regenerate', MessageSchema),
    rename: (conversationId: string, title: string) => run('mutation', ops.UPDATE_CONVERSATION, { conversationId, title }, 'updateConversation', ConversationSchema),
    remove: (conversationId: string) => run('mutation', ops.DELETE_CONVERSATION, { conversationId }, 'deleteConversation', z.boolean()),
    like: (messageId: string, like: number) => run('mutation', ops.LIKE_MESSAGE, { messageId, like }, 'likeMessage', MessageSchema),
    revise: (messageId: string, content: string, cited: string[]) => run('mutation', ops.REVISE_ANSWER, { messageId, content, cited }, 'reviseAnswer', MessageSchema),
  };
}
export type AssistantApi = ReturnType<typeof createAssistantApi>;

/** A GraphQL answer in the shape the remote slices take (they were made for axios responses). */
export const asRemote = <Body>(data: Body) => ({ data, status: 200 });
