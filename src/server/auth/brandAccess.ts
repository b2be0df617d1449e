import type { FastifyRequest } from 'fastify';
import { badRequest, notFound, unauthorized } from '../http/httpError';
import type { AuthContext } from './authContext';

function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/**
 * Throws 404 unless the signed-in user may read the brand (an own brand or a competitor of one).
 * 404 rather than 403 so a caller cannot learn which ids exist.
 */
export function assertBrandAccess(request: FastifyRequest, brandId: string): AuthContext {
  const auth = authOf(request);
  if (!auth.readableBrandIds.includes(brandId)) throw notFound();
  return auth;
}

/** Throws 404 unless the brand is one of the signed-in user's own brands (acting for it, not just reading). */
export function assertOwnBrand(request: FastifyRequest, brandId: string): AuthContext {
  const auth = authOf(request);
  if (!auth.brandIds.includes(brandId)) throw notFound();
  return auth;
}

/**
 * The ids under `key`, which must be a string or a list of strings. Anything else (an object with its own
 * `toString`, a number, a nested list) is refused as the client's mistake before any code turns it into text.
 */
function idsOf(source: unknown, where: 'query' | 'body', key: string): string[] {
  if (typeof source !== 'object' || source === null || !Object.hasOwn(source, key)) return [];
  const value = (source as Record<string, unknown>)[key];
  const list = Array.isArray(value) ? value : [value];
  const ids: string[] = [];
  for (const item of list) {
    if (item === undefined || item === null || item === '') continue;
    if (typeof item !== 'string') throw badRequest(`${where}.${key}: expected a string id`);
    ids.push(item);
  }
  return ids;
}

/** The brand ids a query or a body names under `brand_id` (a string or a list of strings; anything else is a 400). */
export const brandIdsOf = (source: unknown, where: 'query' | 'body'): string[] => idsOf(source, where, 'brand_id');

/**
 * The client sends its brand and user ids (bId, uId) with nearly every call. Whatever the route declares,
 * a `brand_id` the user may not read, or a `user_id` other than the token's, answers 404; one that is not a
 * string answers 400.
 */
export function enforceIdentityParams(request: FastifyRequest, auth: AuthContext): void {
  for (const [where, source] of [['query', request.query], ['body', request.body]] as const) {
    for (const brandId of brandIdsOf(source, where)) {
      if (!auth.readableBrandIds.includes(brandId)) throw notFound();
    }
    for (const userId of idsOf(source, where, 'user_id')) {
      if (userId !== auth.userId) throw notFound();
    }
  }
}
