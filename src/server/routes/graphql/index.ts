import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServerContext } from '../../context';
import { defineRoute } from '../../http/defineRoute';
import type { AssistantContext } from './assistantSchema';

const GraphqlRequestSchema = z.object({
  query: z.string().min(1).max(100_000),
  variables: z.record(z.string(), z.unknown()).nullish(),
  operationName: z.string().max(200).nullish(),
});

/** The assistant's GraphQL endpoint (mounted at SERVICE_PREFIXES.graphql): POST only, bearer required. */
export async function graphqlPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  defineRoute(app, {
    method: 'POST',
    url: '/',
    summary: 'Assistant GraphQL queries and mutations',
    auth: 'bearer',
    body: GraphqlRequestSchema,
    handler: async ({ body, auth }) => {
      // GraphQL and the schema load with the first query: a start that never asks the assistant does not carry them.
      const [{ graphql }, { assistantRoot, assistantSchema }] = await Promise.all([import('graphql'), import('./assistantSchema')]);
      const contextValue: AssistantContext = { auth, server: ctx };
      // GraphQL reports its own errors inside a 200 answer, as clients such as Apollo expect.
      return graphql({
        schema: assistantSchema,
        source: body.query,
        rootValue: assistantRoot,
        contextValue,
        variableValues: body.variables ?? undefined,
        operationName: body.operationName ?? undefined,
      });
    },
  });
}
