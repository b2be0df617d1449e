import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import type { FastifyInstance } from 'fastify';

export interface GqlResult<T> {
  data: T | undefined;
  /** The messages of the GraphQL errors, empty when none. */
  errors: string[];
  codes: string[];
}

/**
 * The assistant's operations through Apollo Client (the renderer's GraphQL client) over real HTTP on loopback, so
 * the tests send exactly what a stranger's client sends. One client per signed-in user; no cache between calls.
 */
export function assistantClient(origin: string, jwt: string) {
  const client = new ApolloClient({
    link: new HttpLink({ uri: `${origin}/graphql`, headers: { authorization: `Bearer ${jwt}` } }),
    cache: new InMemoryCache(),
  });
  const settle = <T>(result: { data?: unknown; error?: unknown }): GqlResult<T> => {
    const errors = (result.error as { errors?: readonly { message: string; extensions?: { code?: unknown } }[] } | undefined)?.errors ?? [];
    return { data: (result.data ?? undefined) as T | undefined, errors: errors.map((e) => e.message), codes: errors.map((e) => String(e.extensions?.code ?? '')) };
  };
  return {
    async query<T>(document: string, variables: Record<string, unknown> = {}): Promise<GqlResult<T>> {
      const { gql } = await import('@apollo/client');
      return settle<T>(await client.query({ query: gql(document), variables, fetchPolicy: 'no-cache', errorPolicy: 'all' }));
    },
    async mutate<T>(document: string, variables: Record<string, unknown> = {}): Promise<GqlResult<T>> {
      const { gql } = await import('@apollo/client');
      return settle<T>(await client.mutate({ mutation: gql(document), variables, fetchPolicy: 'no-cache', errorPolicy: 'all' }));
    },
  };
}

/** The app listening on an ephemeral loopback port; its origin. */
export async function listen(app: FastifyInstance): Promise<string> {
  return app.listen({ host: '127.0.0.1', port: 0 });
}
