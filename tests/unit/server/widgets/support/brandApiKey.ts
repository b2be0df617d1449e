import type { FastifyInstance } from 'fastify';

const issued = new WeakMap<FastifyInstance, Map<string, string>>();

/**
 * The brand's API key as a program holds it: created once through the API (the back end keeps only its hash, so this
 * answer is the one time the key is seen) and reused for the rest of the workspace's tests.
 */
export async function brandApiKey(w: { app: FastifyInstance; jwt: string }, brandId: string): Promise<string> {
  const keys = issued.get(w.app) ?? new Map<string, string>();
  issued.set(w.app, keys);
  const known = keys.get(brandId);
  if (known) return known;
  const response = await w.app.inject({ method: 'POST', url: `/jwt_api/brands/${brandId}/api_key/rotate`, headers: { authorization: `Bearer ${w.jwt}` } });
  const key = (response.json() as { api_key: string }).api_key;
  keys.set(brandId, key);
  return key;
}
