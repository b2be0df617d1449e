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

  type NamedThing { id: ID! name: String! }

  "What an answer read in its question (issue 30), shown as chips: the window is the message's start_date and end_date (window_said: the question's words for it); products and competitor: the subject; concepts: what it asks about (price, texture…); platform, creator (name, lower case) and language (a code): the filters. understood false: nothing could be read, and suggestions are the closest questions that can be answered."
  type Reading {
    window_said: String
    products: [NamedThing!]!
    competitor: NamedThing
    concepts: [String!]!
    platform: String
    creator: String
    language: String
    answer_language: String!
    understood: Boolean!
    suggestions: [String!]!
  }

  "A reading changed on an answer's chips and asked again: it stands for what the question's words name; the window is askReelscope's duration and dates, whatever the words say."
  input ReadingInput {
    products: [ID!]!
    competitor: ID
    platform: String
    creator: String
    language: String
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
    "An answer's reading (null for a question and for answers stored before readings were)."
    reading: Reading
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
    askReelscope(brandId: ID!, conversationId: ID!, duration: String, start_date: String, end_date: String, userMessage: UserMessage!, reading: ReadingInput): Message!
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
