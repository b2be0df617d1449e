import type { FastifyRequest } from 'fastify';
import { notFound, unauthorized } from '../http/httpError';
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

function valuesOf(source: unknown, key: string): string[] {
  if (typeof source !== 'object' || source === null || !(key in source)) return [];
  const value = (source as Record<string, unknown>)[key];
  const list = Array.isArray(value) ? value : [value];
  return list.filter((item) => item !== undefined && item !== null && item !== '').map(String);
}

/**
 * The client sends its brand and user ids (bId, uId) with nearly every call. Whatever the route declares,
 * a `brand_id` the user may not read, or a `user_id` other than the token's, answers 404.
 */
export function enforceIdentityParams(request: FastifyRequest, auth: AuthContext): void {
  for (const source of [request.query, request.body]) {
    for (const brandId of valuesOf(source, 'brand_id')) {
      if (!auth.readableBrandIds.includes(brandId)) throw notFound();
    }
    for (const userId of valuesOf(source, 'user_id')) {
      if (userId !== auth.userId) throw notFound();
    }
  }
}
