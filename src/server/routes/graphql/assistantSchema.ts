import { buildSchema } from 'graphql';
import type { AuthContext } from '../../auth/authContext';
import type { AssistantService } from './assistantResolvers';

/** The assistant's GraphQL schema (spec §3 types, §7 operations; issue 13). */
export const assistantSchema = buildSchema(`
  type Prompt { _id: ID! prompt: String! created_at: String! updated_at: String! }

  type WorkingMessage { content: String! role: String! }

  type Conversation {
    _id: ID!
    brand_id: ID!
    created_at: String!
    updated_at: String!
    title: String!
    working_messages: [WorkingMessage!]!
  }

  "One quoted transcript line; start_ts and end_ts in seconds."
  type SupportingData {
    collection_source: String!
    db_id: String!
    start_ts: Float!
    end_ts: Float!
    source_doc: String!
    source_doc_type: String!
    thumbnail_url: String
    transcript_id_video_id: String!
  }

  type Message {
    _id: ID!
    content: String!
    conversation_id: ID!
    role: String!
    like: Int!
    start_date: String
    end_date: String
    question_id: ID
    created_at: String!
    supporting_data: [SupportingData!]!
  }

  type Video {
    _id: ID!
    title: String!
    platform: String!
    video_url: String
    video_embedded_url: String
    manufacturer_ids: [ID!]!
    analysis_stage: String!
  }

  input UserMessage { content: String! role: String! }
  input VideoQuery { _id: ID! }

  type Query {
    getAllPrompts: [Prompt!]!
    getConversations(brandId: ID!): [Conversation!]!
    getMessages(conversationId: ID!): [Message!]!
    getVideo(queryVideo: VideoQuery!): Video!
  }

  type Mutation {
    createConversation(brandId: ID!): Conversation!
    askReelscope(brandId: ID!, conversationId: ID!, duration: String, start_date: String, end_date: String, userMessage: UserMessage!): Message!
    regenerate(conversationId: ID!, questionId: ID!, responseId: ID!): Message!
    updateConversation(conversationId: ID!, title: String!): Conversation!
    deleteConversation(conversationId: ID!): Boolean!
    likeMessage(like: Int!, messageId: ID!): Message!
    "The text a model server generated from an answer's own lines (the desktop app's generative mode); cited: db_ids of that answer's supporting_data, or of lines its tools returned (real lines of videos the brand may see)."
    reviseAnswer(messageId: ID!, content: String!, cited: [String!]!): Message!
  }
`);

/** What every resolver receives: who asks, and the assistant's service (built once per app). */
export interface AssistantContext {
  auth: AuthContext;
  service: AssistantService;
}

type Args = Record<string, unknown>;
type Resolver = (args: Args, context: AssistantContext) => unknown;
const call = (name: keyof AssistantService): Resolver => (args, context) => (context.service[name] as (auth: AuthContext, args: Args) => unknown)(context.auth, args);

/** Root resolvers: one per field of Query and Mutation, each a method of the service with the caller's auth. */
export const assistantRoot: Record<string, Resolver> = Object.fromEntries(
  (['getAllPrompts', 'getConversations', 'getMessages', 'getVideo', 'createConversation', 'askReelscope', 'regenerate', 'updateConversation', 'deleteConversation', 'likeMessage', 'reviseAnswer'] as const)
    .map((name) => [name, call(name)]),
);
