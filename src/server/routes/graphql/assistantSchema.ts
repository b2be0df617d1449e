import { buildSchema } from 'graphql';
import type { AuthContext } from '../../auth/authContext';
import type { ServerContext } from '../../context';

/** The assistant's GraphQL schema (spec §7 Assistant). Later issues add conversations and messages. */
export const assistantSchema = buildSchema(`
  type Prompt {
    _id: ID!
    prompt: String!
    created_at: String!
    updated_at: String!
  }

  type Query {
    getAllPrompts: [Prompt!]!
  }
`);

/** What every resolver receives. */
export interface AssistantContext {
  auth: AuthContext;
  server: ServerContext;
}

interface Prompt {
  _id: string;
  prompt: string;
  created_at: string;
  updated_at: string;
}

/** Root resolvers, one per field of Query (and later Mutation). */
export const assistantRoot = {
  getAllPrompts: (): Prompt[] => [],
};
