import type { VideoWorkspace } from '../videos/support/videoWorkspace';

/** One GraphQL operation as the workspace's signed-in user, through the app's own HTTP handling; errors thrown. */
export async function graphqlCall<T>(w: VideoWorkspace, query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await w.app.inject({ method: 'POST', url: '/graphql', headers: { authorization: `Bearer ${w.jwt}` }, payload: { query, variables } });
  const body = response.json() as { data?: T; errors?: { message: string }[] };
  if (body.errors) throw new Error(body.errors.map((e) => e.message).join('; '));
  return body.data as T;
}
