import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServerContext } from '../../context';
import { defineRoute } from '../../http/defineRoute';
import type { AssistantContext } from './assistantSchema';
import type { AssistantService } from './assistantResolvers';

/** Tokens a query may have (a parse of more is stopped early: the body limit alone still allows a huge one). */
const MAX_QUERY_TOKENS = 5000;

const GraphqlRequestSchema = z.object({
  query: z.string().min(1).max(100_000),
  variables: z.record(z.string(), z.unknown()).nullish(),
  operationName: z.string().max(200).nullish(),
});

const loadModules = () => Promise.all([import('graphql'), import('./assistantSchema'), import('./assistantResolvers'), import('./queryLimits')]);

/** The assistant's GraphQL endpoint (mounted at SERVICE_PREFIXES.graphql): POST only, bearer required. */
export async function graphqlPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  let service: AssistantService | null = null;
  // GraphQL and the assistant load with the first query: a start that never asks the assistant does not carry them.
  let modules: ReturnType<typeof loadModules> | null = null;
  defineRoute(app, {
    method: 'POST',
    url: '/',
    summary: 'Assistant GraphQL queries and mutations',
    auth: 'bearer',
    body: GraphqlRequestSchema,
    handler: async ({ body, auth }) => {
      modules ??= loadModules();
      const [{ parse, validate, specifiedRules, execute, GraphQLError }, { assistantRoot, assistantSchema }, { createAssistantService }, { queryLimitsRule }] = await modules;
      service ??= createAssistantService(ctx);
      // GraphQL reports its own errors inside a 200 answer, as clients such as Apollo expect.
      let document;
      try {
        document = parse(body.query, { maxTokens: MAX_QUERY_TOKENS });
      } catch (error) {
        return { errors: [error instanceof GraphQLError ? error.toJSON() : { message: 'The query could not be read.' }] };
      }
      const invalid = validate(assistantSchema, document, [...specifiedRules, queryLimitsRule]);
      if (invalid.length > 0) return { errors: invalid.map((error) => error.toJSON()) };
      const contextValue: AssistantContext = { auth, service };
      return execute({
        schema: assistantSchema,
        document,
        rootValue: assistantRoot,
        contextValue,
        variableValues: body.variables ?? undefined,
        operationName: body.operationName ?? undefined,
      });
    },
  });
}
